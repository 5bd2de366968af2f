import { callFailure } from '@core/http/callFailure';

import { loginErrorMessage } from '../logic/loginErrorMessage';
import type { LoginServices } from './LoginServices';

/** lost-password: mails a reset link (a captcha token while captcha is active); answers the error text to show, or nothing. */
export async function requestPasswordReset(
  { api, captcha }: Pick<LoginServices, 'api' | 'captcha'>,
  email: string,
): Promise<string | undefined> {
  try {
    await api.requestPasswordReset({ username: email, captchaToken: await captcha.getToken('password_recovery') });
    return undefined;
  } catch (error) {
    const info = callFailure(error);
    // Unknown addresses get the same confirmation: the page must not reveal accounts.
    if (info.status === 404) return undefined;
    return loginErrorMessage(info);
  }
}
