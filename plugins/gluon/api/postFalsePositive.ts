import type { HttpService } from '@core/http/HttpService';
import type { IncidentDetail } from './types';

/** POST /gluon-backend/findings/{id}/falsePositive: suppresses that indicator for the value seen; answers the incident. */
export async function postFalsePositive(http: HttpService, findingId: string, reason: string): Promise<IncidentDetail> {
  const response = await http.post<{ incident: IncidentDetail }>(`/gluon-backend/findings/${encodeURIComponent(findingId)}/falsePositive`, { reason }, { skipGlobalErrors: [400] });
  return response.data.incident;
}
