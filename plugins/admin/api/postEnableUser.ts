import type { HttpService } from '@core/http/HttpService';
import type { AdminUser } from './types';

/** POST /um/users/{id}/enable: also clears a lockout. */
export async function postEnableUser(http: HttpService, userId: string): Promise<AdminUser> {
  return (await http.post<AdminUser>(`/um/users/${encodeURIComponent(userId)}/enable`, undefined, { skipGlobalErrors: [403] })).data;
}
