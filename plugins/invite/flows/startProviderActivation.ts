import { beginOAuth, oauthRedirectUri } from '@core/auth/oauthRequest';
import { StorageKeys } from '@core/storage/StorageService';

import type { Invite } from '../api/InviteApi';
import { serverMessage } from '../logic/callFailure';
import { type InviteFlow, invitePath } from '../logic/inviteQuery';
import { InviteTexts } from '../logic/texts';
import type { InviteServices } from './InviteServices';

/**
 * Leaves for Google or Okta with state `random|inviteId=…|/invite/{id}` (docs/sign-in-protocol.md).
 * `/login/callback` sees the invitation, parks `{ code, state }` and comes back to
 * `/invite/{id}?oktaRedirect=true&inviteFlow=…`. Rejects with the text to show: for Okta always
 * 'Invalid Okta domain' (spec §8), for Google the server's message.
 */
export async function startProviderActivation(
  { api, storage, nav }: InviteServices,
  inviteId: string,
  invite: Invite,
  provider: InviteFlow,
): Promise<void> {
  let url: string;
  try {
    const client =
      provider === 'okta'
        ? await api.oktaInviteClient(inviteId).then((okta) => ({ ...okta, clientId: okta.publicId }))
        : await api
            .googleProviderInfo()
            .then((google) => ({ ...google, clientId: google.publicId, clientIssuer: null }));
    if (!client.clientId || !client.authorizationEndpoint || !client.nonce)
      throw new Error('The provider look-up is incomplete');
    // Two-factor set-up re-validates Okta sessions against this issuer later.
    if (client.clientIssuer) storage.set(StorageKeys.oktaClientIssuer, client.clientIssuer);
    url = await beginOAuth({
      provider,
      inviteId,
      returnPath: invitePath(inviteId),
      clientId: client.clientId,
      authorizationEndpoint: client.authorizationEndpoint,
      tokenEndpoint: client.tokenEndpoint,
      nonce: client.nonce,
      redirectUri: oauthRedirectUri(),
      extraParams: { login_hint: invite.username },
      ...(client.clientIssuer ? { context: { domain: client.clientIssuer } } : {}),
    });
  } catch (error) {
    throw new Error(provider === 'okta' ? InviteTexts.oktaInvalid : serverMessage(error));
  }
  nav.assign(url);
}
