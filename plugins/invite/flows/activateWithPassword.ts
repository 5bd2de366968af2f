import type { Invite } from '../api/InviteApi';
import { serverMessage } from '../logic/callFailure';
import { completeInviteSignIn, type InviteSignIn } from './completeInviteSignIn';
import type { InviteServices } from './InviteServices';

/** Where the password activation stopped: before the account was active, or after. */
export class PasswordActivationError extends Error {
  constructor(
    readonly stage: 'activation' | 'sign-in',
    message: string,
  ) {
    super(message);
    this.name = 'PasswordActivationError';
  }
}

/**
 * Spec §4 "Password": change the password from the invite, then sign in with the invite's e-mail
 * and the new password (with a captcha token while captcha is active: /um/login is guarded,
 * setPassword is not).
 */
export async function activateWithPassword(
  services: InviteServices,
  inviteId: string,
  invite: Invite,
  password: string,
): Promise<InviteSignIn> {
  try {
    await services.api.setPassword(inviteId, password);
  } catch (error) {
    throw new PasswordActivationError('activation', serverMessage(error));
  }
  try {
    const answer = await services.api.login({
      username: invite.username,
      password,
      captchaToken: await services.captcha.getToken('login'),
    });
    return await completeInviteSignIn(services, answer, invite.username);
  } catch (error) {
    // The invitation is used now: retrying here would only say it expired.
    throw new PasswordActivationError('sign-in', serverMessage(error));
  }
}
