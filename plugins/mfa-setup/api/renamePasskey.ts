import type { ApiClient } from '@core/api/ApiClient';

import type { Passkey } from './listPasskeys';

/** PATCH /um/passkeys/{id} (audited). */
export function renamePasskey(api: ApiClient, id: string, name: string): Promise<Passkey> {
  return api.patch('/um/passkeys/{id}', { path: { id }, body: { name }, skipGlobalErrors: true });
}
