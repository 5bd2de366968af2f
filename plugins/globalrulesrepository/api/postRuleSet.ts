import type { HttpService } from '@core/http/HttpService';
import type { ImportStatus, RuleSet } from './types';

/** POST /globalrulesrepository-backend/ruleSets: a STIX 2.1 bundle as text (pasted or read from a file). */
export async function postRuleSet(http: HttpService, bundle: string, fileName?: string): Promise<{ ruleSet: RuleSet; status: ImportStatus }> {
  const response = await http.post<{ ruleSet: RuleSet; status: ImportStatus }>('/globalrulesrepository-backend/ruleSets', { bundle, ...(fileName ? { fileName } : {}) }, { skipGlobalErrors: [400, 413] });
  return response.data;
}
