import { passwordErrorText } from '../logic/mfaErrors';
import type { MfaSetupServices } from './MfaSetupServices';

/**
 * The password check (with a captcha token while captcha is active): its answer is the 10-minute
 * recovery token. Answers the error text, or nothing.
 */
export async function confirmPassword(
  { api, session, captcha }: Pick<MfaSetupServices, 'api' | 'session' | 'captcha'>,
  password: string,
): Promise<string | undefined> {
  try {
    session.setRecoveryToken(
      await api.validatePassword({ password, captchaToken: await captcha.getToken('validate_password') }),
    );
    return undefined;
  } catch (error) {
    return passwordErrorText(error);
  }
}
