import type { Permission } from './PermissionsService';

const PART = /^[A-Za-z0-9_-]+$/;

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
