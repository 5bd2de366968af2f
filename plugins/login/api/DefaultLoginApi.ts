import { getEnvironmentType } from '@core/auth/api/getEnvironmentType';
import { getJamfProviderInfo } from '@core/auth/api/getJamfProviderInfo';
import type { GoogleProviderInfo, JamfProviderInfo, OktaDetails } from '@core/auth/api/providerInfo';
import type { HttpRequestConfig, HttpService } from '@core/http/HttpService';

import type {
  AuthAnswer,
  LoginApi,
  LoginBody,
  OAuth2LoginBody,
  PasswordRecoveryBody,
  TokenExchange,
  ValidateCodeBody,
  ValidateRecoveryCodeBody,
} from './LoginApi';

const PUBLIC: HttpRequestConfig = { authMode: { kind: 'public' }, skipGlobalErrors: true };
const SECOND_FACTOR: HttpRequestConfig = { authMode: { kind: 'secondFactor' }, skipGlobalErrors: true };

/** LoginApi over the console's HTTP service (the provider look-ups are core's, shared with the other sign-in pages). */
export class DefaultLoginApi implements LoginApi {
  constructor(private readonly http: HttpService) {}

  private async send<T>(url: string, body: unknown, config: HttpRequestConfig): Promise<T> {
    return (await this.http.post<T>(url, body, config)).data;
  }

  passwordRecoveryEnabled(): Promise<boolean> {
    return this.http.get<{ passwordRecoveryEnabled?: boolean }>('/um/passwordRecovery/enabled', PUBLIC).then(
      (response) => response.data?.passwordRecoveryEnabled === true,
      () => false,
    );
  }
  login(body: LoginBody): Promise<AuthAnswer> {
    return this.send('/um/login', body, PUBLIC);
  }
  oauth2Login(body: OAuth2LoginBody): Promise<AuthAnswer> {
    return this.send('/um/oauth2Login', body, PUBLIC);
  }
  async requestPasswordReset(body: PasswordRecoveryBody): Promise<void> {
    await this.http.post('/um/passwordRecovery', body, PUBLIC);
  }
  async exchangeCode({ tokenEndpoint, code, codeVerifier, clientId, redirectUri }: TokenExchange): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: codeVerifier,
    });
    const answer = await this.send<{ id_token?: string } | undefined>(tokenEndpoint, form.toString(), {
      ...PUBLIC,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const idToken = answer?.id_token;
    if (typeof idToken !== 'string' || !idToken) throw new Error('The provider answered without an ID token');
    return idToken;
  }
  validateCode(body: ValidateCodeBody): Promise<AuthAnswer> {
    return this.send('/um/mfa/totp/validateCode', body, SECOND_FACTOR);
  }
  validateRecoveryCode(body: ValidateRecoveryCodeBody): Promise<AuthAnswer> {
    return this.send('/um/mfa/totp/validateRecoveryCode', body, SECOND_FACTOR);
  }
  environmentType(): Promise<string | null> {
    return getEnvironmentType(this.http);
  }
  // The Google and Okta look-ups load with their steps, off the first load of /login.
  async googleProviderInfo(): Promise<GoogleProviderInfo> {
    return (await import('@core/auth/api/getGoogleProviderInfo')).getGoogleProviderInfo(this.http);
  }
  async oktaDetails(domain: string): Promise<OktaDetails> {
    return (await import('@core/auth/api/getOktaDetails')).getOktaDetails(this.http, domain);
  }
  jamfProviderInfo(emailDomain: string, timeoutMs: number): Promise<JamfProviderInfo> {
    return getJamfProviderInfo(this.http, emailDomain, timeoutMs);
  }
}
