import { beginOAuth, oauthRedirectUri } from '@core/auth/oauthRequest';
import { callFailure } from '@core/http/callFailure';

import type { Invite } from '../api/InviteApi';
import { DASHBOARD_PATH } from '../logic/inviteQuery';
import { InviteTexts } from '../logic/texts';
import type { InviteServices } from './InviteServices';

/** Spec §9: the vendor sign-in gives up waiting for its redirect data after 5 s. */
export const JAMF_REDIRECT_TIMEOUT_MS = 5000;

/**
 * The vendor IdP (spec §7: "Invite Jamf redirect data takes email and returnUrl '/gluon'"): look
 * up the connection of the invitation's e-mail domain and leave with state `inviteId=…`;
 * `/login/callback` activates the invited user and signs in. Rejects with the text to show.
 */
export async function startJamfActivation(
  { api, nav }: InviteServices,
  inviteId: string,
  invite: Invite,
): Promise<void> {
  const domain = invite.username.slice(invite.username.lastIndexOf('@') + 1).toLowerCase();
  let url: string;
  try {
    const info = await api.jamfProviderInfo(domain, JAMF_REDIRECT_TIMEOUT_MS);
    if (!info?.publicId || !info.authorizationEndpoint || !info.nonce)
      throw new Error('The provider look-up is incomplete');
    url = await beginOAuth({
      provider: 'jamf',
      inviteId,
      returnPath: DASHBOARD_PATH,
      clientId: info.publicId,
      authorizationEndpoint: info.authorizationEndpoint,
      nonce: info.nonce,
      redirectUri: oauthRedirectUri(),
      extraParams: { login_hint: invite.username, connection: info.connectionName ?? undefined },
    });
  } catch (error) {
    const { status, message } = callFailure(error);
    throw new Error(message && status > 0 && status < 500 ? message : InviteTexts.jamfUnavailable);
  }
  nav.assign(url);
}
