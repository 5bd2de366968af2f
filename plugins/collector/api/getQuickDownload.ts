import type { DownloadService } from '@core/downloads/DownloadService';
import { fallbackFileName, OS_LABELS } from '../logic/os';
import type { CollectorOs } from './types';

/**
 * GET /gluon-backend/extractors/quickdownload with the quick-link token as bearer: the
 * installer for the OS the token names, through the downloads panel.
 */
export function getQuickDownload(downloads: DownloadService, token: string, os: CollectorOs): Promise<void> {
  return downloads.start({
    type: 'quick_link',
    titleMessage: `Connector for ${OS_LABELS[os]}`,
    request: {
      method: 'GET',
      url: '/gluon-backend/extractors/quickdownload',
      authMode: { kind: 'quickLink', token },
      skipGlobalErrors: true,
    },
    fileName: fallbackFileName(os),
  });
}
