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

import type { GluonAccess } from './GluonAccessService';

/** Every gluon check of spec §6 for one set of permissions. */
export function gluonAccess(perms: readonly string[]): GluonAccess {
  return {
    inspectionAdmin: isInspectionAdmin(perms),
    uploader: isUploader(perms),
    newInspection: hasNewInspectionAccess(perms),
    downloadFiles: canDownloadFiles(perms),
    readConfig: canReadConfig(perms),
    writeConfig: canWriteConfig(perms),
    crashExplorer: hasCrashExplorer(perms),
    processExplorer: hasProcessExplorer(perms),
    rescan: canRescan(perms),
    saasVariant: isSaasVariant(perms),
    upload: canUpload(perms),
    readReports: canReadReports(perms),
    triage: canTriage(perms),
  };
}
