import type { HttpService } from '@core/http/HttpService';

/** DELETE /um/users/{id}. */
export async function deleteUser(http: HttpService, userId: string): Promise<void> {
  await http.delete(`/um/users/${encodeURIComponent(userId)}`, { skipGlobalErrors: [403] });
}
