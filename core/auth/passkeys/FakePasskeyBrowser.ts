import { type PasskeyBrowser, PasskeyCancelled } from './PasskeyBrowser';

/** A PasskeyBrowser for tests: records the options it was given and answers what the test set. */
export class FakePasskeyBrowser implements PasskeyBrowser {
  readonly calls: { kind: 'register' | 'authenticate'; options: Record<string, unknown>; autofill?: boolean }[] = [];
  /** What the next ceremony answers; 'cancel' rejects as the user closing the dialog. */
  answer: Record<string, unknown> | 'cancel' = { id: 'credential-1', type: 'public-key' };

  constructor(
    private readonly isSupported = true,
    private readonly autofill = false,
  ) {}

  supported(): boolean {
    return this.isSupported;
  }
  async autofillAvailable(): Promise<boolean> {
    return this.autofill;
  }
  async register(options: Record<string, unknown>): Promise<Record<string, unknown>> {
    this.calls.push({ kind: 'register', options });
    return this.respond();
  }
  async authenticate(options: Record<string, unknown>, autofill = false): Promise<Record<string, unknown>> {
    this.calls.push({ kind: 'authenticate', options, autofill });
    return this.respond();
  }
  private respond(): Record<string, unknown> {
    if (this.answer === 'cancel') throw new PasskeyCancelled();
    return this.answer;
  }
}
