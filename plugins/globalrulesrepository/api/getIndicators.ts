import type { HttpService } from '@core/http/HttpService';
import type { IndicatorPage } from './types';

/** GET /globalrulesrepository-backend/ruleSets/{id}/indicators: one page, searched on the server. */
export async function getIndicators(http: HttpService, ruleSetId: string, query: { page: number; size: number; search: string }): Promise<IndicatorPage> {
  const params = { page: query.page, size: query.size, ...(query.search.trim() ? { search: query.search.trim() } : {}) };
  return (await http.get<IndicatorPage>(`/globalrulesrepository-backend/ruleSets/${encodeURIComponent(ruleSetId)}/indicators`, { params })).data;
}
