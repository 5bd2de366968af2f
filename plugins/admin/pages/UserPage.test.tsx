import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { apiFailure, createGate } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type AdminApi, AdminApiToken, type UserSession } from '../api/AdminApi';
import { NOT_HELD_REASON } from '../components/PermissionEditor/PermissionEditor';
import { adminPlugin } from '../index';
import { adminUser, fakeAdminApi, OTHER_ID, READER, SELF_ID, WRITER } from '../testing/fakeAdminApi';
import { SELF_STRIP_REASON } from './UserPage';

// A busy 2-core machine: the page's lazy chunk and the modal's transition can take over a second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await import('./UserPage');
});

function renderUser(id: string, perms: readonly string[], own?: Partial<AdminApi>) {
  const api = fakeAdminApi(own);
  const host = renderHost({
    plugins: [adminPlugin],
    token: makeTestToken([...perms], { sub: SELF_ID }),
    path: `/admin/users/${id}`,
    services: [[AdminApiToken, api]],
  });
  return { ...host, api };
}

const ACTIONS = [
  'Disable',
  'Enable',
  'Reset MFA',
  'Delete',
  'Resend invitation',
  'Revoke invitation',
  'Save permissions',
  'End all sessions',
];
const sessions: UserSession[] = [
  {
    id: 's-1',
    provider: 'password',
    createdAt: '2026-11-20T08:00:00Z',
    lastSeenAt: '2026-11-20T09:00:00Z',
    expiresAt: '2026-11-21T08:00:00Z',
    ip: '10.0.0.7',
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Chrome/120.0',
    current: false,
  },
];

