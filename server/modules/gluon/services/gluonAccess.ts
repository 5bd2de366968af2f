/**
 * Spec §6 for gluon's calls, as pure predicates for `app.authenticate({ allow })`. The console's
 * twins are in plugins/gluon/permissions/checks.ts; the choices the spec leaves open are
 * written in server/modules/gluon/README.md (reports read = results, rule sets = config).
 */
type Perms = readonly string[];

const has = (perms: Perms, resource: string, modes: readonly string[]): boolean => modes.some((m) => perms.includes(`gln#${resource}#${m}`));

/** Inspection admin: gln#rpt#rw, gln#cfg#rw and gln#fl#rw together. */
export function isInspectionAdmin(perms: Perms): boolean {
  return has(perms, 'rpt', ['rw']) && has(perms, 'cfg', ['rw']) && has(perms, 'fl', ['rw']);
}

/** Basic uploader: gln#suv#r, gln#sdv#r and gln#pdv#r, and not admin. */
export function isBasicUploader(perms: Perms): boolean {
  return has(perms, 'suv', ['r']) && has(perms, 'sdv', ['r']) && has(perms, 'pdv', ['r']) && !isInspectionAdmin(perms);
}

/** Uploader: gln#upl#rw and not admin, or basic uploader. They see the upload screen only. */
export function isUploader(perms: Perms): boolean {
  return (has(perms, 'upl', ['rw']) && !isInspectionAdmin(perms)) || isBasicUploader(perms);
}

/** Upload (a new inspection): new-inspection access (gln#fl/upl/ext with w or rw), or an uploader. */
export function canUpload(perms: Perms): boolean {
  return has(perms, 'fl', ['w', 'rw']) || has(perms, 'upl', ['w', 'rw']) || has(perms, 'ext', ['w', 'rw']) || isUploader(perms);
}

/** Devices, inspections, incidents and report exports: gln#rpt#r or rw, and not an uploader. */
export function canReadReports(perms: Perms): boolean {
  return has(perms, 'rpt', ['r', 'rw']) && !isUploader(perms);
}

/** Triage (incident state, a finding marked false positive): gln#rpt#w or rw, and not an uploader. */
export function canTriage(perms: Perms): boolean {
  return has(perms, 'rpt', ['w', 'rw']) && !isUploader(perms);
}

/** File download: gln#fl#r or rw, or admin. */
export function canDownloadFiles(perms: Perms): boolean {
  return has(perms, 'fl', ['r', 'rw']) || isInspectionAdmin(perms);
}

/** Crash explorer: gln#cre#r. */
export function hasCrashExplorer(perms: Perms): boolean {
  return has(perms, 'cre', ['r']);
}

/** Process explorer: gln#pre#r. */
export function hasProcessExplorer(perms: Perms): boolean {
  return has(perms, 'pre', ['r']);
}

/** Rescan: gln#rsn#r. */
export function canRescan(perms: Perms): boolean {
  return has(perms, 'rsn', ['r']);
}

/** Rule sets are gluon configuration: read with gln#cfg#r or rw. */
export function canReadRuleSets(perms: Perms): boolean {
  return has(perms, 'cfg', ['r', 'rw']);
}

/** Importing, enabling, deleting rule sets and suppressing indicators: gln#cfg#w or rw. */
export function canWriteRuleSets(perms: Perms): boolean {
  return has(perms, 'cfg', ['w', 'rw']);
}
