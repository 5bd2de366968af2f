import type { HttpService } from '@core/http/HttpService';

/** DELETE /um/users/{id}/sessions/{sessionId}: ends one session. */
export async function deleteUserSession(http: HttpService, userId: string, sessionId: string): Promise<void> {
  await http.delete(`/um/users/${encodeURIComponent(userId)}/sessions/${encodeURIComponent(sessionId)}`, { skipGlobalErrors: [403] });
}
