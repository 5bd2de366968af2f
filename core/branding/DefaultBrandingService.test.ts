import 'reflect-metadata';

import { filter, firstValueFrom, type Observable } from 'rxjs';
import { container as rootContainer } from 'tsyringe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeSessionService } from '../../tests/harness/fakeSession';
import { makeTestToken } from '../../tests/harness/tokens';
import { MemoryNavigationService } from '../navigation/MemoryNavigationService';
import { NavigationServiceToken } from '../navigation/NavigationService';
import { registerCoreServices } from '../registerCoreServices';
import { SessionServiceToken } from '../session/SessionService';
import { createFakeAxios, type FakeReply } from '../testing';
import { BrandingServiceToken, type TenantLogo } from './BrandingService';

const created: string[] = [];
const revoked: string[] = [];

beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  // jsdom has no object URLs; record what the service creates and revokes.
  let n = 0;
  URL.createObjectURL = () => {
    const url = `blob:test/${++n}`;
    created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
// Each test's services stop listening to the other "tabs" (BroadcastChannel) when it ends.
const containers: { dispose(): unknown }[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(containers.splice(0).map((c) => c.dispose()));
});

function setup(reply: () => FakeReply, token: string | null = makeTestToken(['gln#rpt#r'])) {
  const fake = createFakeAxios(() => reply());
  const session = new FakeSessionService(token);
  const container = registerCoreServices(rootContainer.createChildContainer(), {
    axios: fake.axios,
    services: [
      [SessionServiceToken, session],
      [NavigationServiceToken, new MemoryNavigationService('/gluon')],
    ],
  });
  containers.push(container);
  return { branding: container.resolve(BrandingServiceToken), requests: fake.requests, session };
}

const answered = (logo$: Observable<TenantLogo | null | undefined>) =>
  firstValueFrom(logo$.pipe(filter((logo) => logo !== undefined)));
const blob = (body: string, type: string) => new Blob([body], { type });

describe('DefaultBrandingService', () => {
  it('null (the product mark) when the tenant has no logo: 204, or 404 from an older API; nothing is logged', async () => {
    const logged = vi.spyOn(console, 'error');
    const warned = vi.spyOn(console, 'warn');
    for (const reply of [
      { status: 204, data: null },
      { status: 404, data: blob('{"message":"No logo has been uploaded."}', 'application/json') },
    ]) {
      const { branding, requests } = setup(() => reply);
      expect(await answered(branding.logo$)).toBeNull();
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /um/logo']);
    }
    expect(logged).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
  });

  it('an SVG arrives as sanitised markup', async () => {
    const { branding } = setup(() => ({
      status: 200,
      data: blob(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>x()</script><path d="M0 0h1"/></svg>',
        'image/svg+xml',
      ),
    }));
    const logo = await answered(branding.logo$);
    expect(logo?.kind).toBe('svg');
    const markup = (logo as { markup: string }).markup;
    expect(markup).toContain('<path');
    expect(markup).not.toMatch(/onload|script/);
  });

  it('a raster logo becomes an object URL, revoked when reload() brings another', async () => {
    let body = 'png-1';
    const { branding } = setup(() => ({ status: 200, data: blob(body, 'image/png') }));
    const seen: (TenantLogo | null | undefined)[] = [];
    const sub = branding.logo$.subscribe((logo) => seen.push(logo));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ kind: 'image', url: 'blob:test/1' }));
    body = 'png-2';
    branding.reload();
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ kind: 'image', url: 'blob:test/2' }));
    expect(revoked).toEqual(['blob:test/1']);
    sub.unsubscribe();
  });

  it('asks nothing while signed out, and drops the logo at sign-out', async () => {
    const { branding, requests, session } = setup(() => ({ status: 200, data: blob('png', 'image/png') }), null);
    const seen: (TenantLogo | null | undefined)[] = [];
    const sub = branding.logo$.subscribe((logo) => seen.push(logo));
    await vi.waitFor(() => expect(seen.at(-1)).toBeNull());
    expect(requests).toHaveLength(0);
    session.setToken(makeTestToken(['gln#rpt#r']));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ kind: 'image', url: 'blob:test/1' }));
    session.setToken(null);
    await vi.waitFor(() => expect(seen.at(-1)).toBeNull());
    expect(revoked).toEqual(['blob:test/1']);
    sub.unsubscribe();
  });

  it("another tab's reload() (an upload or removal there) fetches the logo here too, without a page reload", async () => {
    let body = 'png-1';
    const here = setup(() => ({ status: 200, data: blob(body, 'image/png') }));
    const there = setup(() => ({ status: 200, data: blob(body, 'image/png') }));
    const seen: (TenantLogo | null | undefined)[] = [];
    const sub = here.branding.logo$.subscribe((logo) => seen.push(logo));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ kind: 'image', url: 'blob:test/1' }));
    body = 'png-2';
    there.branding.reload();
    await vi.waitFor(() => expect(here.requests).toHaveLength(2));
    // The other tab itself asks nothing (it is not showing a header here).
    expect(there.requests).toHaveLength(0);
    await vi.waitFor(() => expect(revoked).toEqual(['blob:test/1']));
    expect(seen.at(-1)).toEqual({ kind: 'image', url: created.at(-1) });
    sub.unsubscribe();
  });
});
