/** Answers of the identity-provider look-ups (docs/sign-in-protocol.md), shared by the sign-in,
 *  callback and two-factor set-up plugins. */
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
