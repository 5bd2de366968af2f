import type { AuthResult } from '@core/session/SessionService';

/** Spec §3 "Invite": the first allowed login method is the one offered. */
export interface Invite {
  username: string;
  expired: boolean;
  allowedLoginMethods: string[];
}

/** Answer of `/um/login` and `/um/invite/{id}/setOAuth2`. */
export type AuthAnswer = AuthResult;

/** The code-flow body of docs/sign-in-protocol.md: the API exchanges the code with the provider. */
export interface ProviderCodeBody {
  provider: 'Google' | 'Okta';
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce: string;
  /** reCAPTCHA token while captcha is active. */
  captchaToken?: string;
}

/** GET /um/oauth2LoginProviders/Okta/publicId?invitationId= answer. */
export interface OktaInviteClient {
  clientIssuer: string;
  publicId: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  nonce: string;
}
