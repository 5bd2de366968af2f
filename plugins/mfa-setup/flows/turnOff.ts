import { recoveryCallFailed } from '../logic/mfaSetupReducer';
import type { Emit, MfaSetupServices } from './MfaSetupServices';

/**
 * After re-validation, turning off (spec §4): confirmation, DELETE, totpEnabled false, and this
 * user's remembered device forgotten.
 */
export async function turnOff(
  { api, session, modals, toasts }: Pick<MfaSetupServices, 'api' | 'session' | 'modals' | 'toasts'>,
  emit: Emit,
): Promise<void> {
  if (!(await modals.confirm('Turn off two-factor authentication? Signing in will only ask for your password.'))) {
    emit({ type: 'finish' });
    return;
  }
  try {
    await api.deleteTotp();
    session.updateProfile({ totpEnabled: false });
    const username = session.profile()?.username;
    if (username) session.forgetDevice(username);
    emit({ type: 'finish' });
    toasts.success('Two-factor authentication', 'Two-factor authentication is off');
  } catch (error) {
    emit(recoveryCallFailed(error));
  }
}
