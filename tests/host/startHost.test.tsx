import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createServiceToken } from '@core/di/ServiceToken';
import { definePlugin, type PageProps } from '@core/plugin/PluginManifest';
import { createServiceFactory } from '@core/plugin/ServiceFactory';
import { useService } from '@core/react';

import { type StartedHost, startHost } from '../../host/startHost';
import { testLoginPlugin, testProduct } from '../harness/testPlugins';

let started: StartedHost | undefined;
afterEach(() => {
  act(() => started?.unmount());
  started = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

function start(plugins: Parameters<typeof startHost>[0]['plugins'], rootElement = document.createElement('div')) {
  document.body.append(rootElement);
  act(() => {
    started = startHost({ plugins, rootElement });
  });
  return started!;
}

describe('startHost', () => {
  it('renders the console and finds no problem in valid manifests', async () => {
    window.history.replaceState(null, '', '/login');
    const host = start([testLoginPlugin, testProduct('gluon', ['gln'])]);
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
    await expect(host.manifestProblems).resolves.toEqual([]);
  });

  it("replaces the document's prerendered copy by the live page and drops its marker", async () => {
    window.history.replaceState(null, '', '/login');
    const rootElement = document.createElement('div');
    rootElement.setAttribute('data-prerendered', 'login');
    rootElement.innerHTML = '<main><p>the copy</p></main>';
    start([testLoginPlugin], rootElement);
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeTruthy();
    expect(screen.queryByText('the copy')).toBeNull();
    // The marker goes in a passive effect, after the commit that put the heading in.
    await waitFor(() => expect(rootElement.hasAttribute('data-prerendered')).toBe(false));
  });

  it('replaces the console by the list of manifest problems, each naming its plugin', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = start([testLoginPlugin, testProduct('sonar', ['snr'], { prefixes: [] })]);
    await act(async () => {
      await host.manifestProblems;
    });
    await waitFor(() => expect(screen.getByText('Invalid plugin manifests')).toBeTruthy());
    expect(screen.getByTestId('manifest-problems').textContent).toContain(
      "plugin 'sonar': unknown permission prefix 'snr' (known: none declared)",
    );
    expect(error).toHaveBeenCalledWith(expect.stringContaining("plugin 'sonar'"));
    error.mockRestore();
  });

  it("renders a public first screen with its plugin's services at once, without a loading state first", async () => {
    const GreetingToken = createServiceToken<{ text(): string }>('test.startHost.greeting');
    function Page(_props: PageProps) {
      return <h1>{useService(GreetingToken).text()}</h1>;
    }
    const load = vi.fn(async () => [
      createServiceFactory({ token: GreetingToken, deps: {}, factory: () => ({ text: () => 'Welcome page' }) }),
    ]);
    const welcome = definePlugin({
      id: 'welcome',
      title: 'Welcome',
      kind: 'public',
      requires: [],
      routes: [{ path: '', page: async () => ({ default: Page }) }],
      services: load,
    });
    window.history.replaceState(null, '', '/welcome');
    const rootElement = document.createElement('div');
    document.body.append(rootElement);
    // What the root showed after each change: the page, or the loading state.
    const shown: string[] = [];
    const observer = new MutationObserver(() =>
      shown.push(rootElement.querySelector('[aria-label="Loading"]') ? 'loading' : (rootElement.textContent ?? '')),
    );
    observer.observe(rootElement, { childList: true, subtree: true, characterData: true });
    act(() => {
      started = startHost({ plugins: [welcome], rootElement });
    });
    expect(await screen.findByRole('heading', { name: 'Welcome page' })).toBeTruthy();
    observer.disconnect();
    expect(shown.filter((text) => text !== '')[0]).toBe('Welcome page');
    expect(rootElement.querySelector('[aria-label="Loading"]')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
