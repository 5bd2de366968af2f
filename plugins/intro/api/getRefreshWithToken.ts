import type { HttpService } from '@core/http/HttpService';
import type { AuthResult } from '@core/session/SessionService';

/** GET /um/refresh with the token from the link: validates it and answers its user. */
export async function getRefreshWithToken(http: HttpService, token: string): Promise<AuthResult> {
  const response = await http.get<AuthResult>('/um/refresh', {
    // No authMode: an explicit Authorization header is kept as is (DefaultHttpService).
    headers: { Authorization: `Bearer ${token}` },
    skipGlobalErrors: true,
  });
  return response.data;
}
