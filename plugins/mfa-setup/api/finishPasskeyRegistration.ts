import type { ApiClient } from '@core/api/ApiClient';

import type { Passkey } from './listPasskeys';

/** POST /um/passkeys/registration/verify: the browser's new credential and its name (audited). */
export function finishPasskeyRegistration(
  api: ApiClient,
  name: string,
  credential: Record<string, unknown>,
): Promise<Passkey> {
  return api.post('/um/passkeys/registration/verify', {
    body: { name, credential: credential as never },
    skipGlobalErrors: true,
  });
}
