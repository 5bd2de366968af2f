import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHost, type StartedHost } from '../../host/startHost';
import { testLoginPlugin, testProduct } from '../harness/testPlugins';

let started: StartedHost | undefined;
afterEach(() => {
  act(() => started?.unmount());
  started = undefined;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

function start(plugins: Parameters<typeof startHost>[0]['plugins']) {
  const rootElement = document.createElement('div');
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

  it('replaces the console by the list of manifest problems, each naming its plugin', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const host = start([testLoginPlugin, testProduct('sonar', ['snr'], { prefixes: [] })]);
    await act(async () => {
      await host.manifestProblems;
    });
    await waitFor(() => expect(screen.getByText('Invalid plugin manifests')).toBeTruthy());
    expect(screen.getByTestId('manifest-problems').textContent).toContain("plugin 'sonar': unknown permission prefix 'snr' (known: none declared)");
    expect(error).toHaveBeenCalledWith(expect.stringContaining("plugin 'sonar'"));
    error.mockRestore();
  });
});
