import { defer, type Observable, shareReplay } from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { type ApiClient, ApiClientToken } from '../api/ApiClient';
import { nextPaint } from '../util/nextPaint';
import type { CaptchaService } from './CaptchaService';
import type { RecaptchaClient } from './createRecaptchaClient';
import { getCaptchaSiteId } from './getCaptchaSiteId';

/**
 * Kept small on purpose: it is part of every first load. Google's script loader and the timeout
 * are a chunk fetched only once the API names a site, so an inactive captcha costs one look-up.
 */
@injectable()
export class DefaultCaptchaService implements CaptchaService {
  private loading?: Promise<RecaptchaClient | null>;
  // The notice's look-up is the first call of a signed-out visit, which loads axios
  // (docs/decisions/0031): asked once the form that shows it has painted, so the first screen's
  // scripts stay one wave. A token (getToken) is asked at once.
  // shareReplay: a form mounted later reads the answer at once instead of flashing without the notice.
  readonly active$: Observable<boolean> = defer(() =>
    nextPaint()
      .then(() => this.client())
      .then(Boolean, () => false),
  ).pipe(shareReplay(1));

  constructor(@inject(ApiClientToken) private readonly api: ApiClient) {}

  getToken(action: string): Promise<string | undefined> {
    return this.client().then(
      (client) => client?.token(action),
      () => undefined,
    );
  }

  /** The site id asked once per page load; with one, the script starts loading at once so a token is quick. */
  private client(): Promise<RecaptchaClient | null> {
    return (this.loading ??= getCaptchaSiteId(this.api).then((siteId) =>
      siteId ? import('./createRecaptchaClient').then((m) => m.createRecaptchaClient(siteId)) : null,
    ));
  }
}
