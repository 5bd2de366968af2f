/** The /login query parameters (spec §2). */
export interface LoginQuery {
  returnUrl: string | null;
  /** `true`: sent back by a forced logout of a vendor-IdP session; `false`: after a normal logout. */
  reauth: boolean | null;
  ssoDomain: string | null;
  /** Present: open the Okta domain step; a value other than 'true' pre-fills the domain. */
  okta: string | null;
  /** Back from Okta (through /login/callback): finish the sign-in on okta-waiting. */
  oktaRedirect: boolean;
  /** Back from Google (through /login/callback): same, for Google. */
  googleRedirect: boolean;
  /** Return address that comes with `ssoDomain`. */
  url: string | null;
  /** A token handed over by another application. */
  token: string | null;
  /** Forces the classic username/password form. */
  legacy: boolean;
  /** Set by the callback on failure: title and description of the Callout. */
  error: string | null;
  errorDescription: string | null;
}

function flag(value: string | null): boolean {
  return value !== null && value !== 'false' && value !== '0';
}

export function parseLoginQuery(search: string): LoginQuery {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const text = (name: string) => {
    const value = params.get(name);
    return value === null || value.trim() === '' ? null : value;
  };
  const reauth = params.get('reauth');
  return {
    returnUrl: text('returnUrl'),
    reauth: reauth === null ? null : reauth === 'true',
    ssoDomain: text('ssoDomain'),
    okta: params.has('okta') ? (params.get('okta') ?? '') : null,
    oktaRedirect: flag(params.get('oktaRedirect')),
    googleRedirect: flag(params.get('googleRedirect')),
    url: text('url'),
    token: text('token'),
    legacy: flag(params.get('legacy')),
    error: text('error'),
    errorDescription: text('error_description'),
  };
}

export type LoginStep =
  'login' | 'two-auth' | 'recovery-code' | 'lost-password' | 'okta-client-issuer' | 'okta-waiting' | 'jamf';

/**
 * The step the page opens on. The Jamf screen shows for `ssoDomain` (the callback resolver sends
 * vendor sign-ins there) and for `reauth=true` (a forced logout of a vendor-IdP session), unless
 * `legacy` asks for the classic form.
 */
export function initialStep(query: LoginQuery): LoginStep {
  if (query.oktaRedirect || query.googleRedirect) return 'okta-waiting';
  if (!query.legacy && (query.ssoDomain || query.reauth === true)) return 'jamf';
  if (query.okta !== null) return 'okta-client-issuer';
  return 'login';
}
