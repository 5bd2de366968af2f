import { postVerifyQr } from '../api/postVerifyQr';
import { isRecoveryExpired, verifyErrorText } from '../logic/mfaErrors';
import type { Emit, MfaSetupServices } from './MfaSetupServices';

/** The QR step's six-digit code: a match turns MFA on. Answers the field error, or nothing. */
export async function verifyAuthenticator({ http, session }: Pick<MfaSetupServices, 'http' | 'session'>, code: string, emit: Emit): Promise<string | undefined> {
  try {
    await postVerifyQr(http, code);
  } catch (error) {
    if (!isRecoveryExpired(error)) return verifyErrorText(error);
    emit({ type: 'expired' });
    return undefined;
  }
  session.updateProfile({ totpEnabled: true });
  emit({ type: 'verified' });
  return undefined;
}
