import type { CaptchaService } from '@core/captcha/CaptchaService';
import type { HttpService } from '@core/http/HttpService';
import type { NavigationService } from '@core/navigation/NavigationService';
import type { SessionService } from '@core/session/SessionService';
import type { StorageService } from '@core/storage/StorageService';

export interface CallbackServices {
  http: HttpService;
  session: SessionService;
  storage: StorageService;
  nav: NavigationService;
  /** /um/oauth2Login and /um/invite/{id}/setOAuth2 are guarded by captcha while it is active. */
  captcha: Pick<CaptchaService, 'getToken'>;
}
