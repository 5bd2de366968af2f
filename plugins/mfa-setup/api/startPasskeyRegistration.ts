import type { ApiClient } from '@core/api/ApiClient';

/** POST /um/passkeys/registration/options: options for navigator.credentials.create (a single-use challenge). */
export async function startPasskeyRegistration(api: ApiClient): Promise<Record<string, unknown>> {
  return (await api.post('/um/passkeys/registration/options', { skipGlobalErrors: true })).options;
}
