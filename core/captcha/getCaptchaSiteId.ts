import type { ApiClient } from '../api/ApiClient';

/** GET /um/captcha/Google (public): the reCAPTCHA site id, null when captcha is inactive or the call fails. */
export async function getCaptchaSiteId(api: ApiClient): Promise<string | null> {
  try {
    // Read as the wire may carry it (a proxy's empty answer, an older API): only a non-blank string is a site.
    const answer: { siteId?: unknown } | null = await api.get('/um/captcha/Google', {
      authMode: { kind: 'public' },
      skipGlobalErrors: true,
    });
    const siteId = answer?.siteId;
    return typeof siteId === 'string' && siteId.trim() ? siteId : null;
  } catch {
    return null;
  }
}
