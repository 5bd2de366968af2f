import { recoveryCallFailed } from '../logic/mfaSetupReducer';
import type { Emit, MfaSetupServices } from './MfaSetupServices';

/** After re-validation, turning on: a new secret (QR step with the key as text), then its QR image. */
export async function turnOn({ api }: Pick<MfaSetupServices, 'api'>, emit: Emit): Promise<void> {
  try {
    emit({ type: 'qr-created', setup: await api.createTotp() });
    emit({ type: 'qr-image', image: await api.totpQr() });
  } catch (error) {
    emit(recoveryCallFailed(error));
  }
}
