import { defer, shareReplay, type Observable } from 'rxjs';
import { inject, injectable } from 'tsyringe';
import { HttpServiceToken, type HttpService } from '../http/HttpService';
import type { CaptchaService } from './CaptchaService';
import type { RecaptchaClient } from './createRecaptchaClient';

/**
 * Kept small on purpose: it is part of every first load. The site-id request, the script loader
 * and the timeout live in a chunk fetched on first use (createRecaptchaClient).
 */
@injectable()
export class DefaultCaptchaService implements CaptchaService {
  private loading?: Promise<RecaptchaClient>;
  // shareReplay: a form mounted later reads the answer at once instead of flashing without the notice.
  readonly active$: Observable<boolean> = defer(() => this.client().then((client) => client.active, () => false)).pipe(shareReplay(1));

  constructor(@inject(HttpServiceToken) private readonly http: HttpService) {}

  getToken(action: string): Promise<string | undefined> {
    return this.client().then((client) => client.token(action), () => undefined);
  }

  private client(): Promise<RecaptchaClient> {
    return (this.loading ??= import('./createRecaptchaClient').then((m) => m.createRecaptchaClient(this.http)));
  }
}
