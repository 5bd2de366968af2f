import type { HttpService } from '@core/http/HttpService';

/** DELETE /um/users/{id}/invitation: revokes a pending invitation (the invited user goes). */
export async function deleteInvitation(http: HttpService, userId: string): Promise<void> {
  await http.delete(`/um/users/${encodeURIComponent(userId)}/invitation`, { skipGlobalErrors: [403] });
}
