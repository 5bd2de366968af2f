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
