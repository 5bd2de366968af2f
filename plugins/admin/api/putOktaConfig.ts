import type { HttpService } from '@core/http/HttpService';
import type { OktaConfig } from './types';

/** PUT /um/oauth2config/okta. */
export async function putOktaConfig(http: HttpService, config: { clientIssuer: string; clientId: string }): Promise<OktaConfig> {
  return (await http.put<OktaConfig>('/um/oauth2config/okta', config, { skipGlobalErrors: [403] })).data;
}
