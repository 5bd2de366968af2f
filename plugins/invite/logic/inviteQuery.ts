import { invitePaths } from '@common/invite/paths';
/** The provider whose answer `/login/callback` parked for this page. */
export type InviteFlow = 'okta' | 'google';

/** `?oktaRedirect=true&inviteFlow=okta|google`: the return from an Okta or Google activation. */
export function parseInviteQuery(search: string): { returning: boolean; flow: InviteFlow | null } {
  const params = new URLSearchParams(search);
  const flow = params.get('inviteFlow');
  return {
    returning: params.get('oktaRedirect') === 'true',
    flow: flow === 'okta' || flow === 'google' ? flow : null,
  };
}

/** Where the provider's answer comes back to (the callback adds the query). */
export function invitePath(inviteId: string): string {
  return invitePaths.invitation(inviteId);
}

/**
 * Spec §7: the Jamf redirect's returnUrl; and where 'Skip to dashboard' goes (spec §2, invite
 * wizard step 2: "goes to /gluon"). The spec wins over sending the user to the console's root: a
 * user without gluon meets /gluon's "not enabled" page and its way on, as every other entry to
 * /gluon does.
 */
export const DASHBOARD_PATH = '/gluon';
export const TWO_FACTOR_SETUP_PATH = '/gluon/config/2fa';
