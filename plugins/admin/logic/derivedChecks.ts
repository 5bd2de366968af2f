import { canWriteUsers, hasUserManagementAccess } from '@common/admin/access';
import {
  canDownloadFiles,
  canReadConfig,
  canRescan,
  canWriteConfig,
  hasCrashExplorer,
  hasNewInspectionAccess,
  hasProcessExplorer,
  isBasicUploader,
  isInspectionAdmin,
  isUploader,
} from '@common/gluon/access';
import { hasMonitoringAccess, isMonitoringAdmin } from '@common/monitoring/access';
import { isModuleEnabled } from '@common/permissions/moduleAccess';

type Perms = readonly string[];

/**
 * The derived checks of spec §6, the very functions the API applies (common/permissions). The
 * permission editor shows live which of them a selection satisfies.
 */
export interface DerivedCheck {
  id: string;
  label: string;
  /** The rule as spec §6 states it. */
  rule: string;
  test: (perms: Perms) => boolean;
}

export const DERIVED_CHECKS: readonly DerivedCheck[] = [
  { id: 'userWrite', label: 'User write', rule: 'umg#usr#rw', test: canWriteUsers },
  {
    id: 'userAccess',
    label: 'User-management access',
    rule: 'any umg#usr# permission, or inspection admin',
    test: hasUserManagementAccess,
  },
  {
    id: 'inspectionAdmin',
    label: 'Inspection admin',
    rule: 'gln#rpt#rw, gln#cfg#rw and gln#fl#rw',
    test: isInspectionAdmin,
  },
  { id: 'fileDownload', label: 'File download', rule: 'gln#fl#r or rw, or admin', test: canDownloadFiles },
  { id: 'configRead', label: 'Config read', rule: 'gln#cfg#r or rw', test: canReadConfig },
  { id: 'configWrite', label: 'Config write', rule: 'gln#cfg#w or rw', test: canWriteConfig },
  { id: 'monitoringAdmin', label: 'Monitoring admin', rule: 'mnt#rsc#w', test: isMonitoringAdmin },
  { id: 'monitoringAccess', label: 'Monitoring access', rule: 'mnt#cfg#rw or mnt#rpt#rw', test: hasMonitoringAccess },
  { id: 'crashExplorer', label: 'Crash explorer', rule: 'gln#cre#r', test: hasCrashExplorer },
  { id: 'processExplorer', label: 'Process explorer', rule: 'gln#pre#r', test: hasProcessExplorer },
  { id: 'rescan', label: 'Rescan', rule: 'gln#rsn#r', test: canRescan },
  { id: 'uploader', label: 'Uploader', rule: 'gln#upl#rw and not admin, or basic uploader', test: isUploader },
  {
    id: 'basicUploader',
    label: 'Basic uploader',
    rule: 'gln#suv#r, gln#sdv#r and gln#pdv#r, and not admin',
    test: isBasicUploader,
  },
  {
    id: 'newInspection',
    label: 'New-inspection access',
    rule: 'gln#fl#w or rw, gln#upl#w or rw, gln#ext#w or rw',
    test: hasNewInspectionAccess,
  },
  { id: 'moduleEnabled', label: 'Module enabled', rule: 'any gln#, elc# or ntr# permission', test: isModuleEnabled },
];

// The presets live in common/admin: SCIM groups on the server map to the same ones.
export { type Preset, PRESETS } from '@common/admin/presets';
