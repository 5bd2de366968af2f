import type { HttpService } from '@core/http/HttpService';
import type { IncidentDetail, IncidentState } from './types';

/** POST /gluon-backend/incidents/{id}/triage: new state and comment; answers the incident. */
export async function postTriage(http: HttpService, incidentId: string, change: { state: IncidentState; comment: string }): Promise<IncidentDetail> {
  return (await http.post<IncidentDetail>(`/gluon-backend/incidents/${encodeURIComponent(incidentId)}/triage`, change, { skipGlobalErrors: [400] })).data;
}
