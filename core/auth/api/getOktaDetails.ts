import type { ApiClient } from '../../api/ApiClient';
import type { OktaDetails } from './providerInfo';

/** GET /um/oauth2config/okta/details?domain= (public); 404 'Invalid Okta domain' when unknown. */
export function getOktaDetails(api: ApiClient, domain: string): Promise<OktaDetails> {
  return api.get('/um/oauth2config/okta/details', {
    query: { domain },
    authMode: { kind: 'public' },
    skipGlobalErrors: true,
  });
}
