/**
 * Where an identity provider sends the browser back (spec §7 "return path /login/callback"): the
 * console serves the page there (plugins/callback) and sends it as `redirect_uri`; the API
 * accepts no other `redirectUri` for a code exchange, so both build it here.
 */
export const IDP_CALLBACK_PATH = '/login/callback';

/** The callback on `origin` (the console's own, or the API's PUBLIC_URL: the same origin). */
export function idpCallbackUrl(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${IDP_CALLBACK_PATH}`;
}
