import type { ApiBody, ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

/** Answer of the link check. */
export type LinkValidation = ApiResponse<'/gluon-backend/sharedExtractorLinks/{id}/validate', 'get'>;
/** Inspection user data (spec §3): phone only when filled. */
export type CollectorUserData = ApiBody<'/gluon-backend/sharedExtractorLinks/{id}', 'post'>;
/** Operating systems the connector exists for (spec §9). */
export type CollectorOs = CollectorUserData['os'];

/** The collector pages' calls; all public (the link or the quick-link token is the credential). */
export interface CollectorApi {
  /** Rejects with 403 and the reason (expired, disabled, limit reached), or 404 for an unknown link. */
  validateLink(linkId: string): Promise<LinkValidation>;
  /**
   * Registers the install with the visitor's details and downloads the installer through the
   * downloads panel (progress in MB, saved under the server's file name). Rejects after the
   * panel shows its error; the error's body is a Blob (readCallFailure reads it).
   */
  downloadConnector(linkId: string, userData: CollectorUserData): Promise<void>;
  /** The installer for the OS a quick-link token names, the token as bearer, through the downloads panel. */
  quickDownload(token: string, os: CollectorOs): Promise<void>;
}

/** Provided by plugins/collector/services/collectorServices.ts, loaded with the pages. */
export const CollectorApiToken = createServiceToken<CollectorApi>('collector.api');
