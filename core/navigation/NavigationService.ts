import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

/** The address bar as a stream, so services (session refresh, forced logout) and the
 *  router share one source of truth, and tests can drive it from memory. */
export interface NavigationService {
  /** Current pathname, e.g. `/gluon/upload`. */
  readonly path$: Observable<string>;
  /** Current search string without the leading `?`. */
  readonly search$: Observable<string>;
  /** Synchronous reads for code outside React. */
  path(): string;
  search(): string;
  /** Navigate inside the app (`to` may carry a query string). */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Leave the app (identity-provider redirects, provider logout). */
  assign(url: string): void;
}

export const NavigationServiceToken = createServiceToken<NavigationService>('navigation');
