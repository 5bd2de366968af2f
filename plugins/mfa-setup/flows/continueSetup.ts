import type { MfaPurpose } from '../logic/mfaSetupReducer';
import type { Emit, MfaSetupServices } from './MfaSetupServices';
import { turnOff } from './turnOff';
import { turnOn } from './turnOn';

/** What follows a successful re-validation, by password or at the provider. */
export function continueSetup(services: MfaSetupServices, purpose: MfaPurpose, emit: Emit): Promise<void> {
  return purpose === 'enable' ? turnOn(services, emit) : turnOff(services, emit);
}
