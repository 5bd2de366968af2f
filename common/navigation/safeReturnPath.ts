const ORIGIN = 'http://console.invalid';

/** Fully percent-decoded (up to three rounds: `%252F` -> `%2F` -> `/`), or null for broken escapes. */
function decodeAll(raw: string): string | null {
  let decoded = raw;
  for (let round = 0; round < 3; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) return decoded;
    decoded = next;
  }
  return decoded;
}

/**
 * `candidate` resolved the way a browser would (against a fixed origin: dot segments removed,
 * `%2e` dots included), or null when it leaves the origin or when its normalised path could
 * be read as protocol-relative (`//evil`) by whatever navigates next.
 */
function normalisedSameOrigin(candidate: string): URL | null {
  // Browsers drop tabs and newlines inside URLs, which would turn `/\t/evil` into `//evil`;
  // a backslash is a slash to them.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point of this check
  if (/[\u0000-\u001f\u007f\s\\]/.test(candidate)) return null;
  if (!candidate.startsWith('/') || candidate.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(candidate, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith('//')) return null;
  return url;
}

/**
 * The same-origin path (`/x?y#z`) a return URL points to, or null when it is absent, absolute,
 * protocol-relative (`//evil`, `/\evil`), carries a scheme (`javascript:`), control characters,
 * backslashes, or reaches one of those after dot segments are resolved (`/.//evil`,
 * `/a/..//evil`, `/%2e%2e//evil`) or percent-encoding is decoded (`/%2F%2Fevil`, `%5C`).
 * Judged on the input as given AND fully decoded, each parsed against a fixed origin first
 * (compare origins, then look at the normalised path); the answer is the normalised path.
 */
export function sanitizeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  const decoded = decodeAll(raw);
  if (decoded === null) return null;
  const url = normalisedSameOrigin(raw);
  if (!url || !normalisedSameOrigin(decoded)) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The answer itself must pass again (it is what navigation will parse): e.g. `/%2e%2e/%2F%2Fevil`
  // normalises to `/%2F%2Fevil`, which decodes to `//evil`.
  const decodedPath = decodeAll(path);
  if (decodedPath === null || !normalisedSameOrigin(path) || !normalisedSameOrigin(decodedPath)) return null;
  return path;
}

/**
 * A safe return path, or `fallback` (spec §9's default return path: the caller derives it from
 * the products' manifests, `PluginRegistry.landing`/`signInTarget`; core names no product).
 */
export function safeReturnPathOrDefault(raw: string | null | undefined, fallback: string): string {
  return sanitizeReturnPath(raw) ?? fallback;
}

/**
 * Keeps a return path inside one product (the vendor IdP's rule of spec §4, for gluon):
 * absent, '/', absolute or unsafe -> `productRoot`; a path not naming the product is put under
 * `productRoot` (`/devices/2` -> `/gluon/devices/2`).
 */
export function resolveProductReturnPath(raw: string | null | undefined, productRoot: string): string {
  const path = sanitizeReturnPath(raw);
  if (!path || path === '/') return productRoot;
  if (!path.includes(productRoot.replace(/^\/+/, ''))) return `${productRoot}${path}`;
  return path;
}
