import { hasPermission } from '@core/permissions/checks';

/**
 * Gluon's derived checks of spec §6, as pure functions of the token's permission strings. Each
 * names the exact modes the spec lists. The manifest's sign-in claims and profile-menu rule use
 * them synchronously; pages read them through GluonAccessService.
 */
type Perms = readonly string[];

/** Inspection (gluon) admin: gln#rpt#rw, gln#cfg#rw and gln#fl#rw together. */
export function isInspectionAdmin(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'rpt', ['rw']) && hasPermission(perms, 'gln', 'cfg', ['rw']) && hasPermission(perms, 'gln', 'fl', ['rw']);
}

/** File download: gln#fl#r or rw, or admin. */
export function canDownloadFiles(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'fl', ['r', 'rw']) || isInspectionAdmin(perms);
}

/** Config read: gln#cfg#r or rw. */
export function canReadConfig(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'cfg', ['r', 'rw']);
}

/** Config write: gln#cfg#w or rw. */
export function canWriteConfig(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'cfg', ['w', 'rw']);
}

/** Crash explorer: gln#cre#r. */
export function hasCrashExplorer(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'cre', ['r']);
}

/** Process explorer: gln#pre#r. */
export function hasProcessExplorer(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'pre', ['r']);
}

/** Rescan: gln#rsn#r. */
export function canRescan(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'rsn', ['r']);
}

/** Basic uploader: gln#suv#r, gln#sdv#r and gln#pdv#r, and not admin. */
export function isBasicUploader(perms: Perms): boolean {
  return (
    hasPermission(perms, 'gln', 'suv', ['r']) &&
    hasPermission(perms, 'gln', 'sdv', ['r']) &&
    hasPermission(perms, 'gln', 'pdv', ['r']) &&
    !isInspectionAdmin(perms)
  );
}

/** Uploader: gln#upl#rw and not admin, or basic uploader. */
export function isUploader(perms: Perms): boolean {
  return (hasPermission(perms, 'gln', 'upl', ['rw']) && !isInspectionAdmin(perms)) || isBasicUploader(perms);
}

/** New-inspection access: any of gln#fl#, gln#upl#, gln#ext# with w or rw. */
export function hasNewInspectionAccess(perms: Perms): boolean {
  return (
    hasPermission(perms, 'gln', 'fl', ['w', 'rw']) ||
    hasPermission(perms, 'gln', 'upl', ['w', 'rw']) ||
    hasPermission(perms, 'gln', 'ext', ['w', 'rw'])
  );
}

/** SaaS variant: no crash explorer, no process explorer and no rescan permission. */
export function isSaasVariant(perms: Perms): boolean {
  return !hasCrashExplorer(perms) && !hasProcessExplorer(perms) && !canRescan(perms);
}

/** Upload: new-inspection access, or an uploader (basic uploaders included). */
export function canUpload(perms: Perms): boolean {
  return hasNewInspectionAccess(perms) || isUploader(perms);
}

/** Devices, incidents and reports: gln#rpt#r or rw, and not an uploader (who sees the upload screen only). */
export function canReadReports(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'rpt', ['r', 'rw']) && !isUploader(perms);
}

/** Triage (incident state, false positives): gln#rpt#w or rw, and not an uploader. */
export function canTriage(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'rpt', ['w', 'rw']) && !isUploader(perms);
}

/** Collector links, read: any gln#ext# permission, or admin (as the API: server/services/accessChecks.ts). */
export function canReadCollectorLinks(perms: Perms): boolean {
  return perms.some((p) => p.startsWith('gln#ext#')) || isInspectionAdmin(perms);
}

/** Collector links, create and change: new-inspection access, and gln#ext#w or rw or admin. */
export function canWriteCollectorLinks(perms: Perms): boolean {
  return hasNewInspectionAccess(perms) && (hasPermission(perms, 'gln', 'ext', ['w', 'rw']) || isInspectionAdmin(perms));
}
