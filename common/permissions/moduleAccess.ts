import { hasPrefix } from './hasPermission';

/** The suite modules of spec §6 "module enabled" (monitoring and user management are not among them). */
export const SUITE_MODULES = ['gln', 'elc', 'ntr'] as const;

/** Module enabled: any permission of gln, elc or ntr. */
export function isModuleEnabled(perms: readonly string[]): boolean {
  return SUITE_MODULES.some((module) => hasPrefix(perms, module));
}
