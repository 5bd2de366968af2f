import { isRecoveryExpired, verifyErrorText } from '../logic/mfaErrors';
import type { Emit, MfaSetupServices } from './MfaSetupServices';

/** The QR step's six-digit code: a match turns MFA on. Answers the field error, or nothing. */
export async function verifyAuthenticator(
  { api, session }: Pick<MfaSetupServices, 'api' | 'session'>,
  code: string,
  emit: Emit,
): Promise<string | undefined> {
  try {
    await api.verifyQr(code);
  } catch (error) {
    if (!isRecoveryExpired(error)) return verifyErrorText(error);
    emit({ type: 'expired' });
    return undefined;
  }
  session.updateProfile({ totpEnabled: true });
  emit({ type: 'verified' });
  return undefined;
}
