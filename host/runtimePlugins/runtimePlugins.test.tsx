import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { RuntimePluginRegistryToken } from '@core/plugin/RuntimePluginRegistry';
import { type NavigationService, NavigationServiceToken, useService } from '@core/sdk';

import { renderHost } from '../../tests/harness/renderHost';
import { testProduct } from '../../tests/harness/testPlugins';
import { makeTestToken } from '../../tests/harness/tokens';
import { RuntimePluginsApiToken } from './RuntimePluginsApi';
import { SHARED_MODULES_KEY } from './sharedModules';
import { startRuntimePlugins } from './startRuntimePlugins';
import { FakeRuntimePluginsApi, runtimeEntry } from './testing/fakeRuntimePluginsApi';
import type { RuntimeModule } from './toPluginManifest';

type ReactModule = typeof import('react');
const sharedReact = () =>
  (globalThis as unknown as Record<symbol, (name: string) => Promise<unknown>>)[SHARED_MODULES_KEY]!(
    'react',
  ) as Promise<ReactModule>;

/**
 * A plugin module as the browser would run it: React comes from the host's shared lookup (what
 * the /console-sdk/react.js shim re-exports), a host service through the SDK's useService.
 */
async function helloModule(): Promise<RuntimeModule> {
  const React = await sharedReact();
  function HelloPage() {
    const [count, setCount] = React.useState(0);
    const navigation = useService<NavigationService>(NavigationServiceToken);
    return (
      <div>
        <h1>Hello from a runtime plugin</h1>
        <p>at {navigation.path()}</p>
        <button type="button" onClick={() => setCount(count + 1)}>
          clicked {count}
        </button>
      </div>
    );
  }
  const Wave = () => <span>wave</span>;
  return { HelloPage, Wave };
}

const hello = runtimeEntry({
  id: 'hello',
  product: { name: 'Hello', order: 50 },
  header: [{ id: 'wave', slot: 'end', order: 50, component: 'Wave' }],
});

function setup(modules: Record<string, () => Promise<RuntimeModule>>, plugins = [hello]) {
  const api = new FakeRuntimePluginsApi(plugins);
  const host = renderHost({
    plugins: [testProduct('gluon', ['gln'])],
    token: makeTestToken(['gln#dev#r', 'hel#page#r']),
    path: '/gluon',
    services: [[RuntimePluginsApiToken, api]],
  });
  const imported: string[] = [];
  const start = () =>
    startRuntimePlugins(host.services, {
      importModule: (url) => {
        imported.push(url);
        const id = url.split('/')[4]!;
        return modules[id]?.() ?? Promise.reject(new Error(`no module at ${url}`));
      },
    });
  /** Signed in on /gluon, the runtime plugins known, then to `path`. */
  const visit = async (path: string) => {
    stops.push(start());
    await waitFor(() => expect(host.registry.isRegistered('hello')).toBe(true));
    act(() => host.navigation.navigate(path));
  };
  return { host, api, imported, start, visit };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('runtime plugins in the host', () => {
  it("renders a runtime plugin's page with the host's React (a hook works) and services", async () => {
    const { host, start, imported } = setup({ hello: helloModule });
    stops.push(start());
    expect(await screen.findByText('wave')).toBeTruthy();
    act(() => host.navigation.navigate('/hello'));
    expect(await screen.findByRole('heading', { name: 'Hello from a runtime plugin' })).toBeTruthy();
    expect(screen.getByText('at /hello')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'clicked 0' }).click());
    expect(screen.getByRole('button', { name: 'clicked 1' })).toBeTruthy();
    // One import for the page, the header piece and the services.
    expect(imported).toEqual([hello.entryUrl]);
  });

  it('contains a plugin that throws on import to its own routes; /gluon keeps working', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { host, visit } = setup({ hello: () => Promise.reject(new Error('SyntaxError: boom')) });
      await visit('/hello');
      expect(await screen.findByText('Hello ran into a problem')).toBeTruthy();
      expect(screen.getByText('Hello 1.0.0 could not be loaded: SyntaxError: boom')).toBeTruthy();
      act(() => host.navigation.navigate('/gluon'));
      expect(await screen.findByRole('heading', { name: 'gluon home' })).toBeTruthy();
      expect(screen.queryByText('Hello ran into a problem')).toBeNull();
    } finally {
      error.mockRestore();
    }
  });

  it('contains a plugin page that throws on render', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const Broken = () => {
        throw new Error('render went wrong');
      };
      const { host, visit } = setup({ hello: async () => ({ HelloPage: Broken, Wave: () => null }) });
      await visit('/hello');
      expect(await screen.findByText('render went wrong')).toBeTruthy();
      act(() => host.navigation.navigate('/gluon'));
      expect(await screen.findByRole('heading', { name: 'gluon home' })).toBeTruthy();
    } finally {
      error.mockRestore();
    }
  });

  it('names a page the module does not export', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { visit } = setup({ hello: async () => ({ Wave: () => null }) });
      await visit('/hello');
      expect(await screen.findByText("Hello 1.0.0 exports no component named 'HelloPage'")).toBeTruthy();
    } finally {
      error.mockRestore();
    }
  });

  it('takes a removed plugin away on the next navigation: its route and header piece go', async () => {
    const { host, api, visit } = setup({ hello: helloModule });
    await visit('/hello');
    expect(await screen.findByRole('heading', { name: 'Hello from a runtime plugin' })).toBeTruthy();
    expect(screen.getByText('wave')).toBeTruthy();
    api.set([]);
    act(() => host.navigation.navigate('/gluon'));
    expect(await screen.findByRole('heading', { name: 'gluon home' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('wave')).toBeNull());
    act(() => host.navigation.navigate('/hello'));
    // No longer a route of this console: sent to '' like any unknown address, then to gluon.
    await host.waitForPath('/gluon');
  });

  it('holds a deep link to a runtime page until the plugins are known, instead of sending it away', async () => {
    const { host, start } = setup({ hello: helloModule });
    expect(await screen.findByRole('heading', { name: 'gluon home' })).toBeTruthy();
    // What startHost does at sign-in, before the loader's chunk has arrived.
    act(() => host.services.resolve(RuntimePluginRegistryToken).setPending(true));
    act(() => host.navigation.navigate('/hello'));
    expect(screen.getByLabelText('Loading')).toBeTruthy();
    expect(host.navigation.path()).toBe('/hello');
    stops.push(start());
    expect(await screen.findByRole('heading', { name: 'Hello from a runtime plugin' })).toBeTruthy();
  });
});
