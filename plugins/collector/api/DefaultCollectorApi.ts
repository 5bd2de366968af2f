import type { DownloadService } from '@core/downloads/DownloadService';
import type { HttpService } from '@core/http/HttpService';

import { fallbackFileName, OS_LABELS } from '../logic/os';
import type { CollectorApi, CollectorOs, CollectorUserData, LinkValidation } from './CollectorApi';

const link = (id: string) => `/gluon-backend/sharedExtractorLinks/${encodeURIComponent(id)}`;

/** CollectorApi over the console's HTTP service and its downloads panel; the pages show their own errors. */
export class DefaultCollectorApi implements CollectorApi {
  constructor(
    private readonly http: HttpService,
    private readonly downloads: DownloadService,
  ) {}

  async validateLink(linkId: string): Promise<LinkValidation> {
    return (
      await this.http.get<LinkValidation>(`${link(linkId)}/validate`, {
        authMode: { kind: 'public' },
        skipGlobalErrors: true,
      })
    ).data;
  }

  downloadConnector(linkId: string, userData: CollectorUserData): Promise<void> {
    return this.downloads.start({
      type: 'collector',
      titleMessage: `Connector for ${OS_LABELS[userData.os]}`,
      request: {
        method: 'POST',
        url: link(linkId),
        data: userData,
        authMode: { kind: 'public' },
        skipGlobalErrors: true,
      },
      fileName: fallbackFileName(userData.os),
    });
  }

  quickDownload(token: string, os: CollectorOs): Promise<void> {
    return this.downloads.start({
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
}
