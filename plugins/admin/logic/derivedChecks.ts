import { hasPermission, hasPrefix } from '@core/permissions/checks';
import { canWriteUsers, hasUserManagementAccess, isInspectionAdmin } from '../permissions/checks';

type Perms = readonly string[];

/**
 * The derived checks of spec §6: user management's own from permissions/checks.ts, the others
 * restated from the permission strings (plugins never import each other). The permission editor
 * shows live which of them a selection satisfies.
 */
const basicUploader = (p: Perms) => !isInspectionAdmin(p) && (['suv', 'sdv', 'pdv'] as const).every((r) => hasPermission(p, 'gln', r, ['r']));

export interface DerivedCheck {
  id: string;
  label: string;
  /** The rule as spec §6 states it. */
  rule: string;
  test: (perms: Perms) => boolean;
}

export const DERIVED_CHECKS: readonly DerivedCheck[] = [
  { id: 'userWrite', label: 'User write', rule: 'umg#usr#rw', test: canWriteUsers },
  { id: 'userAccess', label: 'User-management access', rule: 'any umg#usr# permission, or inspection admin', test: hasUserManagementAccess },
  { id: 'inspectionAdmin', label: 'Inspection admin', rule: 'gln#rpt#rw, gln#cfg#rw and gln#fl#rw', test: isInspectionAdmin },
  { id: 'fileDownload', label: 'File download', rule: 'gln#fl#r or rw, or admin', test: (p) => hasPermission(p, 'gln', 'fl', ['r', 'rw']) || isInspectionAdmin(p) },
  { id: 'configRead', label: 'Config read', rule: 'gln#cfg#r or rw', test: (p) => hasPermission(p, 'gln', 'cfg', ['r', 'rw']) },
  { id: 'configWrite', label: 'Config write', rule: 'gln#cfg#w or rw', test: (p) => hasPermission(p, 'gln', 'cfg', ['w', 'rw']) },
  { id: 'monitoringAdmin', label: 'Monitoring admin', rule: 'mnt#rsc#w', test: (p) => hasPermission(p, 'mnt', 'rsc', ['w']) },
  { id: 'monitoringAccess', label: 'Monitoring access', rule: 'mnt#cfg#rw or mnt#rpt#rw', test: (p) => hasPermission(p, 'mnt', 'cfg', ['rw']) || hasPermission(p, 'mnt', 'rpt', ['rw']) },
  { id: 'crashExplorer', label: 'Crash explorer', rule: 'gln#cre#r', test: (p) => hasPermission(p, 'gln', 'cre', ['r']) },
  { id: 'processExplorer', label: 'Process explorer', rule: 'gln#pre#r', test: (p) => hasPermission(p, 'gln', 'pre', ['r']) },
  { id: 'rescan', label: 'Rescan', rule: 'gln#rsn#r', test: (p) => hasPermission(p, 'gln', 'rsn', ['r']) },
  { id: 'uploader', label: 'Uploader', rule: 'gln#upl#rw and not admin, or basic uploader', test: (p) => (hasPermission(p, 'gln', 'upl', ['rw']) && !isInspectionAdmin(p)) || basicUploader(p) },
  { id: 'basicUploader', label: 'Basic uploader', rule: 'gln#suv#r, gln#sdv#r and gln#pdv#r, and not admin', test: basicUploader },
  { id: 'newInspection', label: 'New-inspection access', rule: 'gln#fl#w or rw, gln#upl#w or rw, gln#ext#w or rw', test: (p) => (['fl', 'upl', 'ext'] as const).some((r) => hasPermission(p, 'gln', r, ['w', 'rw'])) },
  { id: 'moduleEnabled', label: 'Module enabled', rule: 'any gln#, elc# or ntr# permission', test: (p) => ['gln', 'elc', 'ntr'].some((m) => hasPrefix(p, m)) },
];

export interface Preset {
  id: string;
  label: string;
  permissions: readonly string[];
}

/** One-click selections for the derived roles of spec §6 (each adds the permissions that satisfy it). */
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
