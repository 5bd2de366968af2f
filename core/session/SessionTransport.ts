import type { ApiAnswer } from '../api/ApiClient';
import { createServiceToken } from '../di/ServiceToken';

/** The routes the session calls itself: its refresh (also the link-token exchange) and its logout. */
export type SessionPath = '/um/refresh' | '/um/logout';

/**
 * How the session makes its own calls (refresh, logout, the link-token exchange): a plain HTTP
 * client WITHOUT the HTTP service's middleware. The session sets the one header it means to send,
 * nothing rewrites it, and the global 401/403/504 reactions do not run (the session decides:
 * a 401/403 on refresh forces logout, a 504 is reported through the GlobalErrorReporter). So the
 * session never depends on the HTTP service, which depends on it.
 */
export interface SessionTransport {
  /**
   * GET `path` (a route of the API document, so its answer is the route's type) at `origin` (the
   * token issuer's API, '' for the console's own) sending `Authorization: Bearer <token>` and
   * nothing else of ours. Resolves the answer's body; rejects with the axios error of a non-2xx
   * answer (its `response.status` and `response.data.message`, as sign-in pages read them) or of
   * a network failure.
   */
  get<P extends SessionPath>(path: P, token: string, origin?: string): Promise<ApiAnswer<P, 'get'>>;
}

export const SessionTransportToken = createServiceToken<SessionTransport>('session.transport');
