import type { DownloadService } from '@core/downloads/DownloadService';
import type { InstallerOs } from './types';

const OS_NAMES: Record<InstallerOs, string> = { WIN: 'Windows', MAC: 'macOS' };
/** Used only when the answer names no file (the server sends Content-Disposition). */
const FALLBACK_FILE: Record<InstallerOs, string> = { WIN: 'connector-windows.exe', MAC: 'connector-macos.pkg' };

/**
 * GET /gluon-backend/sharedExtractorLinks/{id}/installerExtractor?os=: the installer of a link by
 * its id from the list, through the downloads panel as the spec's 'enterprise installer'. Signed in
 * (not the public wizard): it registers no install and does not count against the link's limit.
 */
export function getLinkInstaller(downloads: DownloadService, id: string, os: InstallerOs): Promise<void> {
  return downloads.start({
    type: 'enterprise_installer',
    titleMessage: `Installer for ${OS_NAMES[os]}`,
    request: {
      method: 'GET',
      url: `/gluon-backend/sharedExtractorLinks/${encodeURIComponent(id)}/installerExtractor?os=${os}`,
      // A refusal is this page's to explain (as the other link calls), not the global "forbidden" screen.
      skipGlobalErrors: [403],
    },
    fileName: FALLBACK_FILE[os],
  });
}
