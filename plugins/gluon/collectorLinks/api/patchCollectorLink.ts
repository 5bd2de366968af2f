import type { HttpService } from '@core/http/HttpService';
import type { CollectorLink } from './types';

/** PATCH /gluon-backend/sharedExtractorLinks/{id}: disable or enable a link. */
export async function patchCollectorLink(http: HttpService, id: string, changes: { active: boolean }): Promise<CollectorLink> {
  return (await http.request<CollectorLink>({ method: 'PATCH', url: `/gluon-backend/sharedExtractorLinks/${encodeURIComponent(id)}`, data: changes, skipGlobalErrors: [403] })).data;
}
