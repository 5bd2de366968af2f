import type { OAuthCallbackHandoff } from '@core/auth/oauthHandoff';

import { passwordErrorText } from '../logic/mfaErrors';
import { continueSetup } from './continueSetup';
import { finishRevalidation, RevalidationError } from './finishRevalidation';
import type { Emit, MfaSetupServices } from './MfaSetupServices';

/** Back from the provider (`?revalidate=2fa`): its answer gives the recovery token, then the set-up continues. */
export async function resumeRevalidation(
  services: MfaSetupServices,
  handoff: OAuthCallbackHandoff | null,
  emit: Emit,
): Promise<void> {
  let revalidated;
  try {
    revalidated = await finishRevalidation(services.api, handoff);
  } catch (error) {
    emit({ type: 'finish', notice: error instanceof RevalidationError ? error.message : passwordErrorText(error) });
    return;
  }
  services.session.setRecoveryToken(revalidated.recoveryToken);
  await continueSetup(services, revalidated.purpose, emit);
}
