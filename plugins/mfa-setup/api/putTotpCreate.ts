import type { HttpService } from '@core/http/HttpService';

export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
  recoveryCodes: string[];
}

/** PUT /um/mfa/totp/create (recovery token): a new secret and its recovery codes. */
export async function putTotpCreate(http: HttpService): Promise<TotpSetup> {
  const response = await http.put<TotpSetup>('/um/mfa/totp/create', undefined, { authMode: { kind: 'recovery' }, skipGlobalErrors: true });
  return response.data;
}
