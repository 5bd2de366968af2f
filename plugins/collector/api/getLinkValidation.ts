import type { HttpService } from '@core/http/HttpService';
import type { LinkValidation } from './types';

/** GET /gluon-backend/sharedExtractorLinks/{id}/validate (public); 403 with the reason, 404 unknown. */
export async function getLinkValidation(http: HttpService, linkId: string): Promise<LinkValidation> {
  const response = await http.get<LinkValidation>(`/gluon-backend/sharedExtractorLinks/${encodeURIComponent(linkId)}/validate`, {
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  return response.data;
}
