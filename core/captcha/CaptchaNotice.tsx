import { Classes } from '@blueprintjs/core';

import { useObservable } from '../react/useObservable';
import { useService } from '../react/useService';
import { CaptchaServiceToken } from './CaptchaService';

const NOTICE_STYLE = { marginTop: 12 };

/**
 * reCAPTCHA v3 runs invisibly and its badge is hidden (createRecaptchaClient); its terms then
 * require telling the user on the forms it protects. Renders nothing while captcha is inactive.
 */
export function CaptchaNotice() {
  const active = useObservable(useService(CaptchaServiceToken).active$, false);
  if (!active) return null;
  return (
    <p className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED}`} style={NOTICE_STYLE}>
      This site is protected by reCAPTCHA and the Google{' '}
      <a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer">
        Privacy Policy
      </a>{' '}
      and{' '}
      <a href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer">
        Terms of Service
      </a>{' '}
      apply.
    </p>
  );
}
