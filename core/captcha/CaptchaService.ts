import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

/**
 * reCAPTCHA v3 for the calls the API guards while `CAPTCHA_SITE_ID` is set (sign-in, second
 * factor, lost password, 2FA set-up password check, provider sign-ins, invitation activation).
 * Inactive while `GET /um/captcha/Google` names no site: then no token is sent anywhere.
 */
export interface CaptchaService {
  /** Whether the API asks for tokens. The first subscription (or `getToken`) asks it, once per page load. */
  readonly active$: Observable<boolean>;
  /**
   * A fresh token for `action` (letters, `/` and `_`), or undefined: captcha inactive, the
   * script failed to load, or no token within 5 s. Never rejects: the API decides without one.
   */
  getToken(action: string): Promise<string | undefined>;
}

export const CaptchaServiceToken = createServiceToken<CaptchaService>('captcha');
