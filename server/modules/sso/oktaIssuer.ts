const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * An Okta issuer or domain as stored and compared: https (http only for loopback hosts outside
 * production, the documented development exception), no credentials, query or fragment, no
 * trailing slash. Null when unacceptable.
 */
export function normaliseOktaUrl(raw: string, options: { allowLoopbackHttp: boolean }): string | null {
  const url = URL.parse(raw.trim());
  if (!url) return null;
  if (url.username || url.password || url.search || url.hash) return null;
  const httpAllowed = options.allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !httpAllowed) return null;
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Whether `issuer` lives on `domain` (same origin, and under its path when it has one). */
export function issuerOnDomain(issuer: string, domain: string): boolean {
  const i = URL.parse(issuer);
  const d = URL.parse(domain);
  if (!i || !d || i.origin !== d.origin) return false;
  const prefix = d.pathname.replace(/\/+$/, '');
  return prefix === '' || i.pathname === prefix || i.pathname.startsWith(`${prefix}/`);
}
