import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';

import { definePlugin } from '@core/plugin/PluginManifest';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { introPlugin } from '../../plugins/intro';
import { renderHost } from '../harness/renderHost';
import { pageLoader, testLoginPlugin, testProduct } from '../harness/testPlugins';
import { makeTestToken } from '../harness/tokens';

describe('host routing', () => {
  it("sends '' to /login when signed out", async () => {
    const host = renderHost({ plugins: [testLoginPlugin], path: '/' });
    await host.waitForPath('/login');
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
  });

  it("sends '' to /gluon when signed in", async () => {
    const gluon = testProduct('gluon', ['gln']);
    const host = renderHost({ plugins: [testLoginPlugin, gluon], token: makeTestToken(['gln#rpt#r']), path: '/' });
    await host.waitForPath('/gluon');
    expect(await screen.findByRole('heading', { name: 'gluon home' })).toBeTruthy();
  });

  it("lets a plugin that claims '/' decide, with its guard", async () => {
    const intro = definePlugin({
      id: 'intro',
      title: 'Intro',
      kind: 'public',
      requires: [],
      routes: [
        { path: '/', page: pageLoader('Intro'), guard: (ctx) => (ctx.search.includes('token=') ? true : '/login') },
      ],
    });
    const host = renderHost({ plugins: [testLoginPlugin, intro], path: '/?token=abc' });
    expect(await screen.findByRole('heading', { name: 'Intro' })).toBeTruthy();
    act(() => host.navigation.navigate('/'));
    await host.waitForPath('/login');
  });

  it("sends '' to the user's product when it is not a suite product, past the intro's '/'", async () => {
    const gluon = testProduct('gluon', ['gln'], { landing: { rank: 10, suite: true } });
    const monitoring = testProduct('monitoring', ['mnt'], { landing: { rank: 40 } });
    const host = renderHost({
      plugins: [introPlugin, testLoginPlugin, gluon, monitoring],
      token: makeTestToken(['mnt#cfg#rw']),
      path: '/',
    });
    await host.waitForPath('/monitoring');
    expect(await screen.findByRole('heading', { name: 'monitoring home' })).toBeTruthy();
    act(() => host.navigation.navigate('/'));
    await host.waitForPath('/monitoring');
    act(() => host.session!.setToken(makeTestToken(['gln#rpt#r', 'mnt#cfg#rw'])));
    act(() => host.navigation.navigate('/'));
    await host.waitForPath('/gluon'); // a suite user: the suite's home (spec §2)
  });

  it("lets a guard pass (null) so '' follows the landing rule", async () => {
    const passing = definePlugin({
      id: 'intro',
      title: 'Intro',
      kind: 'public',
      requires: [],
      routes: [{ path: '/', page: pageLoader('Intro'), guard: () => null }],
    });
    const host = renderHost({ plugins: [testLoginPlugin, passing], path: '/' });
    await host.waitForPath('/login');
  });

  it("redirects unknown paths to ''; a signed-in user is told the page does not exist", async () => {
    const signedOut = renderHost({ plugins: [testLoginPlugin], path: '/no/such/page' });
    await signedOut.waitForPath('/login');
    // Signed out: the sign-in page, without a notice (its first load does not carry it).
    expect(await firstValueFrom(signedOut.services.resolve(ToastServiceToken).toasts$)).toEqual([]);
    signedOut.unmount();
    const gluon = testProduct('gluon', ['gln']);
    const signedIn = renderHost({
      plugins: [testLoginPlugin, gluon],
      token: makeTestToken(['gln#rpt#r']),
      path: '/gluon/no/such/page',
    });
    await signedIn.waitForPath('/gluon');
    expect(await screen.findByRole('heading', { name: 'gluon home' })).toBeTruthy();
    expect(await screen.findByText('The page /gluon/no/such/page does not exist.')).toBeTruthy();
    const toasts = await firstValueFrom(signedIn.services.resolve(ToastServiceToken).toasts$);
    expect(toasts.map((t) => [t.intent, t.title, t.message])).toEqual([
      ['warning', 'Page not found', 'The page /gluon/no/such/page does not exist.'],
    ]);
    // A known page is not announced.
    act(() => signedIn.navigation.navigate('/'));
    await signedIn.waitForPath('/gluon');
    expect(await firstValueFrom(signedIn.services.resolve(ToastServiceToken).toasts$)).toHaveLength(1);
  });

  it('evaluates a guard before the page chunk is loaded', async () => {
    const guarded = testProduct('electron', ['elc'], {
      guard: (ctx) => (ctx.perms.includes('elc#adm#rw') ? true : '/login'),
    });
    const host = renderHost({
      plugins: [testLoginPlugin, guarded],
      token: makeTestToken(['elc#dev#r']),
      path: '/electron',
    });
    await host.waitForPath('/login');
    expect(guarded.loader.calls).toBe(0);
  });

  it('shows the upgrade page for a known product the token does not enable', async () => {
    const neutrino = testProduct('neutrino', ['ntr']);
    const gluon = testProduct('gluon', ['gln']);
    const host = renderHost({ plugins: [gluon, neutrino], token: makeTestToken(['gln#rpt#r']), path: '/neutrino' });
    await host.waitForPath('/upgrade/neutrino');
    expect(await screen.findByText('Neutrino is not enabled')).toBeTruthy();
    expect(neutrino.loader.calls).toBe(0);
  });

  it("'Check again' on /upgrade/{product} refreshes the token: the product opens when enabled, else the page says so", async () => {
    const neutrino = testProduct('neutrino', ['ntr']);
    const host = renderHost({ plugins: [neutrino], token: makeTestToken(['gln#rpt#r']), path: '/upgrade/neutrino' });
    await userEvent.click(await screen.findByRole('button', { name: 'Check again' }));
    expect(host.session!.calls).toContain('refresh');
    expect(await screen.findByText(/still does not include Neutrino/)).toBeTruthy();
    // An administrator grants the product: the next refresh brings it, and the host opens it.
    host.session!.refresh = async () => host.session!.setToken(makeTestToken(['gln#rpt#r', 'ntr#dev#r']));
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await host.waitForPath('/neutrino');
    expect(await screen.findByRole('heading', { name: 'neutrino home' })).toBeTruthy();
  });

  it('leaves /upgrade/{product} for the product once a refresh enables it', async () => {
    const neutrino = testProduct('neutrino', ['ntr']);
    const host = renderHost({ plugins: [neutrino], token: makeTestToken(['gln#rpt#r']), path: '/upgrade/neutrino' });
    expect(await screen.findByText('Neutrino is not enabled')).toBeTruthy();
    act(() => host.session!.setToken(makeTestToken(['gln#rpt#r', 'ntr#dev#r'])));
    await host.waitForPath('/neutrino');
    expect(await screen.findByRole('heading', { name: 'neutrino home' })).toBeTruthy();
    expect(neutrino.loader.calls).toBe(1);
  });

  it("sends /upgrade of an unknown product to ''", async () => {
    const gluon = testProduct('gluon', ['gln']);
    const host = renderHost({
      plugins: [testLoginPlugin, gluon],
      token: makeTestToken(['gln#rpt#r']),
      path: '/upgrade/nothing',
    });
    await host.waitForPath('/gluon');
  });

  it('never loops when a signed-in user has nowhere to land', async () => {
    const host = renderHost({ plugins: [testLoginPlugin], token: makeTestToken(['gln#rpt#r']), path: '/no/such/page' });
    await host.waitForPath('/');
    expect(await screen.findByText('No module is enabled')).toBeTruthy();
    expect(host.navigation.entries.length).toBeLessThan(4);
  });

  it('passes route parameters to the page', async () => {
    const devices = definePlugin({
      id: 'gluon',
      title: 'Gluon',
      kind: 'product',
      requires: ['gln'],
      prefixes: ['gln'],
      routes: [{ path: '/devices/:deviceId', page: pageLoader('Device', ({ params }) => <p>id={params.deviceId}</p>) }],
    });
    renderHost({ plugins: [devices], token: makeTestToken(['gln#rpt#r']), path: '/devices/d-9' });
    expect(await screen.findByText('id=d-9')).toBeTruthy();
  });

  it('unregisters product routes on logout and goes back to login', async () => {
    const gluon = testProduct('gluon', ['gln']);
    const host = renderHost({ plugins: [testLoginPlugin, gluon], token: makeTestToken(['gln#rpt#r']), path: '/gluon' });
    expect(await screen.findByRole('heading', { name: 'gluon home' })).toBeTruthy();
    act(() => host.session!.setToken(null));
    await host.waitForPath('/login');
    expect(host.registry.isRegistered('gluon')).toBe(false);
  });
});

describe('host routing safety', () => {
  it('stops two guards that redirect to each other', async () => {
    const ping = definePlugin({
      id: 'ping',
      title: 'Ping',
      kind: 'public',
      requires: [],
      routes: [{ path: '', page: pageLoader('ping'), guard: () => '/pong' }],
    });
    const pong = definePlugin({
      id: 'pong',
      title: 'Pong',
      kind: 'public',
      requires: [],
      routes: [{ path: '', page: pageLoader('pong'), guard: () => '/ping' }],
    });
    renderHost({ plugins: [ping, pong], path: '/ping' });
    expect(await screen.findByText('Too many redirects')).toBeTruthy();
  });
});
