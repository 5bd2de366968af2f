/** The three issuers of the development identity provider and their registered clients. */

export type DevIssuerKey = 'google' | 'okta' | 'jamf';

export interface DevIssuerLayout {
  key: DevIssuerKey;
  /** Mount path below the IdP origin; the issuer is origin + mountPath. */
  mountPath: string;
  label: string;
  /** Endpoint paths relative to the issuer, shaped like the real provider's. */
  routes: Record<'authorization' | 'token' | 'jwks' | 'end_session' | 'userinfo', string>;
}

export const DEV_ISSUERS: readonly DevIssuerLayout[] = [
  {
    key: 'google',
    mountPath: '/google',
    label: 'Google (development)',
    routes: {
      authorization: '/o/oauth2/v2/auth',
      token: '/token',
      jwks: '/oauth2/v3/certs',
      end_session: '/logout',
      userinfo: '/v1/userinfo',
    },
  },
  {
    key: 'okta',
    mountPath: '/okta/oauth2/default',
    label: 'Okta (development)',
    routes: {
      authorization: '/v1/authorize',
      token: '/v1/token',
      jwks: '/v1/keys',
      end_session: '/v1/logout',
      userinfo: '/v1/userinfo',
    },
  },
  {
    key: 'jamf',
    mountPath: '/jamf',
    label: 'Jamf ID (development)',
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      jwks: '/.well-known/jwks.json',
      end_session: '/oidc/logout',
      userinfo: '/userinfo',
    },
  },
];

/** Client ids registered at the development issuers (documented in server/devIdp/README.md). */
export const DEV_CLIENT_IDS = {
  /** Public client (PKCE, no secret) used by the console for Google. */
  google: 'dev-console.apps.googleusercontent.com',
  /** Public client (PKCE, no secret) of the development tenant's Okta application. */
  okta: '0oadevconsole0okta0id',
  /** Confidential client of the API for the vendor IdP (JamfAuth0). */
  jamf: 'dev-jamf-api-client',
} as const;
