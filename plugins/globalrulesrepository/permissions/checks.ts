import { hasPermission } from '@core/permissions/checks';

/**
 * Rule sets are gluon configuration (spec §6): read with gln#cfg#r or rw, changed with gln#cfg#w
 * or rw. The API checks the same (server/services/gluon/gluonAccess.ts).
 */
export function canReadRuleSets(perms: readonly string[]): boolean {
  return hasPermission(perms, 'gln', 'cfg', ['r', 'rw']);
}

export function canWriteRuleSets(perms: readonly string[]): boolean {
  return hasPermission(perms, 'gln', 'cfg', ['w', 'rw']);
}
