/**
 * The browser's side of passkeys (WebAuthn), behind an interface so flows are tested with a fake.
 * Options and answers are the JSON forms the API sends and reads (@simplewebauthn).
 */
export interface PasskeyBrowser {
  /** Whether this browser can use passkeys at all (no library loaded to answer). */
  supported(): boolean;
  /** Whether passkeys can be offered in the username field's autofill (conditional UI). */
  autofillAvailable(): Promise<boolean>;
  /** navigator.credentials.create with the API's options; rejects with PasskeyCancelled when the user backs out. */
  register(options: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * navigator.credentials.get with the API's options; `autofill`: wait for the user to pick a
   * passkey in the username field's suggestions. A later call aborts a waiting one.
   */
  authenticate(options: Record<string, unknown>, autofill?: boolean): Promise<Record<string, unknown>>;
}

/** The user closed the browser's passkey dialog, or it timed out (nothing to report as a failure). */
export class PasskeyCancelled extends Error {
  constructor() {
    super('The passkey request was cancelled.');
    this.name = 'PasskeyCancelled';
  }
}
