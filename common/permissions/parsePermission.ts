/** Access modes of spec §6. A `rw` permission is not assumed to imply `r` unless a check says so. */
export type PermissionMode = 'r' | 'w' | 'rw';

/** A parsed `module#resource#mode` permission. */
export interface Permission {
  module: string;
  resource: string;
  mode: PermissionMode;
}

const PART = /^[A-Za-z0-9_-]+$/;

/**
 * The form the API stores and grants (`PUT /um/users/{id}/permissions`, invitations): three
 * lower-case letters, two to four, a mode. Narrower than what `parsePermission` reads, so every
 * stored permission parses; the reader stays lenient because tokens of test plugins and
 * generated plugins use other resource names (`xyz#x#r`).
 */
export const PERMISSION_PATTERN = '^[a-z]{3}#[a-z]{2,4}#(r|w|rw)$';

/** `module#resource#mode` with mode r, w or rw; anything else is `null`. */
export function parsePermission(value: unknown): Permission | null {
  if (typeof value !== 'string') return null;
  const parts = value.split('#');
  if (parts.length !== 3) return null;
  const [module, resource, mode] = parts as [string, string, string];
  if (!PART.test(module) || !PART.test(resource)) return null;
  if (mode !== 'r' && mode !== 'w' && mode !== 'rw') return null;
  return { module, resource, mode };
}
