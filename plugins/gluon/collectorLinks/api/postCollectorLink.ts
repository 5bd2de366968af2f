import type { HttpService } from '@core/http/HttpService';
import type { CollectorLink, NewLink } from './types';

/** POST /gluon-backend/sharedExtractorLinks: the link's URL is answered once (only its hash is stored). */
export async function postCollectorLink(http: HttpService, link: NewLink): Promise<{ link: CollectorLink; url: string }> {
  const { data } = await http.post<{ link: CollectorLink; url: string }>('/gluon-backend/sharedExtractorLinks', link, { skipGlobalErrors: [403] });
  return { link: data.link, url: data.url };
}
