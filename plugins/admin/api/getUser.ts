import type { HttpService } from '@core/http/HttpService';
import type { AdminUser } from './types';

/** GET /um/users/{id}. */
export async function getUser(http: HttpService, id: string): Promise<AdminUser> {
  return (await http.get<AdminUser>(`/um/users/${encodeURIComponent(id)}`, { skipGlobalErrors: [403] })).data;
}
