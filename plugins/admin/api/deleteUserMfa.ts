import type { HttpService } from '@core/http/HttpService';
import type { AdminUser } from './types';

/** DELETE /um/users/{id}/mfa: turns the user's two-factor authentication off. */
export async function deleteUserMfa(http: HttpService, userId: string): Promise<AdminUser> {
  return (await http.delete<AdminUser>(`/um/users/${encodeURIComponent(userId)}/mfa`, { skipGlobalErrors: [403] })).data;
}