describe('user page', () => {
  it('a reader sees identities, MFA, permissions and sessions, and no action at all', async () => {
    renderUser(OTHER_ID, READER, { getUserSessions: async () => sessions });
    expect(await screen.findByRole('heading', { name: 'colleague@example.com' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('identities').textContent).toBe('Password, Okta');
    expect(await screen.findByText('Chrome on macOS')).toBeTruthy();
    expect(screen.getByText('10.0.0.7')).toBeTruthy();
    for (const name of [...ACTIONS, 'End']) expect(screen.queryByRole('button', { name }), name).toBeNull();
    const box = await screen.findByRole('checkbox', { name: 'Devices, incidents and reports: View' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect((box as HTMLInputElement).disabled).toBe(true);
    // Resources are named by what they allow; the code is in the tooltip.
    const names = screen.getAllByTestId('permission-name');
    const users = names.find((n) => n.textContent === 'Users and permissions');
    expect(users?.title).toBe('umg#usr');
    expect(names.map((n) => n.textContent)).not.toContain('umg#usr');
  });

  it('disable asks for confirmation first: Cancel sends nothing', async () => {
    const { api } = renderUser(OTHER_ID, WRITER);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }, { timeout: 5000 }));
    expect(await screen.findByText('Disable colleague@example.com? Their sessions end at once.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByText('Disable colleague@example.com? Their sessions end at once.')).toBeNull(),
    );
    expect(api.disableUser).not.toHaveBeenCalled();
  });

  it('disable after Yes sends one request and shows the user disabled', async () => {
    const { api } = renderUser(OTHER_ID, WRITER, { disableUser: async () => adminUser({ disabled: true }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }, { timeout: 5000 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeTruthy();
    expect(api.disableUser.mock.calls).toEqual([[OTHER_ID]]);
  });

  it('delete asks with a Delete button (not Yes), sends one request and goes back to the list', async () => {
    const { api, navigation } = renderUser(OTHER_ID, WRITER, { deleteUser: async () => undefined });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(navigation.path()).toBe('/admin/users'));
    expect(api.deleteUser.mock.calls).toEqual([[OTHER_ID]]);
  });

  it('on their own page an administrator cannot disable, delete or drop umg#usr#rw', async () => {
    renderUser(SELF_ID, WRITER, {
      getUser: async () => adminUser({ id: SELF_ID, email: 'me@example.com', permissions: WRITER }),
    });
    await screen.findByRole('heading', { name: 'me@example.com' });
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset MFA' })).toBeTruthy();
    const own = (await screen.findByRole('checkbox', {
      name: 'Users and permissions: View and change',
    })) as HTMLInputElement;
    expect(own.checked && own.disabled).toBe(true);
    expect(own.closest('td')!.title).toBe(SELF_STRIP_REASON);
  });

  it('edits permissions: what the editor does not hold is disabled; presets add; the API message shows and the draft stays', async () => {
    // The refusal is held back until both clicks of the double click are done, so the second
    // click meets the request in flight however slow the machine is.
    const refusal = createGate();
    let answer: AdminApi['setPermissions'] = async () => {
      await refusal.opened;
      throw apiFailure(403, {
        message: 'You cannot grant permissions you do not hold: Monitoring administration: Change (mnt#rsc#w)',
      });
    };
    const { api } = renderUser(OTHER_ID, WRITER, { setPermissions: (...args) => answer(...args) });
    const notHeld = (await screen.findByRole(
      'checkbox',
      { name: 'Monitoring administration: Change' },
      { timeout: 5000 },
    )) as HTMLInputElement;
    expect(notHeld.disabled).toBe(true);
    expect(notHeld.closest('td')!.title).toBe(NOT_HELD_REASON);
    expect(screen.getByRole('button', { name: 'Monitoring admin' }).hasAttribute('disabled')).toBe(true);
    // Holding gln#rpt#rw covers gln#rpt#w.
    expect(
      (screen.getByRole('checkbox', { name: 'Devices, incidents and reports: Change' }) as HTMLInputElement).disabled,
    ).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Uploader' }));
    // The selection in words, each code in its tooltip.
    const selection = screen.getByTestId('selected-permissions');
    expect(selection.textContent).toBe(
      'Devices, incidents and reports: View; Upload files for inspection: View and change',
    );
    expect([...selection.querySelectorAll('[title]')].map((e) => e.getAttribute('title'))).toEqual([
      'gln#rpt#r',
      'gln#upl#rw',
    ]);
    expect(screen.getByRole('button', { name: 'Basic uploader' }).hasAttribute('disabled')).toBe(true);
    // What the selection lets the user do, each line a sentence with its verdict in words.
    const checks = screen.getByRole('list', { name: 'What these permissions allow' });
    const verdicts = within(checks)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(verdicts).toContain('Upload files for inspection (uploader view): yes');
    expect(verdicts).toContain('Invite users and change their permissions: no');
    expect(verdicts).toContain('Open gluon, electron or neutrino: yes');
    expect(checks.textContent).not.toMatch(/[✓✗#]|Module enabled|User write|Config (read|write)/);
    expect(
      within(checks)
        .getByText('Upload files for inspection (uploader view): yes')
        .closest('[title]')!
        .getAttribute('title'),
    ).toBe('gln#upl#rw and not admin, or basic uploader');
    const save = screen.getByRole('button', { name: 'Save permissions' });
    await userEvent.dblClick(save);
    refusal.open();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot grant permissions you do not hold: Monitoring administration: Change (mnt#rsc#w)',
    );
    expect(api.setPermissions).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('selected-permissions').textContent).toBe(
      'Devices, incidents and reports: View; Upload files for inspection: View and change',
    );
    answer = async () => adminUser({ permissions: ['gln#rpt#r', 'gln#upl#rw'] });
    await userEvent.click(save);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save permissions' }).hasAttribute('disabled')).toBe(true),
    );
    expect(api.setPermissions.mock.calls.at(-1)).toEqual([OTHER_ID, ['gln#rpt#r', 'gln#upl#rw']]);
  });

  it('a pending invitation can be resent (the new link shows) or revoked after confirming', async () => {
    const invited = adminUser({ status: 'invited', lastLoginAt: null, identities: [] });
    const { api, navigation } = renderUser(OTHER_ID, WRITER, {
      getUser: async () => invited,
      resendInvitation: async () => ({
        user: invited,
        invitationExpiresAt: '2026-11-30T10:00:00Z',
        invitationUrl: 'http://127.0.0.1:8080/invite/new-token',
      }),
      revokeInvitation: async () => undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend invitation' }, { timeout: 5000 }));
    expect((await screen.findByTestId('invitation-url')).textContent).toBe('http://127.0.0.1:8080/invite/new-token');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke invitation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(navigation.path()).toBe('/admin/users'));
    expect(api.revokeInvitation.mock.calls).toEqual([[OTHER_ID]]);
  });

  it('ends one session of a user after confirming', async () => {
    let ended = false;
    const { api } = renderUser(OTHER_ID, WRITER, {
      endSession: async () => {
        ended = true;
      },
      getUserSessions: async () => (ended ? [] : sessions),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'End' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No active sessions')).toBeTruthy();
    expect(api.endSession.mock.calls).toEqual([[OTHER_ID, 's-1']]);
  });
});
