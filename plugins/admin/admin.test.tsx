import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { type AdminApi, AdminApiToken } from './api/AdminApi';
import { adminPlugin } from './index';
import { fakeAdminApi, READER, SELF_ID } from './testing/fakeAdminApi';

function renderAdmin(path: string, perms: readonly string[], own?: Partial<AdminApi>) {
  const api = fakeAdminApi(own);
  return {
    ...renderHost({
      plugins: [adminPlugin],
      token: makeTestToken([...perms], { sub: SELF_ID }),
      path,
      services: [[AdminApiToken, api]],
    }),
    api,
  };
}

const noUsers: Partial<AdminApi> = { getUsers: async () => ({ items: [], total: 0, page: 0, size: 25 }) };

describe('admin plugin', () => {
  it('renders the users page at /admin with its own side navigation', async () => {
    renderAdmin('/admin', READER, noUsers);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Users', '/admin/users'],
      ['My sessions', '/admin/sessions'],
      ['Audit log', '/admin/audit'],
      ['Jobs', '/admin/jobs'],
      ['Sign-in settings', '/admin/sign-in'],
      ['Branding', '/admin/branding'],
      ['SCIM provisioning', '/admin/scim'],
    ]);
  });

  it('lists the collector-links screen for those who may read links', async () => {
    renderAdmin('/admin', [...READER, 'gln#ext#r'], noUsers);
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Collector links' }).getAttribute('href')).toBe(
      '/admin/collector-links',
    );
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [adminPlugin], token: makeTestToken(['gln#x#r']), path: '/admin' });
    await host.waitForPath('/upgrade/admin');
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
  });
});
