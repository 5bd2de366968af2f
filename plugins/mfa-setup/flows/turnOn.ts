import { getTotpQr } from '../api/getTotpQr';
import { putTotpCreate } from '../api/putTotpCreate';
import { recoveryCallFailed } from '../logic/mfaSetupReducer';
import type { Emit, MfaSetupServices } from './MfaSetupServices';

/** After re-validation, turning on: a new secret (QR step with the key as text), then its QR image. */
export async function turnOn({ http }: Pick<MfaSetupServices, 'http'>, emit: Emit): Promise<void> {
  try {
    emit({ type: 'qr-created', setup: await putTotpCreate(http) });
    emit({ type: 'qr-image', image: await getTotpQr(http) });
  } catch (error) {
    emit(recoveryCallFailed(error));
  }
}
