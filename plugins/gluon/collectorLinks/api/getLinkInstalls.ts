import type { HttpService } from '@core/http/HttpService';
import type { CollectorInstall } from './types';

/** GET /gluon-backend/sharedExtractorLinks/{id}/installs: who installed through a link, newest first. */
export async function getLinkInstalls(http: HttpService, id: string): Promise<CollectorInstall[]> {
  return (await http.get<{ items: CollectorInstall[] }>(`/gluon-backend/sharedExtractorLinks/${encodeURIComponent(id)}/installs`)).data.items;
}
