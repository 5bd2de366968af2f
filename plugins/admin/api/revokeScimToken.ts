import type { ApiClient } from '@core/api/ApiClient';

/** DELETE /um/scim/token: the directory can no longer provision (audited). */
export async function revokeScimToken(api: ApiClient): Promise<void> {
  await api.delete('/um/scim/token');
}
