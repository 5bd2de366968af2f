import type { PasskeyBrowser } from './PasskeyBrowser';

// The ceremonies and the library (~6 KB brotli) are their own chunks, fetched the first time a
// passkey is used: /login's first load holds only the check below (docs/decisions/0023).
const ceremonies = () => import('./webauthnCeremonies');

/** PasskeyBrowser over navigator.credentials, through @simplewebauthn/browser. */
export const browserPasskeys: PasskeyBrowser = {
  supported: () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function',
  autofillAvailable: async () => (await ceremonies()).autofillAvailable(),
  register: async (options) => (await ceremonies()).register(options),
  authenticate: async (options, autofill = false) => (await ceremonies()).authenticate(options, autofill),
};
