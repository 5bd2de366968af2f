import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { definePlugin } from '@core/plugin/PluginManifest';
import { type Theme, type ThemeService, ThemeServiceToken } from '@core/theme/ThemeService';
import { type Toast, type ToastService, ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../harness/renderHost';
import { pageLoader, testLoginPlugin, testProduct } from '../harness/testPlugins';
import { makeTestToken } from '../harness/tokens';

const token = makeTestToken(['gln#rpt#r']);

function headerPlugin(items: { id: string; slot: 'start' | 'center' | 'end'; order: number; text: string }[]) {
  return definePlugin({
    id: 'chrome',
    title: 'Chrome',
    kind: 'shell',
    requires: [],
    routes: [],
    header: items.map((item) => ({
      id: item.id,
      slot: item.slot,
      order: item.order,
      component: async () => ({ default: () => <span data-testid="contribution">{item.text}</span> }),
    })),
  });
}

describe('host shell', () => {
  const originalWidth = window.innerWidth;
  afterEach(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: originalWidth });
  });

  it('keeps the shell up when a plugin page crashes, with an error panel naming it', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = definePlugin({
      id: 'gluon',
      title: 'Gluon',
      kind: 'product',
      requires: ['gln'],
      prefixes: ['gln'],
      routes: [
        {
          path: '',
          page: async () => ({
            default: () => {
              throw new Error('boom in gluon');
            },
          }),
        },
      ],
    });
    renderHost({
      plugins: [broken, headerPlugin([{ id: 'a', slot: 'end', order: 1, text: 'still here' }])],
      token,
      path: '/gluon',
    });
    expect(await screen.findByText('Gluon ran into a problem')).toBeTruthy();
    expect(screen.getByText('boom in gluon')).toBeTruthy();
    expect(screen.getByTestId('host-top-bar')).toBeTruthy();
    expect(await screen.findByText('still here')).toBeTruthy();
    spy.mockRestore();
  });

  it('shows an error panel when a page chunk fails to load', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = definePlugin({
      id: 'electron',
      title: 'Electron',
      kind: 'product',
      requires: ['elc'],
      prefixes: ['elc'],
      routes: [{ path: '', page: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) }],
    });
    renderHost({ plugins: [offline], token: makeTestToken(['elc#a#r']), path: '/electron' });
    expect(await screen.findByText('Electron ran into a problem')).toBeTruthy();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
    spy.mockRestore();
  });

  it('renders header contributions in their slots, ordered', async () => {
    renderHost({
      plugins: [
        testProduct('gluon', ['gln']),
        headerPlugin([
          { id: 'late', slot: 'end', order: 20, text: 'end-20' },
          { id: 'early', slot: 'end', order: 10, text: 'end-10' },
          { id: 'mid', slot: 'center', order: 1, text: 'center-1' },
          { id: 'first', slot: 'start', order: 5, text: 'start-5' },
        ]),
      ],
      token,
      path: '/gluon',
    });
    await screen.findByText('end-20');
    const slot = (name: string) => document.querySelector(`[data-slot="${name}"]`) as HTMLElement;
    expect(
      within(slot('end'))
        .getAllByTestId('contribution')
        .map((n) => n.textContent),
    ).toEqual(['end-10', 'end-20']);
    expect(within(slot('center')).getByText('center-1')).toBeTruthy();
    expect(within(slot('start')).getByText('start-5')).toBeTruthy();
  });

  it('shows no top bar on bare public pages', async () => {
    renderHost({
      plugins: [testLoginPlugin, headerPlugin([{ id: 'a', slot: 'end', order: 1, text: 'x' }])],
      path: '/login',
    });
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(screen.queryByTestId('host-top-bar')).toBeNull();
  });

  it('shows the title next to the logo on wide screens only', async () => {
    renderHost({ plugins: [testProduct('gluon', ['gln'])], token, path: '/gluon', title: 'Acme console' });
    expect(await screen.findByText('Acme console')).toBeTruthy();
  });

  it('switches between wide and mobile layouts at 600 px', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    const host = renderHost({ plugins: [testProduct('gluon', ['gln'])], token, path: '/gluon', title: 'Acme console' });
    await screen.findByRole('heading', { name: 'gluon home' });
    const root = () => host.container.querySelector('.host-root') as HTMLElement;
    expect(root().dataset.layout).toBe('wide');
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 599 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(root().dataset.layout).toBe('mobile');
    expect(screen.queryByText('Acme console')).toBeNull();
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 600 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(root().dataset.layout).toBe('wide');
  });

  it('shows the products header only when neutrino is enabled', async () => {
    const plugins = [testProduct('gluon', ['gln']), testProduct('neutrino', ['ntr'], { showsProductsHeader: true })];
    const host = renderHost({ plugins, token, path: '/gluon' });
    await screen.findByRole('heading', { name: 'gluon home' });
    expect(screen.queryByRole('navigation', { name: 'Products' })).toBeNull();
    act(() => host.session!.setToken(makeTestToken(['gln#rpt#r', 'ntr#dev#r'])));
    const nav = await screen.findByRole('navigation', { name: 'Products' });
    // Real links: a new tab opens the product; a plain click stays in the page.
    const neutrino = within(nav).getByRole('link', { name: 'Neutrino' });
    expect(neutrino.getAttribute('href')).toBe('/neutrino');
    expect(within(nav).getByRole('link', { name: 'Gluon' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(neutrino);
    await host.waitForPath('/neutrino');
  });

  it("marks the product of a page outside its base path (gluon's /devices/…) in the products header", async () => {
    const gluon = testProduct('gluon', ['gln']);
    const withDevice = {
      ...gluon,
      routes: [...gluon.routes, { path: '/devices/:deviceId', page: pageLoader('Device page') }],
    };
    renderHost({
      plugins: [withDevice, testProduct('neutrino', ['ntr'], { showsProductsHeader: true })],
      token: makeTestToken(['gln#rpt#r', 'ntr#dev#r']),
      path: '/devices/7',
    });
    await screen.findByRole('heading', { name: 'Device page' });
    const nav = await screen.findByRole('navigation', { name: 'Products' });
    expect(within(nav).getByRole('link', { name: 'Gluon' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Neutrino' }).getAttribute('aria-current')).toBeNull();
  });

  it("puts a page that names another plugin's frame inside it (collector links in Administration), and alone when that plugin is not registered", async () => {
    const admin = {
      ...testProduct('admin', ['umg']),
      frame: async () => ({
        default: ({ children }: { children: ReactNode }) => (
          <div>{[<nav key="nav" aria-label="Administration" />, children]}</div>
        ),
      }),
    };
    const gluon = testProduct('gluon', ['gln']);
    const framed = {
      ...gluon,
      routes: [
        ...gluon.routes,
        { path: '/admin/collector-links', page: pageLoader('Collector links'), frame: 'admin' },
      ],
    };
    const both = renderHost({
      plugins: [admin, framed, testProduct('neutrino', ['ntr'], { showsProductsHeader: true })],
      token: makeTestToken(['umg#usr#r', 'gln#ext#r', 'ntr#dev#r']),
      path: '/admin/collector-links',
    });
    const heading = await screen.findByRole('heading', { name: 'Collector links' });
    expect(screen.getByRole('navigation', { name: 'Administration' }).parentElement!.contains(heading)).toBe(true);
    const products = await screen.findByRole('navigation', { name: 'Products' });
    expect(within(products).getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');
    both.unmount();
    renderHost({ plugins: [admin, framed], token: makeTestToken(['gln#ext#r']), path: '/admin/collector-links' });
    await screen.findByRole('heading', { name: 'Collector links' });
    expect(screen.queryByRole('navigation', { name: 'Administration' })).toBeNull();
  });

  it('applies the theme from the ThemeService', async () => {
    const theme$ = new BehaviorSubject<Theme>('light');
    const fakeTheme: ThemeService = {
      theme$,
      theme: () => theme$.value,
      set: (t) => theme$.next(t),
      toggle: () => theme$.next(theme$.value === 'dark' ? 'light' : 'dark'),
    };
    const host = renderHost({
      plugins: [testProduct('gluon', ['gln'])],
      token,
      path: '/gluon',
      services: [[ThemeServiceToken, fakeTheme]],
    });
    await screen.findByRole('heading', { name: 'gluon home' });
    const root = host.container.querySelector('.host-root') as HTMLElement;
    expect(root.className).toContain('host-theme-light');
    act(() => fakeTheme.set('dark'));
    expect(root.className).toContain('host-theme-dark');
  });

  it('loads the toast outlet when a toast is shown, from the service fake', async () => {
    const toasts$ = new BehaviorSubject<readonly Toast[]>([]);
    const fakeToasts = { toasts$ } as unknown as ToastService;
    renderHost({ plugins: [testLoginPlugin], path: '/login', services: [[ToastServiceToken, fakeToasts]] });
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(screen.queryByTestId('toast')).toBeNull();
    act(() => toasts$.next([{ id: 't1', intent: 'error', title: 'No Permissions', message: 'denied', timeout: 3000 }]));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('No Permissions'));
  });

  it('uses fake services given as [token, fake] pairs', async () => {
    const fakeTheme: ThemeService = {
      theme$: new BehaviorSubject<Theme>('dark'),
      theme: () => 'dark',
      set: vi.fn(),
      toggle: vi.fn(),
    };
    const host = renderHost({
      plugins: [{ ...testLoginPlugin, routes: [{ path: '/login', page: pageLoader('Sign in page') }] }],
      path: '/login',
      services: [[ThemeServiceToken, fakeTheme]],
    });
    expect(host.services.resolve(ThemeServiceToken)).toBe(fakeTheme);
  });
});
