import type { HttpService } from '@core/http/HttpService';
import type { LinkPage, LinkSort } from './types';

/** GET /gluon-backend/query-api/sharedExtractorLinks: one page, filtered by name and sorted on the server. */
export async function getCollectorLinks(http: HttpService, q: { page: number; size: number; filter?: string; sort?: LinkSort; order?: 'asc' | 'desc' }): Promise<LinkPage> {
  const params = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));
  return (await http.get<LinkPage>('/gluon-backend/query-api/sharedExtractorLinks', { params })).data;
}
