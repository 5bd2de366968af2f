import type { ApiClient } from '@core/api/ApiClient';
import type { DownloadService } from '@core/downloads/DownloadService';

import { fallbackFileName, OS_LABELS } from '../logic/os';
import type { CollectorApi, CollectorOs, CollectorUserData, LinkValidation } from './CollectorApi';

/** Public calls (the link is the credential) whose refusals the pages explain themselves. */
const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true } as const;

/** CollectorApi over the console's typed API client and its downloads panel; the pages show their own errors. */
export class DefaultCollectorApi implements CollectorApi {
  constructor(
    private readonly api: ApiClient,
    private readonly downloads: DownloadService,
  ) {}

  validateLink(linkId: string): Promise<LinkValidation> {
    return this.api.get('/gluon-backend/sharedExtractorLinks/{id}/validate', { path: { id: linkId }, ...PUBLIC });
  }

  downloadConnector(linkId: string, userData: CollectorUserData): Promise<void> {
    return this.downloads.start({
      type: 'collector',
      titleMessage: `Connector for ${OS_LABELS[userData.os]}`,
      request: this.api.requestConfig('post', '/gluon-backend/sharedExtractorLinks/{id}', {
        path: { id: linkId },
        body: userData,
        ...PUBLIC,
      }),
      fileName: fallbackFileName(userData.os),
    });
  }

  quickDownload(token: string, os: CollectorOs): Promise<void> {
    return this.downloads.start({
      type: 'quick_link',
      titleMessage: `Connector for ${OS_LABELS[os]}`,
      request: this.api.requestConfig('get', '/gluon-backend/extractors/quickdownload', {
        authMode: { kind: 'quickLink', token },
        skipGlobalErrors: true,
      }),
      fileName: fallbackFileName(os),
    });
  }
}
