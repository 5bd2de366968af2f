import type { ApiBody, ApiResponse } from '@common/api/apiTypes';
import type { GoogleProviderInfo, JamfProviderInfo, OktaDetails } from '@core/auth/api/providerInfo';
import { createServiceToken } from '@core/di/ServiceToken';

export type ValidatePasswordBody = ApiBody<'/um/mfa/validatePassword', 'post'>;
/** The provider's code for the API to exchange (PKCE) and check against the user's identities. */
export type ValidateOAuth2Body = ApiBody<'/um/mfa/validateOAuth2', 'post'>;
/** Provider names of the API (`provider` of /um/mfa/validateOAuth2). */
export type ApiProvider = ValidateOAuth2Body['provider'];
/** A new secret and its recovery codes (shown once). */
export type TotpSetup = ApiResponse<'/um/mfa/totp/create', 'put'>;

/**
 * The two-factor set-up's calls. The checks (password, provider) answer the 10-minute recovery
 * token; the set-up calls go with it (`authMode` recovery, held by the session). The page shows
 * its own errors: a 401 of a recovery call means the token expired.
 */
export interface MfaSetupApi {
  /** Answers the recovery token. */
  validatePassword(body: ValidatePasswordBody): Promise<string>;
  /** Answers the recovery token. */
  validateOAuth2(body: ValidateOAuth2Body): Promise<string>;
  createTotp(): Promise<TotpSetup>;
  /** The QR code of the new secret, a PNG. */
  totpQr(): Promise<Blob>;
  /** Turns MFA on when the code matches. */
  verifyQr(totpCode: string): Promise<void>;
  /** Turns MFA off and forgets remembered devices. */
  deleteTotp(): Promise<void>;
  googleProviderInfo(): Promise<GoogleProviderInfo>;
  oktaDetails(issuer: string): Promise<OktaDetails>;
  jamfProviderInfo(email: string): Promise<JamfProviderInfo>;
}

/** Provided by plugins/mfa-setup/services/mfaSetupServices.ts, loaded with the page. */
export const MfaSetupApiToken = createServiceToken<MfaSetupApi>('mfa-setup.api');
