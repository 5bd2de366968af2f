import type { HttpService } from '@core/http/HttpService';
import type { AuthAnswer } from './types';

/** GET /um/refresh with a token handed over in the address (`?token=`), to learn its user. */
export async function getRefreshWithToken(http: HttpService, token: string): Promise<AuthAnswer> {
  const response = await http.get<AuthAnswer>('/um/refresh', {
    // No authMode: an explicit Authorization header is kept as is (DefaultHttpService).
    headers: { Authorization: `Bearer ${token}` },
    skipGlobalErrors: true,
  });
  return response.data;
}
