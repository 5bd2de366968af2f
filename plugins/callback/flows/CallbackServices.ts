import type { CaptchaService } from '@core/captcha/CaptchaService';
import type { NavigationService } from '@core/navigation/NavigationService';
import type { SessionService } from '@core/session/SessionService';
import type { StorageService } from '@core/storage/StorageService';

import type { CallbackApi } from '../api/CallbackApi';

export interface CallbackServices {
  api: CallbackApi;
  session: SessionService;
  storage: StorageService;
  nav: NavigationService;
  /** /um/oauth2Login and /um/invite/{id}/setOAuth2 are guarded by captcha while it is active. */
  captcha: Pick<CaptchaService, 'getToken'>;
}
