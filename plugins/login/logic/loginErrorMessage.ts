import type { CallFailure } from '@core/http/callFailure';
import { boundErrorText } from '@core/http/errorText';

import { LoginTexts } from './texts';

/**
 * Spec §8 for the login step: 401/403 -> wrong credentials; above 500 -> no connection;
 * 400 with a message -> that message; anything else -> unknown error. A request that got no
 * answer at all (status 0: offline, DNS, CORS) is also reported as no connection.
 */
export function loginErrorMessage({ status, message }: CallFailure): string {
  if (status === 401 || status === 403) return LoginTexts.badCredentials;
  if (status > 500 || status === 0) return LoginTexts.noConnection;
  if (status === 400 && message) return boundErrorText(message);
  return LoginTexts.unknownError;
}
