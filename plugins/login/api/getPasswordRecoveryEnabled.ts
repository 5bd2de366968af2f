import type { HttpService } from '@core/http/HttpService';

/** GET /um/passwordRecovery/enabled (public); any failure counts as disabled. */
export async function getPasswordRecoveryEnabled(http: HttpService): Promise<boolean> {
  try {
    const response = await http.get<{ passwordRecoveryEnabled?: boolean }>('/um/passwordRecovery/enabled', {
      authMode: { kind: 'public' },
      skipGlobalErrors: true,
    });
    return response.data?.passwordRecoveryEnabled === true;
  } catch {
    return false;
  }
}
