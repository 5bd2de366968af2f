import type { ApiClient } from '@core/api/ApiClient';

/** POST /um/jobs/{id}/retry: a failed job of the tenant queued again for one more attempt (audited). */
export async function retryFailedJob(api: ApiClient, id: string): Promise<void> {
  await api.post('/um/jobs/{id}/retry', { path: { id } });
}
