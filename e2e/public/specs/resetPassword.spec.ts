import type { Page } from '@playwright/test';

import { loginPage, signOutViaMenu } from '../../signin/fixtures/loginPage';
import { totp } from '../../signin/fixtures/totp';
import { followMailLink } from '../fixtures/mailbox';
import { expect, test, uniqueAddress } from '../fixtures/test';
import { turnOnTwoFactor } from '../fixtures/twoFactor';

const EXPIRED_TITLE = 'Sorry, this link has expired!';
const OLD_PASSWORD = 'Old-Passw0rd!';
const NEW_PASSWORD = 'Brand-new-Passw0rd!';
const uniqueEmail = (name: string) => uniqueAddress(name, 'reset.example');

/** "Forgot your password?" on the login page, then the link of the mail, as the user follows it. */
async function requestResetAndFollowMail(page: Page, email: string, beforeClick?: (href: string) => void) {
  const login = loginPage(page);
  await login.open();
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
  const mail = await followMailLink(page, email, '/resetPassword/', { beforeClick });
  expect(mail.subject).toBe('Reset your password');
  return mail;
}

/** The success toast, then the login page, where only the new password works. */
async function expectResetDone(page: Page, email: string) {
  const toast = page.locator('.bp6-toast').filter({ hasText: 'Your password has been reset' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Reset password');
  await expect(page).toHaveURL(/\/login$/);
  const login = loginPage(page);
  await login.signIn(email, OLD_PASSWORD);
  await expect(login.alert).toHaveText("The username / password you've entered doesn't match any account.");
  await login.password.fill(NEW_PASSWORD);
  await login.submit.click();
  return login;
}

test.describe('lost password: the mail, the reset page, the new password (spec §2 Reset password page, §4 Reset flow)', () => {
  test(
    'without 2FA: validating, form validation, Change password, toast, sign-in with the new password; the used link is expired',
    { tag: '@captcha' },
    async ({ page, api, admin, screens, expectCaptchaVerified }) => {
      const email = uniqueEmail('plain');
      await admin('create-user', '--email', email, '--password', OLD_PASSWORD, '--perms', 'all');
      // Hold the link check so the validating spinner can be seen.
      let release = () => {};
      const mail = await requestResetAndFollowMail(page, email, (href) => {
        release = api.proxy.hold(`/um/passwordRecovery/${new URL(href).pathname.split('/').pop()}`);
      });
      const checking = page.getByText('Checking your link…');
      await expect(checking).toBeVisible();
      await screens('reset-01-validating', { still: checking });
      release();

      const change = page.getByRole('button', { name: 'Change password' });
      await expect(change).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await screens('reset-02-new-password');
      await change.click();
      await expect(page.getByText('Password is required').first()).toBeVisible();
      await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: 'Confirm New Password' }).fill(`${NEW_PASSWORD}x`);
      await change.click();
      await expect(page.getByText("Password doesn't match")).toBeVisible();
      await screens('reset-03-validation');
      await page.getByRole('textbox', { name: 'Confirm New Password' }).fill(NEW_PASSWORD);
      await change.click();
      await expectResetDone(page, email);
      await expect(page).toHaveURL(/\/gluon$/);
      expectCaptchaVerified('password_recovery', 'login');

      // Single use: the mail's link now shows the expired view, whose 'Try again' leads to /login.
      // Opened signed out (as from the mail in another browser): signed in, /login would go on to
      // the site root at once (spec §2), which is a race with the URL check below.
      // The console's own scripts must be gone while the storage is cleared: a refresh still in
      // flight on the old page wrote the token back once in CI. An image of the same origin runs none.
      await page.goto('/favicon.svg');
      await page.evaluate(() => localStorage.clear());
      await page.context().clearCookies();
      await page.goto(mail.href);
      await expect(page.getByRole('heading', { name: EXPIRED_TITLE })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText('This password reset link has expired');
      await expect(page.getByRole('link', { name: 'Contact support' })).toBeVisible();
      await screens('reset-06-expired');
      await page.getByRole('link', { name: 'Try again' }).click();
      await expect(page).toHaveURL(/\/login$/);
    },
  );

  test(
    'with 2FA: the password step moves on to the code, a wrong code keeps the step, the right one resets',
    { tag: '@captcha' },
    async ({ page, admin, screens, expectCaptchaVerified }) => {
      const email = uniqueEmail('totp');
      const printed = await admin(
        'create-user',
        '--email',
        email,
        '--password',
        OLD_PASSWORD,
        '--perms',
        'all',
        '--mfa',
        'on',
      );
      const secret = /TOTP secret: ([A-Z2-7]+)/.exec(printed)?.[1];
      expect(secret, printed).toBeTruthy();

      await requestResetAndFollowMail(page, email);
      await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: 'Confirm New Password' }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      const code = page.getByRole('textbox', { name: 'Authentication code' });
      await expect(code).toBeVisible();
      await screens('reset-04-two-factor');
      const verify = page.getByRole('button', { name: 'Verify' });
      await verify.click();
      await expect(page.getByText('Authentication code is required')).toBeVisible();
      await code.fill(totp(secret!, 10));
      await verify.click();
      await expect(page.getByRole('alert')).toHaveText('Wrong TOTP code');
      await expect(code).toBeVisible();
      await code.fill(totp(secret!));
      await verify.click();

      const login = await expectResetDone(page, email);
      await expect(login.title).toHaveText('Two-factor authentication');
      await login.code.fill(totp(secret!, 1));
      await login.verify.click();
      await expect(page).toHaveURL(/\/gluon$/);
      expectCaptchaVerified('password_recovery', 'login', 'two_factor');
    },
  );

  test('with a recovery code kept at 2FA set-up: Use a recovery code, dashes and all, resets once', async ({
    page,
    admin,
    screens,
  }) => {
    const email = uniqueEmail('recovery');
    await admin('create-user', '--email', email, '--password', OLD_PASSWORD, '--perms', 'all');
    const login = loginPage(page);
    await login.open();
    await login.signIn(email, OLD_PASSWORD);
    await expect(page).toHaveURL(/\/gluon$/);
    await page.goto('/config/2fa');
    const { secret, recoveryCodes } = await turnOnTwoFactor(page, { password: OLD_PASSWORD });
    await page.goto('/gluon');
    await signOutViaMenu(page);

    await requestResetAndFollowMail(page, email);
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm New Password' }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const recovery = page.getByRole('textbox', { name: 'Recovery code' });
    await expect(recovery).toBeVisible();
    await screens('reset-05-recovery-code');
    await recovery.fill('1111-2222-3333');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong TOTP recovery code');
    await recovery.fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();

    await expectResetDone(page, email);
    await expect(login.title).toHaveText('Two-factor authentication');
    await login.code.fill(totp(secret, 1));
    await login.verify.click();
    await expect(page).toHaveURL(/\/gluon$/);
  });

  test('a tampered or cut reset link shows the expired view, never a blank page', async ({ page, admin }) => {
    const email = uniqueEmail('tampered');
    await admin('create-user', '--email', email, '--password', OLD_PASSWORD, '--perms', 'all');
    const mail = await requestResetAndFollowMail(page, email);
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
    const id = new URL(mail.href).pathname.split('/').pop()!;
    const flipped = `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [
      `/resetPassword/${flipped}`,
      `/resetPassword/${id.slice(0, 8)}`,
      '/resetPassword/%3Cimg%20src%3Dx%3E',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: EXPIRED_TITLE })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid');
      await expect(page.getByRole('button', { name: 'Change password' })).toHaveCount(0);
    }
    // The genuine link still works after the tampered tries.
    await page.goto(mail.href);
    await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  });
});
