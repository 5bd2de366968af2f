import type { HttpService } from '@core/http/HttpService';

/** POST /globalrulesrepository-backend/suppressions: one indicator suppressed (false positive) with a reason. */
export async function postSuppression(http: HttpService, indicatorId: string, reason: string): Promise<{ findings: number }> {
  return (await http.post<{ findings: number }>('/globalrulesrepository-backend/suppressions', { indicatorId, reason }, { skipGlobalErrors: [400, 404] })).data;
}
