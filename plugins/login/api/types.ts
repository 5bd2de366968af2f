import type { AuthResult } from '@core/session/SessionService';

/** Answer of `/um/login`, the second-factor calls, `/um/oauth2Login` and `/um/refresh`. */
export type AuthAnswer = AuthResult;

/** Look-up answers of oauth-protocol. */
export interface GoogleProviderInfo {
  publicId: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  nonce: string;
}

export interface OktaDetails {
  clientIssuer: string;
  clientId: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  nonce: string;
}

export interface JamfProviderInfo {
  domain: string;
  publicId: string;
  state?: string;
  nonce: string;
  connectionName?: string;
  customIdp?: boolean;
  authorizationEndpoint: string;
}
