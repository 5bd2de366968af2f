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
 * permission editor shows live which of them a selection satisfies, each named by what it lets
 * the user do (an administrator reads "Open monitoring", not "Monitoring access"); the rule's
 * codes are the tooltip.
 */
export interface DerivedCheck {
  id: string;
  /** What the check lets its holder do, as a sentence without codes. */
  label: string;
  /** The rule as spec §6 states it. */
  rule: string;
  test: (perms: Perms) => boolean;
}

export const DERIVED_CHECKS: readonly DerivedCheck[] = [
  { id: 'userWrite', label: 'Invite users and change their permissions', rule: 'umg#usr#rw', test: canWriteUsers },
  {
    id: 'userAccess',
    label: 'Open user administration',
    rule: 'any umg#usr# permission, or inspection admin',
    test: hasUserManagementAccess,
  },
  {
    id: 'inspectionAdmin',
    label: 'Administer gluon (reports, rule sets and files)',
    rule: 'gln#rpt#rw, gln#cfg#rw and gln#fl#rw',
    test: isInspectionAdmin,
  },
  { id: 'fileDownload', label: 'Download original files', rule: 'gln#fl#r or rw, or admin', test: canDownloadFiles },
  { id: 'configRead', label: 'See rule sets and inspection settings', rule: 'gln#cfg#r or rw', test: canReadConfig },
  {
    id: 'configWrite',
    label: 'Change rule sets and inspection settings',
    rule: 'gln#cfg#w or rw',
    test: canWriteConfig,
  },
  { id: 'monitoringAdmin', label: 'Administer monitoring', rule: 'mnt#rsc#w', test: isMonitoringAdmin },
  { id: 'monitoringAccess', label: 'Open monitoring', rule: 'mnt#cfg#rw or mnt#rpt#rw', test: hasMonitoringAccess },
  { id: 'crashExplorer', label: 'Use the crash explorer', rule: 'gln#cre#r', test: hasCrashExplorer },
  { id: 'processExplorer', label: 'Use the process explorer', rule: 'gln#pre#r', test: hasProcessExplorer },
  { id: 'rescan', label: 'Rescan devices', rule: 'gln#rsn#r', test: canRescan },
  {
    id: 'uploader',
    label: 'Upload files for inspection (uploader view)',
    rule: 'gln#upl#rw and not admin, or basic uploader',
    test: isUploader,
  },
  {
    id: 'basicUploader',
    label: 'Basic upload (upload, device and process views only)',
    rule: 'gln#suv#r, gln#sdv#r and gln#pdv#r, and not admin',
    test: isBasicUploader,
  },
  {
    id: 'newInspection',
    label: 'Start new inspections (files, uploads or collector links)',
    rule: 'gln#fl#w or rw, gln#upl#w or rw, gln#ext#w or rw',
    test: hasNewInspectionAccess,
  },
  {
    id: 'moduleEnabled',
    label: 'Open gluon, electron or neutrino',
    rule: 'any gln#, elc# or ntr# permission',
    test: isModuleEnabled,
  },
];

// The presets live in common/admin: SCIM groups on the server map to the same ones.
export { type Preset, PRESETS } from '@common/admin/presets';
