import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { adminPlugin } from './index';
import { fakeAdminApi, READER, SELF_ID, type Route } from './testing/fakeAdminApi';

function renderAdmin(path: string, perms: readonly string[], route?: Route) {
  const api = fakeAdminApi(route);
  return { ...renderHost({ plugins: [adminPlugin], token: makeTestToken([...perms], { sub: SELF_ID }), path, services: [[AxiosInstanceToken, api.axios]] }), requests: api.requests };
}

describe('admin plugin', () => {
  it('renders the users page at /admin with its own side navigation', async () => {
    renderAdmin('/admin', READER, (r) => (r.url === '/um/users' ? { status: 200, data: { items: [], total: 0, page: 0, size: 25 } } : undefined));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Users', '/admin/users'],
      ['My sessions', '/admin/sessions'],
      ['Audit log', '/admin/audit'],
      ['Sign-in settings', '/admin/sign-in'],
      ['Branding', '/admin/branding'],
    ]);
  });

  it('lists the collector-links screen for those who may read links', async () => {
    renderAdmin('/admin', [...READER, 'gln#ext#r'], (r) => (r.url === '/um/users' ? { status: 200, data: { items: [], total: 0, page: 0, size: 25 } } : undefined));
    const nav = await screen.findByRole('navigation', { name: 'Administration' });
    expect(within(nav).getByRole('link', { name: 'Collector links' }).getAttribute('href')).toBe('/gluon/collector-links');
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [adminPlugin], token: makeTestToken(['gln#x#r']), path: '/admin' });
    await host.waitForPath('/upgrade/admin');
    expect(screen.queryByRole('heading', { name: 'Users' })).toBeNull();
  });
});
