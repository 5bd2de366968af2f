import type { HttpService } from '@core/http/HttpService';

/** GET /um/permissions: every permission the products declare, each in its widest mode. */
export async function getPermissionCatalogue(http: HttpService): Promise<string[]> {
  return (await http.get<{ items: string[] }>('/um/permissions')).data.items;
}
