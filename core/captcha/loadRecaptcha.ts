/** The slice of reCAPTCHA v3's global the console uses. */
export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteId: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** The id of the one script element (tests look for it). */
export const RECAPTCHA_SCRIPT_ID = 'recaptcha-script';

/** Adds Google's reCAPTCHA v3 script once (only when captcha is active); resolves when usable, rejects when it cannot load. */
export function loadRecaptcha(siteId: string, doc: Document = document): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const win = doc.defaultView ?? window;
    const ready = () =>
      win.grecaptcha
        ? win.grecaptcha.ready(() => resolve(win.grecaptcha!))
        : reject(new Error('reCAPTCHA unavailable'));
    const existing = doc.getElementById(RECAPTCHA_SCRIPT_ID);
    if (existing) {
      if (win.grecaptcha) ready();
      else existing.addEventListener('load', ready, { once: true });
      return;
    }
    const script = doc.createElement('script');
    script.id = RECAPTCHA_SCRIPT_ID;
    script.async = true;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteId)}`;
    script.addEventListener('load', ready, { once: true });
    script.addEventListener('error', () => reject(new Error('reCAPTCHA failed to load')), { once: true });
    // The floating badge is replaced by <CaptchaNotice /> on each guarded form, as reCAPTCHA's terms allow.
    const style = doc.createElement('style');
    style.textContent = '.grecaptcha-badge{visibility:hidden}';
    doc.head.append(style, script);
  });
}
