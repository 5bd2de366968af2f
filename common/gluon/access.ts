import { hasPermission } from '../permissions/hasPermission';

/**
 * Gluon's derived checks of spec §6, and gluon's own (upload, reports, triage), as pure functions
 * of the token's permission strings: the console shows a screen or an action when one says yes,
 * the API (`app.authenticate({ allow })`) refuses with 403 when it says no, and
 * tests/contract/permissionAgreement.test.ts holds the two to each other. Each names the exact
 * modes the spec lists. The choices the spec leaves open (reports read = results, rule sets =
 * config) are written in server/services/gluon/README.md.
 *
 * Before the shared contract the API had its own copy (server/services/gluon/gluonAccess.ts, matching exact
 * strings) and the console another (plugins/gluon/permissions/checks.ts, parsing): they agreed on
 * every valid permission. This one parses, so a malformed string never counts.
 */
type Perms = readonly string[];

/** Inspection (gluon) admin: gln#rpt#rw, gln#cfg#rw and gln#fl#rw together. */
export function isInspectionAdmin(perms: Perms): boolean {
  return (
    hasPermission(perms, 'gln', 'rpt', ['rw']) &&
    hasPermission(perms, 'gln', 'cfg', ['rw']) &&
    hasPermission(perms, 'gln', 'fl', ['rw'])
  );
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

/** Uploader: gln#upl#rw and not admin, or basic uploader. They see the upload screen only. */
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

/** Upload (a new inspection): new-inspection access, or an uploader (basic uploaders included). */
export function canUpload(perms: Perms): boolean {
  return hasNewInspectionAccess(perms) || isUploader(perms);
}

/**
 * Upload attached to a known device (`POST /gluon-backend/uploads?deviceId=`): upload and read
 * reports, or the answer (404 or not) would tell an uploader which devices exist. The console's
 * upload screen attaches no device; the API's check is this.
 */
export function canUploadToDevice(perms: Perms): boolean {
  return canUpload(perms) && canReadReports(perms);
}

/** Devices, inspections, incidents and report exports: gln#rpt#r or rw, and not an uploader (who sees the upload screen only). */
export function canReadReports(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'rpt', ['r', 'rw']) && !isUploader(perms);
}

/** Triage (incident state, a finding marked false positive): gln#rpt#w or rw, and not an uploader. */
export function canTriage(perms: Perms): boolean {
  return hasPermission(perms, 'gln', 'rpt', ['w', 'rw']) && !isUploader(perms);
}
