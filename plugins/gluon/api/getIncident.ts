import type { HttpService } from '@core/http/HttpService';
import type { IncidentDetail } from './types';

/** GET /gluon-backend/incidents/{id}: evidence and timeline. */
export async function getIncident(http: HttpService, incidentId: string): Promise<IncidentDetail> {
  return (await http.get<IncidentDetail>(`/gluon-backend/incidents/${encodeURIComponent(incidentId)}`, { skipGlobalErrors: [404] })).data;
}
