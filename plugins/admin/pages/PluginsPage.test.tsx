import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { HttpServiceToken } from '@core/http/HttpService';
import type { FakeHandler } from '@core/testing/createFakeAxios';
import { createFakeHttpService } from '@core/testing/createFakeHttpService';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import type { RuntimePluginItem } from '../api/listRuntimePlugins';
import { adminPlugin } from '../index';

beforeAll(async () => {
  await import('./PluginsPage');
});

const hello: RuntimePluginItem = {
  id: 'hello',
  title: 'Hello',
  version: '1.0.0',
  prefixes: ['hel'],
  routes: ['/hello'],
  keyId: 'AbCdEfGhIjKlMnOp',
  installedBy: 'admin@example.com',
  installedAt: '2026-12-01T10:00:00.000Z',
  sizeBytes: 2048,
};
const keys = [{ keyId: 'AbCdEfGhIjKlMnOp', name: 'Example vendor', addedAt: '2026-11-30T10:00:00.000Z' }];

function renderPlugins(perms: string[], handler: FakeHandler) {
  const fake = createFakeHttpService(handler);
  renderHost({
    plugins: [adminPlugin],
    token: makeTestToken(['umg#usr#r', ...perms]),
    path: '/admin/plugins',
    services: [[HttpServiceToken, fake.http]],
  });
  return fake.requests;
}

describe('Plugins page', () => {
  it('lists the installed plugins and trusted keys; a reader sees no install nor remove', async () => {
    renderPlugins(['umg#plg#r'], () => ({ status: 200, data: { items: [hello], keys } }));
    const table = await screen.findByRole('table', { name: 'Installed plugins' });
    const row = within(table).getByText('Hello').closest('tr')!;
    expect(row.textContent).toContain('1.0.0');
    expect(row.textContent).toContain('/hello');
    expect(row.textContent).toContain('Example vendor');
    expect(row.textContent).toContain('by admin@example.com');
    expect(screen.getByText('AbCdEfGhIjKlMnOp')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Hello' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Plugins' })).toBeTruthy();
  });

  it('uploads a package as octet-stream and shows the refusal the API gives, as is', async () => {
    let installed = false;
    const requests = renderPlugins(['umg#plg#rw'], (request) => {
      if (request.method === 'POST') {
        if (!installed) {
          installed = true;
          return { status: 422, data: { message: 'The package is signed by a key this console does not trust.' } };
        }
        return { status: 201, data: hello };
      }
      return { status: 200, data: { items: installed ? [hello] : [], keys } };
    });
    expect(await screen.findByText('No plugin installed')).toBeTruthy();
    const file = new File([new Uint8Array([31, 139, 8])], 'hello-1.0.0.consoleplugin.tgz', {
      type: 'application/gzip',
    });
    await userEvent.upload(screen.getByLabelText('Plugin package'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('The package is signed by a key this console does not trust.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(await screen.findByRole('table', { name: 'Installed plugins' })).toBeTruthy();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.url)).toEqual([
      '/plugins-backend/admin/plugins',
      '/plugins-backend/admin/plugins',
    ]);
    expect(posts[0]!.headers['Content-Type']).toBe('application/octet-stream');
  });

  it('removes a plugin after confirming', async () => {
    let removed = false;
    const requests = renderPlugins(['umg#plg#rw'], (request) => {
      if (request.method === 'DELETE') {
        removed = true;
        return { status: 204, data: '' };
      }
      return { status: 200, data: { items: removed ? [] : [hello], keys } };
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Hello' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No plugin installed')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/plugins-backend/admin/plugins/hello',
    ]);
  });

  it('is not listed without a plugins permission', async () => {
    renderHost({ plugins: [adminPlugin], token: makeTestToken(['umg#usr#r']), path: '/admin/users' });
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(nav).queryByRole('link', { name: 'Plugins' })).toBeNull();
  });
});
