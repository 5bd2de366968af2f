import { hasPermission } from '../permissions/hasPermission';

type Perms = readonly string[];

/** Lists the installed runtime plugins and the trusted keys: umg#plg#r or umg#plg#rw. */
export function canReadRuntimePlugins(perms: Perms): boolean {
  return hasPermission(perms, 'umg', 'plg', ['r', 'rw']);
}

/** Installs and removes runtime plugins: umg#plg#rw. */
export function canWriteRuntimePlugins(perms: Perms): boolean {
  return hasPermission(perms, 'umg', 'plg', ['rw']);
}

/** Whether a user holding `perms` gets a plugin that requires `requires` (any permission starting with `${p}#`). */
export function mayUseRuntimePlugin(perms: Perms, requires: readonly string[]): boolean {
  return perms.some((perm) => requires.some((prefix) => perm.startsWith(`${prefix}#`)));
}
