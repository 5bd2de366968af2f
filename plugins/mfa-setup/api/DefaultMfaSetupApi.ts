import type { ApiClient } from '@core/api/ApiClient';
import { getGoogleProviderInfo } from '@core/auth/api/getGoogleProviderInfo';
import { getJamfProviderInfo } from '@core/auth/api/getJamfProviderInfo';
import { getOktaDetails } from '@core/auth/api/getOktaDetails';
import type { GoogleProviderInfo, JamfProviderInfo, OktaDetails } from '@core/auth/api/providerInfo';

import type { MfaSetupApi, TotpSetup, ValidateOAuth2Body, ValidatePasswordBody } from './MfaSetupApi';

/** With the recovery token; the page shows its own errors. */
const RECOVERY = { authMode: { kind: 'recovery' }, skipGlobalErrors: true } as const;

/** MfaSetupApi over the console's typed API client (the provider look-ups are core's, shared with the sign-in pages). */
export class DefaultMfaSetupApi implements MfaSetupApi {
  constructor(private readonly api: ApiClient) {}

  async validatePassword(body: ValidatePasswordBody): Promise<string> {
    return (await this.api.post('/um/mfa/validatePassword', { body, skipGlobalErrors: true })).token;
  }
  async validateOAuth2(body: ValidateOAuth2Body): Promise<string> {
    return (await this.api.post('/um/mfa/validateOAuth2', { body, skipGlobalErrors: true })).token;
  }
  createTotp(): Promise<TotpSetup> {
    return this.api.put('/um/mfa/totp/create', RECOVERY);
  }
  totpQr(): Promise<Blob> {
    return this.api.get('/um/mfa/totp/qr', { ...RECOVERY, responseType: 'blob' });
  }
  async verifyQr(totpCode: string): Promise<void> {
    await this.api.post('/um/mfa/totp/verifyQr', { body: { totpCode }, ...RECOVERY });
  }
  async deleteTotp(): Promise<void> {
    await this.api.delete('/um/mfa/totp', RECOVERY);
  }
  googleProviderInfo(): Promise<GoogleProviderInfo> {
    return getGoogleProviderInfo(this.api);
  }
  oktaDetails(issuer: string): Promise<OktaDetails> {
    return getOktaDetails(this.api, issuer);
  }
  jamfProviderInfo(email: string): Promise<JamfProviderInfo> {
    return getJamfProviderInfo(this.api, email);
  }
}
