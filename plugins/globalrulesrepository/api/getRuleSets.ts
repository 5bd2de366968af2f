import type { HttpService } from '@core/http/HttpService';
import type { RuleSet } from './types';

/** GET /globalrulesrepository-backend/ruleSets. */
export async function getRuleSets(http: HttpService): Promise<RuleSet[]> {
  return (await http.get<RuleSet[]>('/globalrulesrepository-backend/ruleSets')).data;
}
