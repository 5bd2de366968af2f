import { Suspense } from 'react';

import { BrandingServiceToken } from '@core/branding/BrandingService';
import { useObservable, useService } from '@core/react';

import { lazyComponent } from '../routing/lazyComponent';

// DOMPurify and the SVG component are a chunk fetched only when the tenant's logo is an SVG.
const loadServerSvg = () => import('@core/ui/ServerSvg/ServerSvg').then((m) => ({ default: m.ServerSvg }));

/** The suite's mark; inline so the top bar needs no extra request. */
export function ProductMark() {
  return (
    <svg
      className="host-logo"
      width="28"
      height="28"
      viewBox="0 0 32 32"
      role="img"
      aria-label="Logo"
      data-testid="product-mark"
    >
      <path d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7L16 2Z" fill="currentColor" opacity=".9" />
      <path
        d="m11 16 3.5 3.5L21 13"
        fill="none"
        stroke="var(--host-logo-check, #fff)"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The tenant's logo from the BrandingService (spec §1 "customer logo"), the product mark while
 * none is known or when there is none; an upload or removal elsewhere changes it here at once.
 * `src` (a host option) wins over both.
 */
export function Logo({ src }: { src?: string }) {
  const branding = useService(BrandingServiceToken);
  const logo = useObservable(branding.logo$, undefined);
  if (src) return <img className="host-logo" src={src} alt="Logo" height={28} />;
  if (logo?.kind === 'image')
    return <img className="host-logo host-tenant-logo" src={logo.url} alt="Logo" data-testid="tenant-logo" />;
  if (logo?.kind === 'svg') {
    const ServerSvg = lazyComponent(loadServerSvg);
    return (
      <Suspense fallback={<ProductMark />}>
        <ServerSvg
          markup={logo.markup}
          width="auto"
          height={28}
          label="Logo"
          className="host-logo host-tenant-logo"
          fallback={<ProductMark />}
          data-testid="tenant-logo"
        />
      </Suspense>
    );
  }
  return <ProductMark />;
}
