import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Settings of the product backends, captcha and environment type (read by server/config.ts). */
export interface BackendConfig {
  /** reCAPTCHA site id given to the console; null = captcha inactive. */
  captchaSiteId: string | null;
  /** reCAPTCHA secret used to verify tokens; required when captchaSiteId is set. */
  captchaSecret: string | null;
  /** Token verification endpoint (Google's siteverify; overridable for tests and proxies). */
  captchaVerifyUrl: string;
  /** Explicit environment type for every tenant; null = the tenant's own (default 'saas'). */
  environmentType: string | null;
  /** Folder with WIN/<installer> and MAC/<installer> (see server/assets/installers/README.md). */
  installersDir: string;
  /** Where contact, feedback, feature and bug messages are mailed. */
  supportEmail: string;
}

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => never;

/** Development placeholders shipped with the source; real deployments set INSTALLERS_DIR. */
export const DEFAULT_INSTALLERS_DIR = fileURLToPath(new URL('../assets/installers/', import.meta.url));
const DEFAULT_CAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

function read(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

/** `fail` is ConfigError's thrower from server/config.ts (passed in to keep imports one-way). */
export function loadBackendConfig(env: Env, fail: Fail): BackendConfig {
  const captchaSiteId = read(env, 'CAPTCHA_SITE_ID');
  const captchaSecret = read(env, 'CAPTCHA_SECRET');
  if (captchaSiteId && !captchaSecret) fail('CAPTCHA_SECRET', 'must be set when CAPTCHA_SITE_ID is set');
  const captchaVerifyUrl = read(env, 'CAPTCHA_VERIFY_URL') ?? DEFAULT_CAPTCHA_VERIFY_URL;
  const protocol = URL.canParse(captchaVerifyUrl) ? new URL(captchaVerifyUrl).protocol : null;
  if (protocol !== 'https:' && protocol !== 'http:')
    fail('CAPTCHA_VERIFY_URL', `"${captchaVerifyUrl}" is not an http(s) URL`);
  const environmentType = read(env, 'ENVIRONMENT_TYPE');
  if (environmentType !== null && !/^[a-z][a-z0-9_-]{0,31}$/.test(environmentType)) {
    fail('ENVIRONMENT_TYPE', `"${environmentType}" is not a lower-case word such as saas or onprem`);
  }
  const supportEmail = (read(env, 'SUPPORT_EMAIL') ?? 'support@mtd-console.invalid').toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail))
    fail('SUPPORT_EMAIL', `"${supportEmail}" is not an e-mail address`);
  const installersDir = path.resolve(read(env, 'INSTALLERS_DIR') ?? DEFAULT_INSTALLERS_DIR);
  return { captchaSiteId, captchaSecret, captchaVerifyUrl, environmentType, installersDir, supportEmail };
}
