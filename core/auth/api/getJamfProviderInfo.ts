import type { ApiClient } from '../../api/ApiClient';
import type { JamfProviderInfo } from './providerInfo';

/**
 * GET /um/oauth2LoginProviders/JamfAuth0/info?emailDomain= (public); 404 for an unknown domain.
 * `timeoutMs`: the sign-in page gives up after spec §9's 5 s redirect timeout. The wait is a page
 * timer that aborts the call, not the transport's own timeout: it counts from the moment the page
 * starts waiting (a request queued behind others included), and it runs on the page's clock, which
 * the end-to-end tests can pause to photograph the waiting screen.
 */
export async function getJamfProviderInfo(
  api: ApiClient,
  emailDomain: string,
  timeoutMs?: number,
): Promise<JamfProviderInfo> {
  const controller = timeoutMs === undefined ? null : new AbortController();
  const timer = controller ? setTimeout(() => controller.abort(), timeoutMs) : undefined;
  try {
    return await api.get('/um/oauth2LoginProviders/JamfAuth0/info', {
      query: { emailDomain },
      authMode: { kind: 'public' },
      skipGlobalErrors: true,
      ...(controller ? { signal: controller.signal } : {}),
    });
  } finally {
    clearTimeout(timer);
  }
}
