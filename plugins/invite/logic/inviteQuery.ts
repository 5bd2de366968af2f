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

/** Spec §7: the Jamf redirect's returnUrl. */
export const DASHBOARD_PATH = '/gluon';
/**
 * Where 'Skip to dashboard' goes: the console's root, which sends the new user to their landing.
 * That is /gluon (spec §2 step 2) for everyone gluon permits; a user without gluon (monitoring or
 * administration only) lands on their own product instead of "Gluon is not enabled".
 */
export const CONSOLE_ROOT = '/';
export const TWO_FACTOR_SETUP_PATH = '/gluon/config/2fa';
