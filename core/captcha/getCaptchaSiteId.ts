import type { ApiResponse } from '@common/api/apiTypes';

import type { HttpService } from '../http/HttpService';

/** GET /um/captcha/Google (public): the reCAPTCHA site id, null when captcha is inactive or the call fails. */
export async function getCaptchaSiteId(http: HttpService): Promise<string | null> {
  try {
    const response = await http.get<Partial<ApiResponse<'/um/captcha/Google', 'get'>> | null>('/um/captcha/Google', {
      authMode: { kind: 'public' },
      skipGlobalErrors: true,
    });
    const siteId = response.data?.siteId;
    return typeof siteId === 'string' && siteId.trim() ? siteId : null;
  } catch {
    return null;
  }
}
