import type { HttpService } from '@core/http/HttpService';

/** GET /um/passwordRecovery/enabled (public). */
export async function getPasswordRecoveryEnabled(http: HttpService): Promise<boolean> {
  return (await http.get<{ passwordRecoveryEnabled: boolean }>('/um/passwordRecovery/enabled', { authMode: { kind: 'public' } })).data.passwordRecoveryEnabled;
}
