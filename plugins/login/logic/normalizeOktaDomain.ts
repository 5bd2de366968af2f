/**
 * The Okta domain as sent to the details look-up, or null when it cannot be one.
 * `https://` is required and added when absent; plain `http://` is refused except on loopback
 * hosts, the documented exception that lets the development IdP work offline (oauth-protocol).
 */
export function normalizeOktaDomain(input: string): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.username || url.password || !url.hostname) return null;
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return null;
  // Only the origin matters for the look-up; paths like /oauth2/default are the issuer's business.
  return url.origin;
}
