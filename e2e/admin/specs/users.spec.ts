import { readFile } from 'node:fs/promises';

import { ADMIN_EMAIL } from '../../public/fixtures/publicApi';
import { expect, test, uniqueAddress } from '../../public/fixtures/test';
import { turnOnTwoFactor } from '../../public/fixtures/twoFactor';
import { loginPage } from '../../signin/fixtures/loginPage';
import { confirmYes, otherBrowser, signIn } from '../fixtures/adminSession';

const PASSWORD = 'Invited-Passw0rd!';

test.describe('users: invite, grant, narrow, disable, reset MFA, end a session, audit', () => {
  test("an administrator runs a colleague's account from invitation to audit log", async ({ page, browser, api }) => {
    const email = uniqueAddress('colleague', 'admin-e2e.example');
    await signIn(page);

    // Invite with the password method and two permissions ticked in the grid; the link shows.
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Invite user' }).click();
    await page.getByLabel('Email').fill(email);
    await page
      .getByRole('checkbox', { name: 'Devices, incidents and reports: View', exact: true })
      .check({ force: true }); // Blueprint's indicator covers the input
    await page.getByRole('checkbox', { name: 'Users and permissions: View', exact: true }).check({ force: true }); // Blueprint's indicator covers the input
    await page.getByRole('button', { name: 'Send invitation' }).click();
    const link = (await page.getByTestId('invitation-url').textContent())!;
    expect(link.startsWith(`${api.origin}/invite/`)).toBe(true);

    // The invitee accepts in their own browser and sees only what was granted: users, read-only.
    const invitee = await otherBrowser(browser, api.origin);
    await invitee.goto(link);
    await invitee.getByRole('textbox', { name: 'New Password' }).fill(PASSWORD);
    await invitee.getByRole('textbox', { name: 'Confirm Password' }).fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Login', exact: true }).click();
    await invitee.getByRole('button', { name: 'Skip to dashboard' }).click();
    await expect(invitee.getByRole('heading', { name: 'Gluon' })).toBeVisible();
    await invitee.goto('/admin/users');
    await expect(invitee.getByRole('link', { name: ADMIN_EMAIL })).toBeVisible();
    await expect(invitee.getByRole('button', { name: 'Invite user' })).toHaveCount(0);
    await invitee.goto('/monitoring');
    await expect(invitee).toHaveURL(/\/upgrade\/monitoring$/);

    // Narrow: without umg#usr#r the invitee's sessions end; signed in again, /admin is gone.
    await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: email }).click();
    await expect(page.getByRole('heading', { name: email })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Users and permissions: View', exact: true }).uncheck({ force: true });
    await page.getByRole('button', { name: 'Save permissions' }).click();
    await expect(page.getByRole('button', { name: 'Save permissions' })).toBeDisabled();
    await invitee.goto('/admin/users');
    await expect(invitee).toHaveURL(/\/login/);
    await signIn(invitee, email, PASSWORD);
    await invitee.goto('/admin/users');
    await expect(invitee).toHaveURL(/\/upgrade\/admin$/);

    // Two-factor on for the invitee; the administrator resets it.
    await invitee.goto('/gluon/config/2fa');
    await turnOnTwoFactor(invitee, { password: PASSWORD });
    await page.reload();
    await expect(page.getByRole('button', { name: 'Reset MFA' })).toBeVisible();
    await page.getByRole('button', { name: 'Reset MFA' }).click();
    await confirmYes(page);
    await expect(page.getByRole('button', { name: 'Reset MFA' })).toHaveCount(0);

    // End the invitee's sessions: their device is signed out at once.
    await expect(page.getByTestId('session-row').first()).toBeVisible();
    await page.getByRole('button', { name: 'End all sessions' }).click();
    await confirmYes(page);
    await expect(page.getByText('No active sessions')).toBeVisible();
    await invitee.goto('/gluon');
    await expect(invitee).toHaveURL(/\/login/);

    // Disable: the invitee cannot sign in; enable again.
    await signIn(invitee, email, PASSWORD);
    await page.getByRole('button', { name: 'Disable' }).click();
    await confirmYes(page);
    await expect(page.getByRole('button', { name: 'Enable' })).toBeVisible();
    await invitee.goto('/gluon');
    await expect(invitee).toHaveURL(/\/login/);
    const login = loginPage(invitee);
    await login.signIn(email, PASSWORD);
    await expect(login.alert).toBeVisible();
    await page.getByRole('button', { name: 'Enable' }).click();
    await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();

    // Every action is in the audit log, and in its CSV export.
    await page.goto('/admin/audit?action=user.');
    const rows = page.getByTestId('audit-row');
    for (const action of [
      'user.invite',
      'user.permissions',
      'user.mfaReset',
      'user.sessionsRevoke',
      'user.disable',
      'user.enable',
    ]) {
      // In words, its identifier in the tooltip.
      await expect(rows.filter({ has: page.locator(`[title="${action}"]`) }).first()).toBeVisible();
    }
    const started = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile((await (await started).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('time,action,actor,target,ip,details');
    expect(csv).toContain('"user.invite"');
    expect(csv).toContain(`"${email}"`);
    await invitee.context().close();
  });
});
