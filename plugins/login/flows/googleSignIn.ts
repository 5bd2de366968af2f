import { callFailure } from '@core/http/callFailure';

import { loginErrorMessage } from '../logic/loginErrorMessage';
import { LoginTexts } from '../logic/texts';
import { done, fieldError, type FlowResult, go } from './FlowResult';
import { isGoogleNotConfigured } from './googleNotConfigured';
import type { LoginServices } from './LoginServices';

/**
 * "Sign in with Google" (spec §8) once the popup was opened in the click (null: blocked). A
 * blocked popup falls back to the full-page redirect; a popup closed without an answer shows
 * 'Third-party cookies should be enabled'; the provider's refusal shows as 'Access Denied'. A failed
 * client look-up still signs in, with a provider that has no id (spec §4, flows/lookUpGoogle.ts).
 */
export async function googleSignIn(
  services: LoginServices,
  popup: Window | null,
  returnUrl: string | null,
): Promise<FlowResult> {
  try {
    if (!popup) {
      const { startGoogle } = await import('./startGoogle');
      await startGoogle(services, returnUrl);
      return done;
    }
    // Lazy: only a popup sign-in needs them (first load of /login).
    const [{ runGooglePopup }, { providerSignIn }] = await Promise.all([
      import('./runGooglePopup'),
      import('./providerSignIn'),
    ]);
    const outcome = await runGooglePopup(services, popup, returnUrl);
    // A provider with no id (spec §4: the look-up failed): Google's own page said what is wrong.
    if (outcome.kind === 'closed') return outcome.withoutId ? done : fieldError(LoginTexts.thirdPartyCookies);
    if (outcome.kind === 'refused')
      return go({ type: 'back-to-login', notice: { title: LoginTexts.accessDenied, message: outcome.description } });
    return await providerSignIn(services, outcome.handoff, returnUrl);
  } catch (error) {
    return fieldError(
      isGoogleNotConfigured(error) ? LoginTexts.googleNotConfigured : loginErrorMessage(callFailure(error)),
    );
  }
}
