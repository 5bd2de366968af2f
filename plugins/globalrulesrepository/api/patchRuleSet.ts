import type { HttpService } from '@core/http/HttpService';
import type { RuleSet } from './types';

/** PATCH /globalrulesrepository-backend/ruleSets/{id}: enable or disable. */
export async function patchRuleSet(http: HttpService, id: string, enabled: boolean): Promise<RuleSet> {
  return (await http.request<RuleSet>({ method: 'PATCH', url: `/globalrulesrepository-backend/ruleSets/${encodeURIComponent(id)}`, data: { enabled } })).data;
}
