/**
 * iOS paths come in two spellings: `/var/...` is a symlink to `/private/var/...` (likewise `/tmp`
 * and `/etc`), and logs use both. Indicators and observations are compared in the `/private` form.
 */
const PRIVATE_ALIASES = ['var', 'tmp', 'etc'];

/** Path segments of an absolute device path, lexically normalised; `null` when not absolute. */
export function devicePathSegments(path: string): string[] | null {
  if (!path.startsWith('/')) return null;
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      out.pop();
      continue;
    }
    out.push(segment);
  }
  if (out.length > 0 && PRIVATE_ALIASES.includes(out[0]!)) out.unshift('private');
  return out;
}

/** Canonical string form of an absolute device path (`/private/var/...`); `null` when not absolute. */
export function normalizeDevicePath(path: string): string | null {
  const segments = devicePathSegments(path);
  return segments === null ? null : `/${segments.join('/')}`;
}

/** Last segment of a path (the whole value when it has no slash). */
export function basename(path: string): string {
  const trimmed = path.endsWith('/') ? path.replace(/\/+$/, '') : path;
  const i = trimmed.lastIndexOf('/');
  return i < 0 ? trimmed : trimmed.slice(i + 1);
}
