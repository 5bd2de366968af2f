import { loadRecaptcha } from './loadRecaptcha';

/** How long a guarded call waits for Google's script and token before going on without one. */
export const CAPTCHA_TIMEOUT_MS = 5000;

/** An active captcha for one page load: the site's script, and a token per action. */
export interface RecaptchaClient {
  token(action: string): Promise<string | undefined>;
}

/**
 * Adds the site's script right away. A script that fails (ad blocker, offline) or hangs must not
 * block the guarded call: no token after 5 s, and the API decides.
 */
export function createRecaptchaClient(siteId: string, doc: Document = document): RecaptchaClient {
  const script = loadRecaptcha(siteId, doc);
  // Nobody may be waiting for a token yet: a failed script is not an unhandled rejection.
  script.catch(() => undefined);
  return {
    token(action) {
      let timer: number | undefined;
      const timeout = new Promise<undefined>((resolve) => (timer = window.setTimeout(resolve, CAPTCHA_TIMEOUT_MS)));
      const token = script.then((grecaptcha) => grecaptcha.execute(siteId, { action }));
      return Promise.race([token, timeout])
        .then(
          (value) => (typeof value === 'string' && value ? value : undefined),
          () => undefined,
        )
        .finally(() => window.clearTimeout(timer));
    },
  };
}
