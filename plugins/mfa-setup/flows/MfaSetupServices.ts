import type { HttpService } from '@core/http/HttpService';
import type { ModalService } from '@core/modals/ModalService';
import type { NavigationService } from '@core/navigation/NavigationService';
import type { SessionService } from '@core/session/SessionService';
import type { ToastService } from '@core/toasts/ToastService';
import type { MfaSetupEvent } from '../logic/mfaSetupReducer';

/** The core services the set-up flows use; the page resolves them, tests pass fakes. */
export interface MfaSetupServices {
  http: HttpService;
  session: SessionService;
  nav: NavigationService;
  modals: ModalService;
  toasts: ToastService;
}

/** How a flow moves the set-up along (the page's reducer, through its side effects). */
export type Emit = (event: MfaSetupEvent) => void;
