import type { HttpService } from '@core/http/HttpService';
import type { OktaConfig } from './types';

/** GET /um/oauth2config/okta; null when the tenant has none (404). */
export async function getOktaConfig(http: HttpService): Promise<OktaConfig | null> {
  const response = await http.get<OktaConfig>('/um/oauth2config/okta', { validateStatus: (s) => s === 200 || s === 404 });
  return response.status === 404 ? null : response.data;
}
