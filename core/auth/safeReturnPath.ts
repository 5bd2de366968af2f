/** Spec §9: the default return path. */
export const DEFAULT_RETURN_PATH = '/gluon';

const ORIGIN = 'http://console.invalid';

/**
 * The same-origin path (`/x?y#z`) a return URL points to, or null when it is absent, absolute,
 * protocol-relative (`//evil`, `/\evil`), carries a scheme (`javascript:`), control characters,
 * backslashes, or hides one of those behind percent-encoding (`/%2F%2Fevil`, `%5C`).
 */
export function sanitizeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  let decoded = raw;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    decoded = next;
  }
  for (const candidate of [raw, decoded]) {
    if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
    if (candidate.includes('\\')) return null;
    // Browsers drop tabs and newlines inside URLs, which would turn `/\t/evil` into `//evil`.
    if (/[\u0000-\u001f\u007f\s]/.test(candidate)) return null;
  }
  let url: URL;
  try {
    url = new URL(raw, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A safe return path or `/gluon`. */
export function safeReturnPathOrDefault(raw: string | null | undefined): string {
  return sanitizeReturnPath(raw) ?? DEFAULT_RETURN_PATH;
}

/**
 * The vendor-IdP handler's rule (spec §4): full URL or unsafe -> /gluon; absent or '/' -> /gluon;
 * a path without 'gluon' is prefixed with /gluon.
 */
export function resolveJamfReturnPath(raw: string | null | undefined): string {
  const path = sanitizeReturnPath(raw);
  if (!path || path === '/') return DEFAULT_RETURN_PATH;
  if (!path.includes('gluon')) return `${DEFAULT_RETURN_PATH}${path}`;
  return path;
}
