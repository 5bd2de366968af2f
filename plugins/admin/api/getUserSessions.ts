import type { HttpService } from '@core/http/HttpService';
import type { UserSession } from './types';

/** GET /um/users/{id}/sessions: live sessions, newest first (`current` marks the caller's). */
export async function getUserSessions(http: HttpService, userId: string): Promise<UserSession[]> {
  return (await http.get<{ items: UserSession[] }>(`/um/users/${encodeURIComponent(userId)}/sessions`)).data.items;
}
