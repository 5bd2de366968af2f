/**
 * The page a user is led to after signing in when their tenant requires a phishing-resistant
 * method and they have no passkey yet (the sign-in answer's `passkeyRequired`); `returnUrl` is
 * where they were going, reached once a passkey is added.
 */
export const PASSKEY_REQUIRED_PATH = '/config/passkey';

export function passkeyRequiredPath(returnUrl: string): string {
  return `${PASSKEY_REQUIRED_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;
}
