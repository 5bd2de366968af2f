import type { CaptchaService } from '@core/captcha/CaptchaService';
import type { ModalService } from '@core/modals/ModalService';
import type { SessionService } from '@core/session/SessionService';
import type { ToastService } from '@core/toasts/ToastService';

import type { MfaSetupApi } from '../api/MfaSetupApi';
import type { MfaSetupEvent } from '../logic/mfaSetupReducer';

/** What the set-up flows use of the core services; the page passes the services, tests fakes. */
export interface MfaSetupServices {
  api: MfaSetupApi;
  session: Pick<SessionService, 'profile' | 'updateProfile' | 'forgetDevice' | 'setRecoveryToken'>;
  modals: Pick<ModalService, 'confirm'>;
  toasts: Pick<ToastService, 'success'>;
  /** The password check is guarded by captcha while it is active. */
  captcha: Pick<CaptchaService, 'getToken'>;
}

/** How a flow moves the set-up along (the page's reducer, through its side effects). */
export type Emit = (event: MfaSetupEvent) => void;
