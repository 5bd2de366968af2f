import { hasPermission } from '../permissions/hasPermission';

/**
 * Electron's checks (docs/permissions.md), pure functions of the token's permissions: the console
 * shows a screen or an action when one says yes, the API refuses with 403 when it says no, and
 * tests/contract/permissionAgreement.test.ts holds the two to each other.
 */
type Perms = readonly string[];

/** The Macs, their archives' reports and their incidents: elc#rpt#r or rw. */
export function canReadMacs(perms: Perms): boolean {
  return hasPermission(perms, 'elc', 'rpt', ['r', 'rw']);
}

/** Uploading an Aftermath archive: elc#upl#w or rw. */
export function canUploadArchives(perms: Perms): boolean {
  return hasPermission(perms, 'elc', 'upl', ['w', 'rw']);
}

/** Triage of a Mac's incidents and heuristics: elc#rpt#rw. */
export function canTriageMacs(perms: Perms): boolean {
  return hasPermission(perms, 'elc', 'rpt', ['rw']);
}
