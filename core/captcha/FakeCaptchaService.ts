import { type Observable, of } from 'rxjs';

import type { CaptchaService } from './CaptchaService';

/**
 * For tests, as `[CaptchaServiceToken, new FakeCaptchaService('token-1')]`: active and answering
 * that token when one is given, inactive (no token) otherwise; `actions` records what was asked.
 */
export class FakeCaptchaService implements CaptchaService {
  readonly actions: string[] = [];
  readonly active$: Observable<boolean>;

  constructor(private readonly token?: string) {
    this.active$ = of(token !== undefined);
  }

  async getToken(action: string): Promise<string | undefined> {
    this.actions.push(action);
    return this.token;
  }
}
