import type { OAuthCallbackHandoff } from '@core/auth/oauthHandoff';

import { LoginTexts } from '../logic/texts';
import { completeSignIn } from './completeSignIn';
import { finishProviderSignIn, ProviderSignInError } from './finishProviderSignIn';
import { type FlowResult, go } from './FlowResult';
import type { LoginServices } from './LoginServices';

/**
 * Okta and Google answers (redirect return on okta-waiting, or the Google popup): sign in, or
 * two-auth, or back to login with the failure in the Callout. A failure of a return from Okta
 * (`returnFrom` 'okta') is titled 'Invalid Okta domain' (spec §8 "Okta failure"), its reason below;
 * Google's keep 'Access Denied'.
 */
export async function providerSignIn(
  services: LoginServices,
  handoff: OAuthCallbackHandoff | null,
  returnUrl: string | null,
  returnFrom?: 'okta',
): Promise<FlowResult> {
  try {
    const signIn = await finishProviderSignIn(services, handoff, await services.captcha.getToken('login'));
    return await completeSignIn(services, signIn.result, {
      username: signIn.result.user?.email ?? signIn.email,
      returnUrl: signIn.returnPath ?? returnUrl,
      provider: signIn.provider,
    });
  } catch (error) {
    const title =
      returnFrom === 'okta'
        ? LoginTexts.oktaInvalid
        : error instanceof ProviderSignInError
          ? error.title
          : LoginTexts.accessDenied;
    const notice = {
      title,
      message: error instanceof ProviderSignInError ? error.description : LoginTexts.unknownError,
    };
    return go({ type: 'back-to-login', notice });
  }
}
