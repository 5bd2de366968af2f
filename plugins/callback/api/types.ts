import type { AuthResult } from '@core/session/SessionService';

export type AuthAnswer = AuthResult;

/** The invitation fields the callback needs (spec §3 "Invite"). */
export interface Invite {
  username: string;
  expired?: boolean;
  allowedLoginMethods?: string[];
}

/** Code-exchange body of oauth-protocol (the API exchanges the code with the vendor IdP). */
export interface CodeSignInBody {
  provider: 'JamfAuth0';
  code: string;
  codeVerifier: string;
  redirectUri: string;
  nonce: string;
  rememberToken?: string;
  /** reCAPTCHA token while captcha is active. */
  captchaToken?: string;
}
