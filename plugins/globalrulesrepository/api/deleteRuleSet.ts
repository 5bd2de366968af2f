import type { HttpService } from '@core/http/HttpService';

/** DELETE /globalrulesrepository-backend/ruleSets/{id}. */
export async function deleteRuleSet(http: HttpService, id: string): Promise<void> {
  await http.delete(`/globalrulesrepository-backend/ruleSets/${encodeURIComponent(id)}`);
}
