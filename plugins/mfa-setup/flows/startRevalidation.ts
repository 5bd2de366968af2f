import { beginOAuth, oauthRedirectUri } from '@core/auth/oauthRequest';
import type { NavigationService } from '@core/navigation/NavigationService';

import type { MfaSetupApi } from '../api/MfaSetupApi';
import type { RevalidationProvider } from './revalidationProvider';

/** What a provider look-up gives the re-validation round trip. */
interface ProviderLookup {
  clientId: string;
  authorizationEndpoint: string;
  nonce: string;
  extraParams?: Record<string, string | undefined>;
}

export interface StartRevalidation {
  provider: RevalidationProvider;
  /** Turning the second factor on or off: resumed after the round trip. */
  purpose: 'enable' | 'disable';
  /** The signed-in user's e-mail (the vendor IdP connection is chosen by its domain). */
  email: string;
  /** `/config/2fa` or `/gluon/config/2fa`: where the callback brings the answer. */
  returnPath: string;
}

/** The client, endpoint and nonce of the provider the session signed in with. */
async function lookup(api: MfaSetupApi, { provider, email }: StartRevalidation): Promise<ProviderLookup> {
  switch (provider.marker) {
    case 'google': {
      const { publicId, authorizationEndpoint, nonce } = await api.googleProviderInfo();
      return { clientId: publicId, authorizationEndpoint, nonce };
    }
    case 'okta': {
      const { clientId, authorizationEndpoint, nonce } = await api.oktaDetails(provider.oktaIssuer ?? '');
      return { clientId, authorizationEndpoint, nonce };
    }
    case 'jamf': {
      const { publicId, authorizationEndpoint, nonce, connectionName } = await api.jamfProviderInfo(email);
      return {
        clientId: publicId,
        authorizationEndpoint,
        nonce,
        extraParams: { login_hint: email, connection: connectionName ?? undefined },
      };
    }
  }
}

/**
 * Leaves for the provider the session signed in with, by the sign-in protocol (state, PKCE,
 * API nonce) with the state flag `revalidate=2fa`, so `/login/callback` hands the answer back
 * to the set-up page instead of signing in.
 */
export async function startRevalidation(
  api: MfaSetupApi,
  nav: NavigationService,
  start: StartRevalidation,
): Promise<void> {
  const info = await lookup(api, start);
  if (!info?.clientId || !info.authorizationEndpoint || !info.nonce)
    throw new Error(`${start.provider.label} is not configured`);
  const url = await beginOAuth({
    provider: start.provider.marker,
    revalidate: '2fa',
    returnPath: start.returnPath,
    clientId: info.clientId,
    authorizationEndpoint: info.authorizationEndpoint,
    nonce: info.nonce,
    redirectUri: oauthRedirectUri(),
    extraParams: info.extraParams,
    context: { purpose: start.purpose },
  });
  nav.assign(url);
}
