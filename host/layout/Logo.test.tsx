import { act, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { container as rootContainer } from 'tsyringe';
import { describe, expect, it } from 'vitest';

import { type BrandingService, BrandingServiceToken, type TenantLogo } from '@core/branding/BrandingService';
import { ServicesProvider } from '@core/react';

import { Logo } from './Logo';

function renderLogo() {
  const logo = new BehaviorSubject<TenantLogo | null | undefined>(undefined);
  const branding: BrandingService = { logo$: logo, reload: () => undefined };
  const services = rootContainer.createChildContainer();
  services.register(BrandingServiceToken, { useValue: branding });
  render(
    <ServicesProvider container={services}>
      <Logo />
    </ServicesProvider>,
  );
  return { logo };
}

describe('header logo', () => {
  it('shows the product mark until a logo is known and when there is none; follows changes without a reload', async () => {
    const { logo } = renderLogo();
    expect(screen.getByTestId('product-mark')).toBeTruthy();
    act(() => logo.next({ kind: 'image', url: 'blob:x/1' }));
    expect((screen.getByTestId('tenant-logo') as HTMLImageElement).src).toBe('blob:x/1');
    act(() =>
      logo.next({
        kind: 'svg',
        markup: '<svg viewBox="0 0 10 10"><script>alert(1)</script><rect width="5" height="5" onclick="x()"/></svg>',
      }),
    );
    const holder = await screen.findByTestId('tenant-logo', {}, { timeout: 5000 });
    const svg = holder.querySelector('svg')!;
    expect(svg.getAttribute('aria-label')).toBe('Logo');
    expect(svg.outerHTML).not.toMatch(/script|onclick/);
    expect(svg.querySelector('rect')).toBeTruthy();
    act(() => logo.next(null));
    expect(screen.getByTestId('product-mark')).toBeTruthy();
  });
});
