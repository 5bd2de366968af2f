import type { HttpService } from '@core/http/HttpService';

/** DELETE /um/users/{id}/sessions: ends every session but the caller's current one. */
export async function deleteUserSessions(http: HttpService, userId: string): Promise<number> {
  return (await http.delete<{ revoked: number }>(`/um/users/${encodeURIComponent(userId)}/sessions`, { skipGlobalErrors: [403] })).data.revoked;
}
