import { callFailure } from '@core/http/callFailure';

import { loginErrorMessage } from '../logic/loginErrorMessage';
import { completeSignIn } from './completeSignIn';
import { fieldError, type FlowResult } from './FlowResult';
import type { LoginServices } from './LoginServices';

export interface PasswordCredentials {
  username: string;
  password: string;
}

/** The login step (spec §4, §8): POST /um/login with this user's remembered device and a captcha token. */
export async function passwordSignIn(
  services: LoginServices,
  { username, password }: PasswordCredentials,
  returnUrl: string | null,
): Promise<FlowResult> {
  const trimmed = username.trim();
  try {
    const answer = await services.api.login({
      username: trimmed,
      password,
      rememberToken: services.session.rememberedDevice(trimmed) ?? undefined,
      captchaToken: await services.captcha.getToken('login'),
    });
    return await completeSignIn(services, answer, { username: trimmed, returnUrl });
  } catch (error) {
    return fieldError(loginErrorMessage(callFailure(error)));
  }
}
