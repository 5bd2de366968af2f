import { canReadMacs, canTriageMacs, canUploadArchives } from '@common/electron/access';

/**
 * What electron's pages show or hide, for `useAccess(electronAccess)`: the checks the API applies
 * (common/electron/access). Not imported by the manifest (the pages' chunk holds it).
 */
export const electronAccess = {
  readMacs: canReadMacs,
  upload: canUploadArchives,
  /** Mark a Mac's heuristic benign, reopen it. */
  triage: canTriageMacs,
} as const;
