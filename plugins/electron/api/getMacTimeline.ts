import type { ApiQuery, ApiResponse } from '@common/api/apiTypes';
import type { ApiClient } from '@core/api/ApiClient';

export type MacTimeline = ApiResponse<'/electron-backend/macs/{id}/timeline', 'get'>;
export type TimelineQuery = ApiQuery<'/electron-backend/macs/{id}/timeline', 'get'>;
export type TimelineKind = NonNullable<TimelineQuery['kind']>;

/** GET /electron-backend/macs/{id}/timeline: one page of the Mac's storyline (paged and filtered on the server). */
export function getMacTimeline(api: ApiClient, id: string, query: TimelineQuery): Promise<MacTimeline> {
  return api.get('/electron-backend/macs/{id}/timeline', { path: { id }, query });
}
