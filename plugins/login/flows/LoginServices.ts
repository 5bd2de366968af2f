import type { HttpService } from '@core/http/HttpService';
import type { NavigationService } from '@core/navigation/NavigationService';
import type { SessionService } from '@core/session/SessionService';
import type { StorageService } from '@core/storage/StorageService';

/** The core services the sign-in flows use; the page resolves them, tests pass fakes. */
export interface LoginServices {
  http: HttpService;
  session: SessionService;
  storage: StorageService;
  nav: NavigationService;
}
