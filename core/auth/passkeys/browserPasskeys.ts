import { type PasskeyBrowser, PasskeyCancelled } from './PasskeyBrowser';

// The library (~6 KB brotli) is its own chunk, fetched the first time a passkey is used: never in
// /login's first load (docs/decisions/0023).
const library = () => import('@simplewebauthn/browser');

/** Cancelled, timed out, or aborted by a newer request: the browser says NotAllowedError / AbortError. */
function cancelled(error: unknown): boolean {
  const name = (error as { name?: unknown; cause?: { name?: unknown } } | null)?.name;
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

/** PasskeyBrowser over navigator.credentials, through @simplewebauthn/browser. */
export const browserPasskeys: PasskeyBrowser = {
  supported: () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function',
  async autofillAvailable() {
    const check =
      typeof window === 'undefined' ? undefined : window.PublicKeyCredential?.isConditionalMediationAvailable;
    return typeof check === 'function' ? check.call(window.PublicKeyCredential).catch(() => false) : false;
  },
  register: (options) =>
    translate(async () => {
      const { startRegistration } = await library();
      return { ...(await startRegistration({ optionsJSON: options as never })) };
    }),
  authenticate: (options, autofill = false) =>
    translate(async () => {
      const { startAuthentication } = await library();
      return { ...(await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill })) };
    }),
};
