import {
  concatMap,
  distinctUntilChanged,
  map,
  type Observable,
  of,
  shareReplay,
  startWith,
  Subject,
  switchMap,
} from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { type ApiClient, ApiClientToken } from '../api/ApiClient';
import { type SessionService, SessionServiceToken } from '../session/SessionService';
import type { BrandingService, TenantLogo } from './BrandingService';

/** The channel the console's tabs announce a changed logo on (same origin only). */
export const BRANDING_CHANNEL = 'jetp-branding';

/**
 * Fetches `GET /um/logo` while someone is signed in and listens (the header subscribes; nothing
 * is asked on the public pages). An SVG is sanitised in a lazy chunk (DOMPurify stays off every
 * first load) and handed on as markup; a raster image becomes an object URL that is revoked as
 * soon as another logo (or none) replaces it. A 204 (or, from an older API, a 404) means "no
 * logo": the product mark shows, and nothing is logged.
 * `reload()` also tells the console's other tabs (a BroadcastChannel: the storage service is no
 * message bus), so an upload or removal changes every open header, not only this tab's.
 */
@injectable()
export class DefaultBrandingService implements BrandingService {
  private readonly reloads = new Subject<void>();
  private objectUrl: string | null = null;
  private readonly tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(BRANDING_CHANNEL);
  readonly logo$: Observable<TenantLogo | null | undefined>;

  constructor(
    @inject(ApiClientToken) private readonly api: ApiClient,
    @inject(SessionServiceToken) private readonly session: SessionService,
  ) {
    const user$ = this.session.profile$.pipe(
      map((profile) => profile?.email ?? null),
      distinctUntilChanged(),
    );
    this.logo$ = user$.pipe(
      // concatMap: every answer is adopted in order, so each replaced object URL is revoked.
      switchMap((user) =>
        user === null
          ? of(null)
          : this.reloads.pipe(
              startWith(undefined),
              concatMap(() => this.fetch()),
            ),
      ),
      map((logo) => this.adopt(logo)),
      startWith(undefined),
      shareReplay({ bufferSize: 1, refCount: false }),
    );
    // Another tab changed the logo: fetch it (only heard while signed in, see logo$).
    if (this.tabs) this.tabs.onmessage = () => this.reloads.next();
  }

  reload(): void {
    this.reloads.next();
    this.tabs?.postMessage('logo');
  }

  /** Stops listening to other tabs (tsyringe calls it on `container.dispose()`). */
  dispose(): void {
    this.tabs?.close();
  }

  private async fetch(): Promise<TenantLogo | null> {
    try {
      // send: the status (204) and the Content-Type say what the bytes are.
      const response = await this.api.send('get', '/um/logo', { responseType: 'blob', skipGlobalErrors: [403, 404] });
      // 204: no logo (the usual case, answered without an error so no page logs one).
      if (response.status === 204 || !response.data) return null;
      const blob = response.data;
      const type = (blob.type || String(response.headers['content-type'] ?? '')).toLowerCase();
      if (type.startsWith('image/svg')) {
        const [{ sanitizeSvgMarkup }, text] = await Promise.all([import('../ui/ServerSvg/sanitizeSvg'), blob.text()]);
        const markup = sanitizeSvgMarkup(text);
        return markup ? { kind: 'svg', markup } : null;
      }
      if (type === 'image/png' || type === 'image/jpeg') return { kind: 'image', url: URL.createObjectURL(blob) };
      return null;
    } catch {
      // 404 (no logo), 403, a network failure: the product mark is the honest fallback.
      return null;
    }
  }

  /** Revokes the previous object URL once a new answer replaces it. */
  private adopt(logo: TenantLogo | null): TenantLogo | null {
    const nextUrl = logo?.kind === 'image' ? logo.url : null;
    if (this.objectUrl && this.objectUrl !== nextUrl) URL.revokeObjectURL(this.objectUrl);
    this.objectUrl = nextUrl;
    return logo;
  }
}
