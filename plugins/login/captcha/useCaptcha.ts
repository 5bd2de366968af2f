import type { HttpService } from '@core/http/HttpService';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCaptchaSiteId } from '../api/getCaptchaSiteId';
import { loadRecaptcha, type Grecaptcha } from './loadRecaptcha';

/** How long a sign-in waits for reCAPTCHA before going on without a token. */
export const CAPTCHA_TIMEOUT_MS = 5000;

export interface Captcha {
  /** A site id was returned: tokens are sent with login and second-factor calls. */
  active: boolean;
  /** A fresh token for the action, or undefined when captcha is inactive or unavailable. */
  getToken(action: string): Promise<string | undefined>;
}

/**
 * Asks GET /um/captcha/Google once; loads the script only when a site id comes back (spec §5:
 * inactive without one). A captcha that fails to load sends no token and lets the API decide.
 */
export function useCaptcha(http: HttpService): Captcha {
  const [siteId, setSiteId] = useState<string | null>(null);
  const client = useRef<Promise<Grecaptcha> | null>(null);

  useEffect(() => {
    let alive = true;
    void getCaptchaSiteId(http).then((id) => {
      if (!alive || !id) return;
      client.current = loadRecaptcha(id);
      client.current.catch(() => undefined);
      setSiteId(id);
    });
    return () => {
      alive = false;
    };
  }, [http]);

  const getToken = useCallback(
    async (action: string) => {
      if (!siteId || !client.current) return undefined;
      const timeout = new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), CAPTCHA_TIMEOUT_MS));
      try {
        // A blocked script (ad blocker, offline) must not hang the sign-in: go without a token.
        return await Promise.race([client.current.then((grecaptcha) => grecaptcha.execute(siteId, { action })), timeout]);
      } catch {
        return undefined;
      }
    },
    [siteId],
  );

  return { active: siteId !== null, getToken };
}
