import type { AuthResult } from '@core/session/SessionService';

/** Answer of `/um/login`, the second-factor calls, `/um/oauth2Login` and `/um/refresh`. */
export type AuthAnswer = AuthResult;

