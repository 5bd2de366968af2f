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

const SCRIPT_ID = 'login-recaptcha';

/** Adds Google's reCAPTCHA v3 script once, only when captcha is active; resolves when usable. */
export function loadRecaptcha(siteId: string, doc: Document = document): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const ready = () => (window.grecaptcha ? window.grecaptcha.ready(() => resolve(window.grecaptcha!)) : reject(new Error('reCAPTCHA unavailable')));
    if (doc.getElementById(SCRIPT_ID)) {
      if (window.grecaptcha) ready();
      else doc.getElementById(SCRIPT_ID)!.addEventListener('load', ready, { once: true });
      return;
    }
    const script = doc.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteId)}`;
    script.addEventListener('load', ready, { once: true });
    script.addEventListener('error', () => reject(new Error('reCAPTCHA failed to load')), { once: true });
    doc.head.appendChild(script);
  });
}
