import type { HttpService } from '@core/http/HttpService';

/**
 * POST /um/password: the API checks the old password, sets the new one and ends every other
 * session of the user; this one (its token) goes on, so nothing is stored again here.
 */
export async function changePassword(http: HttpService, oldPassword: string, newPassword: string): Promise<void> {
  await http.post('/um/password', { oldPassword, newPassword });
}
