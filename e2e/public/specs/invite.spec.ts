import { loginPage, signInAtDevIdp, signOutViaMenu } from '../../signin/fixtures/loginPage';
import { totp } from '../../signin/fixtures/totp';
import { followMailLink } from '../fixtures/mailbox';
import { printedLink } from '../fixtures/operatorCli';
import { expect, test } from '../fixtures/test';
import { turnOnTwoFactor } from '../fixtures/twoFactor';

const EXPIRED = 'Sorry, but this link is expired. Please contact the account administrator for assitance.';
const INVITE_SUBJECT = 'You are invited to the MTD console';
let counter = 0;
const uniqueEmail = (name: string) => `${name}-${process.pid}-${++counter}@invitee.example`;

test.describe('invitations: from the operator CLI and the mail to the dashboard (spec §2 Invite wizard, §4 Invite flow)', () => {
  test('password: the mailed link, First Login, Activate 2FA, set-up, dashboard; the used link is expired', async ({ page, api, admin, screens }) => {
    const email = uniqueEmail('password');
    const printed = printedLink(await admin('invite', '--email', email, '--perms', 'all', '--methods', 'password'), api.origin, '/invite/');

    const mail = await followMailLink(page, email, '/invite/');
    expect(mail.href).toBe(printed);
    expect(mail.subject).toBe(INVITE_SUBJECT);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByText('Enter your details below')).toBeVisible();
    const emailField = page.getByRole('textbox', { name: 'Email' });
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toHaveAttribute('readonly', /.*/);
    await expect(page.getByText('Use 8 or more characters with a mix of letters, numbers & symbols')).toBeVisible();
    const loginButton = page.getByRole('button', { name: 'Login', exact: true });
    await expect(loginButton).toBeDisabled();
    await screens('invite-01-password');

    const password = 'Invited-Passw0rd!';
    await page.getByRole('textbox', { name: 'New Password' }).fill(password);
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(`${password}x`);
    await expect(page.getByText('Your passwords do not match.')).toBeVisible();
    await expect(loginButton).toBeDisabled();
    await screens('invite-02-password-mismatch');
    await page.getByRole('textbox', { name: 'Confirm Password' }).fill(password);
    await loginButton.click();

    await expect(page.getByRole('heading', { name: 'Activate 2FA' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Skip to dashboard' })).toBeVisible();
    await screens('invite-03-activate-2fa');
    await page.getByRole('button', { name: 'Activate 2-factor authentication' }).click();
    await expect(page).toHaveURL(/\/gluon\/config\/2fa$/);
    const { secret } = await turnOnTwoFactor(page, { password });
    await page.goto('/gluon');
    await expect(page.getByRole('heading', { name: 'Gluon' })).toBeVisible();

    // The account is real: signing in again takes the new password and the code.
    await signOutViaMenu(page);
    const login = loginPage(page);
    await login.signIn(email, password);
    await expect(login.title).toHaveText('Two-factor authentication');
    await login.code.fill(totp(secret, 1));
    await login.verify.click();
    await expect(page).toHaveURL(/\/gluon$/);

    // Single use: the same mail link now shows the expired view.
    await page.goto(mail.href);
    await expect(page.getByRole('alert')).toHaveText(EXPIRED);
    await expect(page.getByRole('textbox', { name: 'New Password' })).toHaveCount(0);
    await screens('invite-04-expired');
  });
});
