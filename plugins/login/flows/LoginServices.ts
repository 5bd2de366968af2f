import type { PasskeyBrowser } from '@core/auth/passkeys/PasskeyBrowser';
import type { CaptchaService } from '@core/captcha/CaptchaService';
import type { NavigationService } from '@core/navigation/NavigationService';
import type { PluginRegistry } from '@core/plugin/PluginRegistry';
import type { SessionService } from '@core/session/SessionService';
import type { StorageService } from '@core/storage/StorageService';

import type { LoginApi } from '../api/LoginApi';

/** The core services the sign-in flows use; the page resolves them, tests pass fakes. */
export interface LoginServices {
  api: LoginApi;
  session: SessionService;
  storage: StorageService;
  nav: NavigationService;
  registry: PluginRegistry;
  /** reCAPTCHA tokens per action (none while captcha is inactive). */
  captcha: Pick<CaptchaService, 'getToken'>;
  /** The browser's passkeys (its library loads on first use). */
  passkeys: PasskeyBrowser;
}
