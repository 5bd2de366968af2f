import type { InternalAxiosRequestConfig } from 'axios';

import type { SessionService } from '../session/SessionService';
import type { HttpRequestConfig } from './HttpService';

export type ConsoleRequestConfig = InternalAxiosRequestConfig &
  Pick<HttpRequestConfig, 'authMode' | 'skipGlobalErrors'>;

/**
 * Request middleware (Backstage's identity-injector idea): every request's `Authorization` is
 * what the session answers for its auth mode, nothing else. The HTTP layer holds no credential
 * and reads no storage key; a header the caller set is replaced, so no request can carry a
 * token the session did not choose.
 */
export function createAuthorizationMiddleware(session: Pick<SessionService, 'authorization'>) {
  return (config: ConsoleRequestConfig): ConsoleRequestConfig => {
    const header = session.authorization(config.authMode ?? { kind: 'bearer' });
    if (header) config.headers.set('Authorization', header);
    else config.headers.delete('Authorization');
    return config;
  };
}
