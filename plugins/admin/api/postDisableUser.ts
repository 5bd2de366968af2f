import type { HttpService } from '@core/http/HttpService';
import type { AdminUser } from './types';

/** POST /um/users/{id}/disable: the user's sessions end at once. */
export async function postDisableUser(http: HttpService, userId: string): Promise<AdminUser> {
  return (await http.post<AdminUser>(`/um/users/${encodeURIComponent(userId)}/disable`, undefined, { skipGlobalErrors: [403] })).data;
}
