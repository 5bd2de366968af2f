/**
 * One-click permission selections of the user editor (the derived roles of spec §6), and what a
 * SCIM group of the same name grants its members (server/modules/scim).
 */
export interface Preset {
  id: string;
  label: string;
  permissions: readonly string[];
}

export const PRESETS: readonly Preset[] = [
  { id: 'inspectionAdmin', label: 'Inspection admin', permissions: ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'] },
  { id: 'uploader', label: 'Uploader', permissions: ['gln#upl#rw'] },
  { id: 'basicUploader', label: 'Basic uploader', permissions: ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'] },
  { id: 'monitoringAdmin', label: 'Monitoring admin', permissions: ['mnt#rsc#w'] },
  { id: 'monitoringAccess', label: 'Monitoring access', permissions: ['mnt#cfg#rw', 'mnt#rpt#rw'] },
  { id: 'configRead', label: 'Config read', permissions: ['gln#cfg#r'] },
  { id: 'configWrite', label: 'Config write', permissions: ['gln#cfg#w'] },
  { id: 'fileDownload', label: 'File download', permissions: ['gln#fl#r'] },
  { id: 'crashExplorer', label: 'Crash explorer', permissions: ['gln#cre#r'] },
  { id: 'processExplorer', label: 'Process explorer', permissions: ['gln#pre#r'] },
  { id: 'rescan', label: 'Rescan', permissions: ['gln#rsn#r'] },
  { id: 'userWrite', label: 'User write', permissions: ['umg#usr#rw'] },
];
