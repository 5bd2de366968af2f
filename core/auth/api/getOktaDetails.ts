import type { HttpService } from '../../http/HttpService';
import type { OktaDetails } from './providerInfo';

/** GET /um/oauth2config/okta/details?domain= (public); 404 'Invalid Okta domain' when unknown. */
export async function getOktaDetails(http: HttpService, domain: string): Promise<OktaDetails> {
  const response = await http.get<OktaDetails>('/um/oauth2config/okta/details', {
    params: { domain },
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
  return response.data;
}
