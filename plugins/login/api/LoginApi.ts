import type { ApiBody, ApiResponse } from '@common/api/apiTypes';
import type { GoogleProviderInfo, JamfProviderInfo, OktaDetails } from '@core/auth/api/providerInfo';
import { createServiceToken } from '@core/di/ServiceToken';

/** Answer of every sign-in call: a session, or a second-factor token (`mfaRequired`). */
export type AuthAnswer = ApiResponse<'/um/login', 'post'>;
export type LoginBody = ApiBody<'/um/login', 'post'>;
/** An ID token the console obtained itself (Okta, Google). */
export type OAuth2LoginBody = ApiBody<'/um/oauth2Login', 'post'>;
export type PasswordRecoveryBody = ApiBody<'/um/passwordRecovery', 'post'>;
export type ValidateCodeBody = ApiBody<'/um/mfa/totp/validateCode', 'post'>;
export type PasskeySignInBody = ApiBody<'/um/passkeys/signIn', 'post'>;
export type PasskeyOptions = ApiResponse<'/um/passkeys/signIn/options', 'post'>['options'];
export type PasskeySecondFactorBody = ApiBody<'/um/mfa/passkey/validate', 'post'>;
export type ValidateRecoveryCodeBody = ApiBody<'/um/mfa/totp/validateRecoveryCode', 'post'>;

/** The authorisation-code exchange at the provider's token endpoint (public client + PKCE): not our API's. */
export interface TokenExchange {
  tokenEndpoint: string;
  code: string;
  codeVerifier: string;
  clientId: string;
  redirectUri: string;
}

/**
 * The sign-in page's calls. All public but the second factor's (the session adds the pending
 * token) and the environment type; the page shows its own errors (spec §8).
 */
export interface LoginApi {
  /** Any failure counts as disabled. */
  passwordRecoveryEnabled(): Promise<boolean>;
  login(body: LoginBody): Promise<AuthAnswer>;
  oauth2Login(body: OAuth2LoginBody): Promise<AuthAnswer>;
  /** Mails a reset link to the account's address. */
  requestPasswordReset(body: PasswordRecoveryBody): Promise<void>;
  /** Answers the ID token; rejects when the provider answers none. */
  exchangeCode(exchange: TokenExchange): Promise<string>;
  validateCode(body: ValidateCodeBody): Promise<AuthAnswer>;
  /** Options of a passwordless passkey sign-in (a fresh single-use challenge). */
  passkeySignInOptions(): Promise<PasskeyOptions>;
  /** Signs in with the browser's answer to those options (both factors). */
  passkeySignIn(body: PasskeySignInBody): Promise<AuthAnswer>;
  /** Options of the second step with a passkey (the user's own passkeys; the session adds the pending token). */
  passkeySecondFactorOptions(): Promise<PasskeyOptions>;
  /** The second step with the browser's answer to those options. */
  passkeySecondFactor(body: PasskeySecondFactorBody): Promise<AuthAnswer>;
  validateRecoveryCode(body: ValidateRecoveryCodeBody): Promise<AuthAnswer>;
  /** null when it cannot be read (the redirect rules then ignore it). */
  environmentType(): Promise<string | null>;
  googleProviderInfo(): Promise<GoogleProviderInfo>;
  oktaDetails(domain: string): Promise<OktaDetails>;
  /** Gives up after `timeoutMs` (spec §9). */
  jamfProviderInfo(emailDomain: string, timeoutMs: number): Promise<JamfProviderInfo>;
}

/** Provided by plugins/login/services/loginServices.ts, loaded with the page (and before the first screen: host/startHost.tsx). */
export const LoginApiToken = createServiceToken<LoginApi>('login.api');
