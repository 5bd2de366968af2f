import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

/**
 * The tenant's logo (`GET /um/logo`). An SVG travels as sanitised markup for the core icon
 * component (never as raw HTML); a raster image as an object URL the service owns and revokes.
 */
export type TenantLogo =
  { readonly kind: 'svg'; readonly markup: string } | { readonly kind: 'image'; readonly url: string };

/**
 * Branding of the signed-in console. The header subscribes to `logo$`; an administrator's
 * upload or removal calls `reload()`, so every header changes without a page reload.
 */
export interface BrandingService {
  /** `undefined` until the first answer, `null` when the tenant has no logo (show the product mark). */
  readonly logo$: Observable<TenantLogo | null | undefined>;
  /** Fetches the logo again (after an upload or removal). */
  reload(): void;
}

export const BrandingServiceToken = createServiceToken<BrandingService>('branding');
