// Imported statically: this module is the lazy chunk (browserPasskeys loads it on first use), and
// the library inside a module of ours shares the first load's runtime helpers instead of splitting
// them into a file of their own that /login would fetch.
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';

import { PasskeyCancelled } from './PasskeyBrowser';

/** Cancelled, timed out, or aborted by a newer request: the browser says NotAllowedError / AbortError. */
function cancelled(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const cause = (error as { cause?: { name?: unknown } } | null)?.cause?.name;
  const code = (error as { code?: unknown } | null)?.code;
  return (
    name === 'NotAllowedError' ||
    name === 'AbortError' ||
    cause === 'NotAllowedError' ||
    cause === 'AbortError' ||
    code === 'ERROR_CEREMONY_ABORTED'
  );
}

async function translate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw cancelled(error) ? new PasskeyCancelled() : error;
  }
}

/** navigator.credentials.create through @simplewebauthn/browser (this module is loaded on first use). */
export const register = (options: Record<string, unknown>) =>
  translate(async () => {
    return { ...(await startRegistration({ optionsJSON: options as never })) };
  });

/** navigator.credentials.get, or with `autofill` the username field's suggestions. */
export const authenticate = (options: Record<string, unknown>, autofill = false) =>
  translate(async () => {
    return { ...(await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill })) };
  });

/** Whether the username field's suggestions may offer passkeys (conditional UI). */
export async function autofillAvailable(): Promise<boolean> {
  const check = typeof window === 'undefined' ? undefined : window.PublicKeyCredential?.isConditionalMediationAvailable;
  return typeof check === 'function' ? check.call(window.PublicKeyCredential).catch(() => false) : false;
}
