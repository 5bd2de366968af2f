import { getGoogleProviderInfo } from '@core/auth/api/getGoogleProviderInfo';
import { getJamfProviderInfo } from '@core/auth/api/getJamfProviderInfo';
import { getOktaDetails } from '@core/auth/api/getOktaDetails';
import type { GoogleProviderInfo, JamfProviderInfo, OktaDetails } from '@core/auth/api/providerInfo';
import type { HttpService } from '@core/http/HttpService';

import type { MfaSetupApi, TotpSetup, ValidateOAuth2Body, ValidatePasswordBody } from './MfaSetupApi';

/** With the recovery token; the page shows its own errors. */
const RECOVERY = { authMode: { kind: 'recovery' }, skipGlobalErrors: true } as const;

/** MfaSetupApi over the console's HTTP service (the provider look-ups are core's, shared with the sign-in pages). */
export class DefaultMfaSetupApi implements MfaSetupApi {
  constructor(private readonly http: HttpService) {}

  async validatePassword(body: ValidatePasswordBody): Promise<string> {
    return (await this.http.post<{ token: string }>('/um/mfa/validatePassword', body, { skipGlobalErrors: true })).data
      .token;
  }
  async validateOAuth2(body: ValidateOAuth2Body): Promise<string> {
    return (await this.http.post<{ token: string }>('/um/mfa/validateOAuth2', body, { skipGlobalErrors: true })).data
      .token;
  }
  async createTotp(): Promise<TotpSetup> {
    return (await this.http.put<TotpSetup>('/um/mfa/totp/create', undefined, RECOVERY)).data;
  }
  async totpQr(): Promise<Blob> {
    return (await this.http.get<Blob>('/um/mfa/totp/qr', { ...RECOVERY, responseType: 'blob' })).data;
  }
  async verifyQr(totpCode: string): Promise<void> {
    await this.http.post('/um/mfa/totp/verifyQr', { totpCode }, RECOVERY);
  }
  async deleteTotp(): Promise<void> {
    await this.http.delete('/um/mfa/totp', RECOVERY);
  }
  googleProviderInfo(): Promise<GoogleProviderInfo> {
    return getGoogleProviderInfo(this.http);
  }
  oktaDetails(issuer: string): Promise<OktaDetails> {
    return getOktaDetails(this.http, issuer);
  }
  jamfProviderInfo(email: string): Promise<JamfProviderInfo> {
    return getJamfProviderInfo(this.http, email);
  }
}
