import type { HttpService } from '@core/http/HttpService';
import type { AdminUser } from './types';

/** PUT /um/users/{id}/permissions: replaces them and ends the user's other sessions. */
export async function putUserPermissions(http: HttpService, userId: string, permissions: string[]): Promise<AdminUser> {
  return (await http.put<AdminUser>(`/um/users/${encodeURIComponent(userId)}/permissions`, { permissions }, { skipGlobalErrors: [403] })).data;
}
