import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createServiceToken } from '@core/di/ServiceToken';
import { definePlugin, type PageProps } from '@core/plugin/PluginManifest';
import { createServiceFactory } from '@core/plugin/ServiceFactory';
import { useService } from '@core/react';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../harness/renderHost';
import { makeTestToken } from '../harness/tokens';

interface Greeting {
  text(): string;
}
const GreetingToken = createServiceToken<Greeting>('test.host.greeting');

function Page(_props: PageProps) {
  return <h1>{useService(GreetingToken).text()}</h1>;
}
function HeaderPiece() {
  return <span>header says {useService(GreetingToken).text()}</span>;
}

/** A product with its own service, depending on a core service (toasts: any core token would do). */
function greeter(
  load = vi.fn(async () => [
    createServiceFactory({
      token: GreetingToken,
      deps: { toasts: ToastServiceToken },
      factory: ({ toasts }) => ({ text: () => `hello (${typeof toasts.show})` }),
    }),
  ]),
) {
  const plugin = definePlugin({
    id: 'greeter',
    title: 'Greeter',
    kind: 'product',
    prefixes: ['grt'],
    requires: ['grt'],
    routes: [{ path: '', page: async () => ({ default: Page }) }],
    header: [{ id: 'greeting', slot: 'center', order: 1, component: async () => ({ default: HeaderPiece }) }],
    landing: { rank: 1 },
    services: load,
  });
  return { plugin, load };
}

describe('plugin services', () => {
  const error = console.error;
  afterEach(() => {
    console.error = error;
  });

  it("lets a plugin's page and header pieces resolve the plugin's own service", async () => {
    const { plugin, load } = greeter();
    renderHost({ plugins: [plugin], token: makeTestToken(['grt#a#r']), path: '/greeter' });
    expect(await screen.findByRole('heading', { name: 'hello (function)' })).toBeTruthy();
    expect(await screen.findByText('header says hello (function)')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the harness replace it by token', async () => {
    const { plugin } = greeter();
    renderHost({
      plugins: [plugin],
      token: makeTestToken(['grt#a#r']),
      path: '/greeter',
      services: [[GreetingToken, { text: () => 'from the fake' }]],
    });
    expect(await screen.findByRole('heading', { name: 'from the fake' })).toBeTruthy();
  });

  it('never loads them for a token the plugin does not permit', async () => {
    const { plugin, load } = greeter();
    const host = renderHost({ plugins: [plugin], token: makeTestToken(['zzz#a#r']), path: '/greeter' });
    await host.waitForPath('/upgrade/greeter');
    expect(load).not.toHaveBeenCalled();
    act(() => host.session!.setToken(makeTestToken(['grt#a#r'])));
    expect(await screen.findByRole('heading', { name: 'hello (function)' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the error panel naming the plugin when its services fail to load', async () => {
    console.error = () => undefined;
    const { plugin } = greeter(vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))));
    renderHost({ plugins: [plugin], token: makeTestToken(['grt#a#r']), path: '/greeter' });
    expect(await screen.findByText('Greeter ran into a problem')).toBeTruthy();
  });

  it('shows the panel, not an endless loading state, when every attempt fails the same way', async () => {
    console.error = () => undefined;
    // A runtime plugin's module that throws as it loads: its import answers the same failure each time.
    const failure = Promise.reject(new Error('Greeter 1.0.0 could not be loaded: boom'));
    failure.catch(() => undefined);
    const { plugin } = greeter(vi.fn(() => failure));
    renderHost({ plugins: [plugin], token: makeTestToken(['grt#a#r']), path: '/greeter' });
    expect(await screen.findByText('Greeter ran into a problem')).toBeTruthy();
    expect(screen.getByText('Greeter 1.0.0 could not be loaded: boom')).toBeTruthy();
  });

  it('asks again on Try again: a chunk that failed on a bad connection loads the second time', async () => {
    console.error = () => undefined;
    let attempts = 0;
    const load = vi.fn(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('Failed to fetch dynamically imported module');
      return [
        createServiceFactory({
          token: GreetingToken,
          deps: { toasts: ToastServiceToken },
          factory: () => ({ text: () => 'second try' }),
        }),
      ];
    });
    const { plugin } = greeter(load);
    renderHost({ plugins: [plugin], token: makeTestToken(['grt#a#r']), path: '/greeter' });
    expect(await screen.findByText('Greeter ran into a problem')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('heading', { name: 'second try' })).toBeTruthy();
  });
});
