import type { HttpService } from '../http/HttpService';
import { getCaptchaSiteId } from './getCaptchaSiteId';
import { loadRecaptcha } from './loadRecaptcha';

/** How long a guarded call waits for a token before going on without one. */
export const CAPTCHA_TIMEOUT_MS = 5000;

/** One page load's captcha: the site id asked once, the script loaded only when there is one. */
export interface RecaptchaClient {
  active: Promise<boolean>;
  token(action: string): Promise<string | undefined>;
}

/**
 * Asks for the site id at once and, when there is one, adds the script right away so that a
 * token is quick when a form is sent. A script that fails (ad blocker, offline) or hangs must not
 * block the call: no token, and the API decides.
 */
export function createRecaptchaClient(http: HttpService, doc: Document = document): RecaptchaClient {
  const siteId = getCaptchaSiteId(http);
  const script = siteId.then((id) => (id ? loadRecaptcha(id, doc).then((grecaptcha) => ({ id, grecaptcha })) : null));
  // Nobody may be waiting for a token yet: a failed script is not an unhandled rejection.
  script.catch(() => undefined);
  return {
    active: siteId.then((id) => id !== null),
    token(action) {
      let timer: number | undefined;
      const timeout = new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, CAPTCHA_TIMEOUT_MS)));
      const token = script.then((loaded) => loaded?.grecaptcha.execute(loaded.id, { action }));
      return Promise.race([token, timeout])
        .then((value) => (typeof value === 'string' && value ? value : undefined), () => undefined)
        .finally(() => window.clearTimeout(timer));
    },
  };
}
