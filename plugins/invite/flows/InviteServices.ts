import type { CaptchaService } from '@core/captcha/CaptchaService';
import type { NavigationService } from '@core/navigation/NavigationService';
import type { SessionService } from '@core/session/SessionService';
import type { StorageService } from '@core/storage/StorageService';

import type { InviteApi } from '../api/InviteApi';

/** The core services the invite flows use; the page resolves them, tests pass the harness's. */
export interface InviteServices {
  api: InviteApi;
  session: SessionService;
  storage: StorageService;
  nav: NavigationService;
  /** The sign-in after a password activation and `setOAuth2` are guarded by captcha while it is active. */
  captcha: Pick<CaptchaService, 'getToken'>;
}
