/** What a provider look-up gives the re-validation round trip. */
export interface ProviderLookup {
  clientId: string;
  authorizationEndpoint: string;
  nonce: string;
  extraParams?: Record<string, string | undefined>;
}

/** Provider names of the API (`provider` of /um/mfa/validateOAuth2). */
export type ApiProvider = 'Google' | 'Okta' | 'JamfAuth0';
