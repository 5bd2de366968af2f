import type { ApiClient } from '@core/api/ApiClient';

/** DELETE /um/passkeys/{id} (audited). */
export async function removePasskey(api: ApiClient, id: string): Promise<void> {
  await api.delete('/um/passkeys/{id}', { path: { id }, skipGlobalErrors: true });
}
