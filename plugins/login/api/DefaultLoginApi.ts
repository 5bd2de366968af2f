import type { ApiClient } from '@core/api/ApiClient';
import { getEnvironmentType } from '@core/auth/api/getEnvironmentType';
import { getJamfProviderInfo } from '@core/auth/api/getJamfProviderInfo';
import type { GoogleProviderInfo, JamfProviderInfo, OktaDetails } from '@core/auth/api/providerInfo';
import type { HttpService } from '@core/http/HttpService';

import type {
  AuthAnswer,
  LoginApi,
  LoginBody,
  OAuth2LoginBody,
  PasskeyOptions,
  PasskeySecondFactorBody,
  PasskeySignInBody,
  PasswordRecoveryBody,
  TokenExchange,
  ValidateCodeBody,
  ValidateRecoveryCodeBody,
} from './LoginApi';

const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true } as const;
const SECOND_FACTOR = { authMode: { kind: 'secondFactor' }, skipGlobalErrors: true } as const;

/**
 * LoginApi over the console's typed API client (the provider look-ups are core's, shared with the
 * other sign-in pages). The code exchange goes to the provider's token endpoint, not a route of our
 * API, so it alone takes the HTTP service.
 */
export class DefaultLoginApi implements LoginApi {
  constructor(
    private readonly api: ApiClient,
    private readonly http: HttpService,
  ) {}

  passwordRecoveryEnabled(): Promise<boolean> {
    return this.api.get('/um/passwordRecovery/enabled', PUBLIC).then(
      (answer) => answer?.passwordRecoveryEnabled === true,
      () => false,
    );
  }
  login(body: LoginBody): Promise<AuthAnswer> {
    return this.api.post('/um/login', { body, ...PUBLIC });
  }
  passkeySignInOptions(): Promise<PasskeyOptions> {
    return this.api.post('/um/passkeys/signIn/options', PUBLIC).then((answer) => answer.options);
  }
  passkeySignIn(body: PasskeySignInBody): Promise<AuthAnswer> {
    return this.api.post('/um/passkeys/signIn', { body, ...PUBLIC });
  }
  oauth2Login(body: OAuth2LoginBody): Promise<AuthAnswer> {
    return this.api.post('/um/oauth2Login', { body, ...PUBLIC });
  }
  async requestPasswordReset(body: PasswordRecoveryBody): Promise<void> {
    await this.api.post('/um/passwordRecovery', { body, ...PUBLIC });
  }
  async exchangeCode({ tokenEndpoint, code, codeVerifier, clientId, redirectUri }: TokenExchange): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: codeVerifier,
    });
    // The provider's answer, not ours: nothing types it, so it is read field by field.
    const { data } = await this.http.post<{ id_token?: unknown } | undefined>(tokenEndpoint, form.toString(), {
      ...PUBLIC,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const idToken = data?.id_token;
    if (typeof idToken !== 'string' || !idToken) throw new Error('The provider answered without an ID token');
    return idToken;
  }
  validateCode(body: ValidateCodeBody): Promise<AuthAnswer> {
    return this.api.post('/um/mfa/totp/validateCode', { body, ...SECOND_FACTOR });
  }
  passkeySecondFactorOptions(): Promise<PasskeyOptions> {
    return this.api.post('/um/mfa/passkey/options', SECOND_FACTOR).then((answer) => answer.options);
  }
  passkeySecondFactor(body: PasskeySecondFactorBody): Promise<AuthAnswer> {
    return this.api.post('/um/mfa/passkey/validate', { body, ...SECOND_FACTOR });
  }
  validateRecoveryCode(body: ValidateRecoveryCodeBody): Promise<AuthAnswer> {
    return this.api.post('/um/mfa/totp/validateRecoveryCode', { body, ...SECOND_FACTOR });
  }
  environmentType(): Promise<string | null> {
    return getEnvironmentType(this.api);
  }
  // The Google and Okta look-ups load with their steps, off the first load of /login.
  async googleProviderInfo(): Promise<GoogleProviderInfo> {
    return (await import('@core/auth/api/getGoogleProviderInfo')).getGoogleProviderInfo(this.api);
  }
  async oktaDetails(domain: string): Promise<OktaDetails> {
    return (await import('@core/auth/api/getOktaDetails')).getOktaDetails(this.api, domain);
  }
  jamfProviderInfo(emailDomain: string, timeoutMs: number): Promise<JamfProviderInfo> {
    return getJamfProviderInfo(this.api, emailDomain, timeoutMs);
  }
}
