import { HttpError } from '../../contracts';
import type { BackendConfig } from '../../services/backendConfig';

const VERIFY_TIMEOUT_MS = 5000;

/**
 * Verifies a reCAPTCHA token with the provider. A no-op success only while captcha is inactive
 * (no CAPTCHA_SITE_ID); when active, a missing or rejected token is a 400 the console shows.
 */
export async function verifyCaptcha(
  config: Pick<BackendConfig, 'captchaSiteId' | 'captchaSecret' | 'captchaVerifyUrl'>,
  token: string | null | undefined,
  remoteIp?: string,
): Promise<void> {
  if (!config.captchaSiteId) return;
  if (!token) throw new HttpError(400, 'Please confirm that you are not a robot.');
  const form = new URLSearchParams({ secret: config.captchaSecret ?? '', response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  let answer: { success?: unknown };
  try {
    const response = await fetch(config.captchaVerifyUrl, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    answer = (await response.json()) as { success?: unknown };
  } catch {
    // The provider is unreachable: refuse rather than let sign-in through unchecked.
    throw new HttpError(503, 'Captcha verification is unavailable, please try again later.');
  }
  if (answer.success !== true) throw new HttpError(400, 'Captcha verification failed, please try again.');
}
