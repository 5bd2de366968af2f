import { Classes } from '@blueprintjs/core';

export interface CaptchaNoticeProps {
  /** Whether captcha is active (a site id was returned); nothing renders otherwise. */
  active: boolean;
}

/** reCAPTCHA v3 runs invisibly; its terms require telling the user (the badge is hidden by CSS). */
export function CaptchaNotice({ active }: CaptchaNoticeProps) {
  if (!active) return null;
  return (
    <p className={`${Classes.TEXT_SMALL} ${Classes.TEXT_MUTED} login-captcha`}>
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
