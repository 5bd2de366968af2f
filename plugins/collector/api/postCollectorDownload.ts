import type { DownloadService } from '@core/downloads/DownloadService';
import { fallbackFileName, OS_LABELS } from '../logic/os';
import type { CollectorUserData } from './types';

/**
 * POST /gluon-backend/sharedExtractorLinks/{id} (public): registers the install with the
 * visitor's details and answers the installer, through the downloads panel (progress in MB,
 * saved under the server's file name). Rejects after the panel shows its error.
 */
export function postCollectorDownload(downloads: DownloadService, linkId: string, userData: CollectorUserData): Promise<void> {
  return downloads.start({
    type: 'collector',
    titleMessage: `Connector for ${OS_LABELS[userData.os]}`,
    request: {
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${encodeURIComponent(linkId)}`,
      data: userData,
      authMode: { kind: 'public' },
      skipGlobalErrors: true,
    },
    fileName: fallbackFileName(userData.os),
  });
}
