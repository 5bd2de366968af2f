import { canReadMacs } from '@common/electron/access';
import {
  canDownloadFiles,
  canReadConfig,
  canReadReports,
  canRescan,
  canTriage,
  canUpload,
  canWriteConfig,
  hasCrashExplorer,
  hasNewInspectionAccess,
  hasProcessExplorer,
  isInspectionAdmin,
  isSaasVariant,
  isUploader,
} from '@common/gluon/access';
import { canReadCollectorLinks, canWriteCollectorLinks } from '@common/gluon/collectorLinkAccess';
import { canViewMonitoring } from '@common/monitoring/access';
import { canHunt } from '@common/neutrino/access';

/**
 * What gluon's pages show or hide, for `useAccess(gluonAccess)`: the checks the API applies
 * (common/gluon/access), and the other products' ones gluon's pages link to. Not imported by the
 * manifest (it is in every first load).
 */
export const gluonAccess = {
  inspectionAdmin: isInspectionAdmin,
  uploader: isUploader,
  newInspection: hasNewInspectionAccess,
  downloadFiles: canDownloadFiles,
  readConfig: canReadConfig,
  writeConfig: canWriteConfig,
  crashExplorer: hasCrashExplorer,
  processExplorer: hasProcessExplorer,
  rescan: canRescan,
  saasVariant: isSaasVariant,
  upload: canUpload,
  readReports: canReadReports,
  triage: canTriage,
  readCollectorLinks: canReadCollectorLinks,
  writeCollectorLinks: canWriteCollectorLinks,
  /** The landing's link to monitoring's charts. */
  monitoring: canViewMonitoring,
  /** An incident's "other devices" link to neutrino's campaign. */
  hunt: canHunt,
  /** A Mac's link to its page in electron (persistence, permissions, processes, storyline). */
  readMacs: canReadMacs,
} as const;
