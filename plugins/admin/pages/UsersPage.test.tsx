import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type AdminApi, AdminApiToken, type UsersPage } from '../api/AdminApi';
import { adminPlugin } from '../index';
import { adminUser, fakeAdminApi, READER, SELF_ID, WRITER } from '../testing/fakeAdminApi';

beforeAll(async () => {
  await import('./UsersPage');
});

const page = (total: number): Partial<AdminApi> => ({
  getUsers: async (): Promise<UsersPage> => ({
    items: [
      adminUser(),
      adminUser({ id: 'u-2', email: 'new@example.com', status: 'invited', lastLoginAt: null, totpEnabled: false }),
      adminUser({ id: 'u-3', email: 'off@example.com', disabled: true, locked: true }),
    ],
    total,
    page: 0,
    size: 25,
  }),
});

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

describe('users page', () => {
  it('shows e-mail, status tags, MFA and last sign-in (user time zone); readers get no Invite button', async () => {
    renderAdmin('/admin/users', READER, page(3));
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('link', { name: 'colleague@example.com' }).getAttribute('href')).toBe(
      `/admin/users/${adminUser().id}`,
    );
    expect(within(rows[0]!).getByText('active')).toBeTruthy();
    expect(within(rows[0]!).getByText('On')).toBeTruthy();
    expect(within(rows[1]!).getByText('invited')).toBeTruthy();
    expect(within(rows[1]!).getByText('Never')).toBeTruthy();
    expect(within(rows[2]!).getByText('disabled')).toBeTruthy();
    expect(within(rows[2]!).getByText('locked')).toBeTruthy();
    expect(rows[0]!.textContent).toMatch(/2026 08:30|20\/11\/2026|11\/20\/2026/);
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
  });

  it('a full inspection admin without any umg# permission reads the users (spec §6 user-management access)', async () => {
    const host = renderAdmin('/admin/users', ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'], page(3));
    expect(await screen.findAllByTestId('user-row')).toHaveLength(3);
    expect(host.navigation.path()).toBe('/admin/users');
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
  });

  it('gluon permissions short of inspection admin do not open administration', async () => {
    const host = renderAdmin('/admin/users', ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#r']);
    await host.waitForPath('/upgrade/admin');
    expect(host.api.getUsers).not.toHaveBeenCalled();
  });

  it('writers see Invite user, which opens the invite page', async () => {
    const host = renderAdmin('/admin/users', WRITER, page(3));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    await host.waitForPath('/admin/users/invite');
  });

  it('keeps search, sort and page in the query string and asks the server for them', async () => {
    const host = renderAdmin('/admin/users?q=coll&sort=lastLoginAt&order=desc&page=2', READER, page(1000));
    await screen.findAllByTestId('user-row');
    const userCalls = () => host.api.getUsers.mock.calls.map(([query]) => query);
    expect(userCalls()[0]).toEqual({ page: 2, size: 25, search: 'coll', sort: 'lastLoginAt', order: 'desc' });
    expect((screen.getByLabelText('Search users') as HTMLInputElement).value).toBe('coll');
    expect(screen.getByText('51–75 of 1,000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(host.navigation.search()).toBe('q=coll&sort=lastLoginAt&order=desc&page=3'));
    await userEvent.click(screen.getByRole('button', { name: /^E-mail/ }));
    await waitFor(() => expect(host.navigation.search()).toBe('q=coll'));
    await userEvent.clear(screen.getByLabelText('Search users'));
    await userEvent.type(screen.getByLabelText('Search users'), 'new');
    await waitFor(() => expect(host.navigation.search()).toBe('q=new'));
    await waitFor(() =>
      expect(userCalls().at(-1)).toEqual({ page: 0, size: 25, search: 'new', sort: 'email', order: 'asc' }),
    );
  });
});
