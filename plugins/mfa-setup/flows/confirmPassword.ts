import { postValidatePassword } from '../api/postValidatePassword';
import { passwordErrorText } from '../logic/mfaErrors';
import type { MfaSetupServices } from './MfaSetupServices';

/** The password check: its answer is the 10-minute recovery token. Answers the error text, or nothing. */
export async function confirmPassword({ http, session }: Pick<MfaSetupServices, 'http' | 'session'>, password: string): Promise<string | undefined> {
  try {
    session.setRecoveryToken(await postValidatePassword(http, password));
    return undefined;
  } catch (error) {
    return passwordErrorText(error);
  }
}
