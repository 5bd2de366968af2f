import type { HttpService } from '@core/http/HttpService';

/** DELETE /um/oauth2config/okta: Okta sign-in stops for the tenant. */
export async function deleteOktaConfig(http: HttpService): Promise<void> {
  await http.delete('/um/oauth2config/okta', { skipGlobalErrors: [403] });
}
