import { parsePermission } from './parsePermission';

/**
 * The derived checks of spec §6, as pure functions of the token's permission strings. Each names
 * the exact modes the spec lists; a `rw` permission is not assumed to imply `r` unless it says so.
 */
type Perms = readonly string[];
type Mode = 'r' | 'w' | 'rw';

function has(perms: Perms, module: string, resource: string, modes: readonly Mode[]): boolean {
  return perms.some((value) => {
    const p = parsePermission(value);
    return p !== null && p.module === module && p.resource === resource && modes.includes(p.mode);
  });
}

/** Any valid permission of the module, e.g. `hasPrefix(perms, 'gln')` (a trailing `#` is allowed). */
export function hasPrefix(perms: Perms, prefix: string): boolean {
  const module = prefix.replace(/#$/, '');
  return perms.some((value) => parsePermission(value)?.module === module);
}

/** User write: umg#usr#rw. */
export function canWriteUsers(perms: Perms): boolean {
  return has(perms, 'umg', 'usr', ['rw']);
}

/** Inspection (gluon) admin: gln#rpt#rw, gln#cfg#rw and gln#fl#rw together. */
export function isInspectionAdmin(perms: Perms): boolean {
  return has(perms, 'gln', 'rpt', ['rw']) && has(perms, 'gln', 'cfg', ['rw']) && has(perms, 'gln', 'fl', ['rw']);
}

/** Any user-management access: any umg#usr# permission, or full inspection admin. */
export function hasUserManagementAccess(perms: Perms): boolean {
  return has(perms, 'umg', 'usr', ['r', 'w', 'rw']) || isInspectionAdmin(perms);
}

/** File download: gln#fl#r or rw, or admin. */
export function canDownloadFiles(perms: Perms): boolean {
  return has(perms, 'gln', 'fl', ['r', 'rw']) || isInspectionAdmin(perms);
}

/** Config read: gln#cfg#r or rw. */
export function canReadConfig(perms: Perms): boolean {
  return has(perms, 'gln', 'cfg', ['r', 'rw']);
}

/** Config write: gln#cfg#w or rw. */
export function canWriteConfig(perms: Perms): boolean {
  return has(perms, 'gln', 'cfg', ['w', 'rw']);
}

/** Monitoring admin: mnt#rsc#w. */
export function isMonitoringAdmin(perms: Perms): boolean {
  return has(perms, 'mnt', 'rsc', ['w']);
}

/** Monitoring access: mnt#cfg#rw or mnt#rpt#rw. */
export function hasMonitoringAccess(perms: Perms): boolean {
  return has(perms, 'mnt', 'cfg', ['rw']) || has(perms, 'mnt', 'rpt', ['rw']);
}

/** Crash explorer: gln#cre#r. */
export function hasCrashExplorer(perms: Perms): boolean {
  return has(perms, 'gln', 'cre', ['r']);
}

/** Process explorer: gln#pre#r. */
export function hasProcessExplorer(perms: Perms): boolean {
  return has(perms, 'gln', 'pre', ['r']);
}

/** Rescan: gln#rsn#r. */
export function canRescan(perms: Perms): boolean {
  return has(perms, 'gln', 'rsn', ['r']);
}

/** Basic uploader: gln#suv#r, gln#sdv#r and gln#pdv#r, and not admin. */
export function isBasicUploader(perms: Perms): boolean {
  return (
    has(perms, 'gln', 'suv', ['r']) &&
    has(perms, 'gln', 'sdv', ['r']) &&
    has(perms, 'gln', 'pdv', ['r']) &&
    !isInspectionAdmin(perms)
  );
}

/** Uploader: gln#upl#rw and not admin, or basic uploader. */
export function isUploader(perms: Perms): boolean {
  return (has(perms, 'gln', 'upl', ['rw']) && !isInspectionAdmin(perms)) || isBasicUploader(perms);
}

/** New-inspection access: any of gln#fl#, gln#upl#, gln#ext# with w or rw. */
export function hasNewInspectionAccess(perms: Perms): boolean {
  return (
    has(perms, 'gln', 'fl', ['w', 'rw']) || has(perms, 'gln', 'upl', ['w', 'rw']) || has(perms, 'gln', 'ext', ['w', 'rw'])
  );
}

/** Module enabled: any permission of gln, elc or ntr. */
export function isModuleEnabled(perms: Perms): boolean {
  return hasPrefix(perms, 'gln') || hasPrefix(perms, 'elc') || hasPrefix(perms, 'ntr');
}

/** SaaS variant: no crash explorer, no process explorer and no rescan permission. */
export function isSaasVariant(perms: Perms): boolean {
  return !hasCrashExplorer(perms) && !hasProcessExplorer(perms) && !canRescan(perms);
}
