import { loginPage, signInAtDevIdp, signOutViaMenu } from '../../signin/fixtures/loginPage';
import { totp } from '../../signin/fixtures/totp';
import { followMailLink } from '../fixtures/mailbox';
import { printedLink } from '../fixtures/operatorCli';
import { expect, test, uniqueAddress } from '../fixtures/test';
import { turnOnTwoFactor } from '../fixtures/twoFactor';

const REDIRECTING = 'Redirecting you to your organisation’s sign-in page…';
const EXPIRED = 'Sorry, but this link is expired. Please contact the account administrator for assitance.';
const ACCEPTED = 'This invitation has already been accepted: your account is active.';
const INVITE_SUBJECT = 'You are invited to the MTD console';
const GOOGLE_USER = 'google.user@example.com';
const OKTA_USER = 'okta.user@example.com';
const JAMF_USER = 'jamf.user@corp.example';
const uniqueEmail = (name: string) => uniqueAddress(name, 'invitee.example');

test.describe('invitations: from the operator CLI and the mail to the dashboard (spec §2 Invite wizard, §4 Invite flow)', () => {
  test(
    'password: the mailed link, First Login, Activate 2FA, set-up, dashboard; the used link is expired',
    { tag: '@captcha' },
    async ({ page, api, admin, screens, expectCaptchaVerified }) => {
      const email = uniqueEmail('password');
      const printed = printedLink(
        await admin('invite', '--email', email, '--perms', 'all', '--methods', 'password'),
        api.origin,
        '/invite/',
      );

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
      expectCaptchaVerified('login', 'validate_password', 'two_factor');

      // Single use: the same mail link now says the account is active and offers Sign in.
      await page.goto(mail.href);
      await expect(page.getByText(ACCEPTED)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'New Password' })).toHaveCount(0);
      await screens('invite-04-expired');
    },
  );

  test(
    'Google: the mailed link, Sign in with Google at the IdP, back on the invite page, Activate 2FA through a Google round trip',
    { tag: '@captcha' },
    async ({ page, api, admin, screens, expectCaptchaVerified }) => {
      await admin('invite', '--email', GOOGLE_USER, '--perms', 'all', '--methods', 'Google');
      const mail = await followMailLink(page, GOOGLE_USER, '/invite/');
      await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(GOOGLE_USER);
      await screens('invite-05-google');
      const authorize = page.waitForRequest((r) => r.url().startsWith(`${api.idpOrigin}/google/`));
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      const state = new URL((await authorize).url()).searchParams.get('state') ?? '';
      expect(state).toContain(`inviteId=${new URL(mail.href).pathname.split('/').pop()}`);
      await signInAtDevIdp(page, api.idpOrigin, GOOGLE_USER);
      await expect(page).toHaveURL(/\/invite\/[^/?]+\?oktaRedirect=true&inviteFlow=google$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Activate 2FA' })).toBeVisible({ timeout: 15_000 });
      expect(await page.evaluate(() => localStorage.getItem('oauth-provider'))).toBe('google');
      expectCaptchaVerified('invite');

      await page.getByRole('button', { name: 'Activate 2-factor authentication' }).click();
      await expect(page).toHaveURL(/\/gluon\/config\/2fa$/);
      await turnOnTwoFactor(page, { provider: 'Google', idpOrigin: api.idpOrigin, email: GOOGLE_USER });
      await page.goto('/gluon');
      await expect(page.getByRole('heading', { name: 'Gluon' })).toBeVisible();
    },
  );

  test(
    "Okta: the mailed link, OR + Sign in with Okta (the tenant's Okta), back on the invite page, Skip to dashboard",
    { tag: '@captcha' },
    async ({ page, api, admin, screens, expectCaptchaVerified }) => {
      await admin('invite', '--email', OKTA_USER, '--perms', 'all', '--methods', 'Okta');
      await followMailLink(page, OKTA_USER, '/invite/');
      await expect(page.getByRole('separator', { name: 'OR' })).toBeVisible();
      await screens('invite-06-okta');
      const authorize = page.waitForRequest((r) =>
        r.url().startsWith(`${api.idpOrigin}/okta/oauth2/default/v1/authorize`),
      );
      await page.getByRole('button', { name: 'Sign in with Okta' }).click();
      expect(new URL((await authorize).url()).searchParams.get('code_challenge_method')).toBe('S256');
      await signInAtDevIdp(page, api.idpOrigin, OKTA_USER);
      await expect(page).toHaveURL(/\/invite\/[^/?]+\?oktaRedirect=true&inviteFlow=okta$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Activate 2FA' })).toBeVisible({ timeout: 15_000 });
      await page.getByRole('button', { name: 'Skip to dashboard' }).click();
      await expect(page).toHaveURL(/\/gluon$/);
      await expect(page.getByRole('heading', { name: 'Gluon' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('oauth-provider'))).toBe('okta');
      expectCaptchaVerified('invite');
    },
  );

  test(
    'Jamf: the mailed link redirects to the vendor IdP at once; back through /login/callback the invitee lands on the dashboard',
    { tag: '@captcha' },
    async ({ page, browser, api, admin, captcha, screens, expectCaptchaVerified }) => {
      await admin('invite', '--email', JAMF_USER, '--perms', 'all', '--methods', 'JamfAuth0');
      // Hold the provider look-up so the vendor layout shows before it redirects.
      const release = api.proxy.hold('/um/oauth2LoginProviders/JamfAuth0');
      if (!captcha) {
        // The shots first, in a context of their own whose clock stands still: the page gives up on
        // the look-up after 5 s (spec §9), and four shots take longer than that on a loaded machine.
        const shots = await browser.newContext({ baseURL: api.origin, viewport: { width: 1280, height: 800 } });
        await shots.clock.install();
        const shotsPage = await shots.newPage();
        await followMailLink(shotsPage, JAMF_USER, '/invite/');
        const still = shotsPage.getByText(REDIRECTING);
        await expect(still).toBeVisible();
        // A second ahead of the page's clock: the call has to arrive before the clock passes that point.
        await shots.clock.pauseAt(await shotsPage.evaluate(() => Date.now() + 1000));
        await screens('invite-07-jamf-redirecting', { page: shotsPage, still });
        await shots.close();
      }
      const authorize = page.waitForRequest((r) => r.url().startsWith(`${api.idpOrigin}/jamf/`));
      const mail = await followMailLink(page, JAMF_USER, '/invite/');
      await expect(page.getByText(REDIRECTING)).toBeVisible();
      release();
      const authUrl = new URL((await authorize).url());
      expect(authUrl.searchParams.get('login_hint')).toBe(JAMF_USER);
      expect(authUrl.searchParams.get('state')).toContain(`inviteId=${new URL(mail.href).pathname.split('/').pop()}`);
      await signInAtDevIdp(page, api.idpOrigin, JAMF_USER);
      // The callback activates the invitation, then signs in at the provider again (its session answers).
      const idpEmail = page.locator('input[name="email"]');
      await expect(page.getByRole('heading', { name: 'Gluon' }).or(idpEmail)).toBeVisible({ timeout: 20_000 });
      if (await idpEmail.isVisible()) await signInAtDevIdp(page, api.idpOrigin, JAMF_USER);
      await expect(page).toHaveURL(/\/gluon$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Gluon' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('oauth-provider'))).toBe('jamf');
      expectCaptchaVerified('invite', 'login');
      // Used: the mail link now says the account is active and offers Sign in.
      await page.goto(mail.href);
      await expect(page.getByText(ACCEPTED)).toBeVisible();
    },
  );

  test('a tampered link, a cut one and a replaced one show the expired view, never a blank page', async ({
    page,
    api,
    admin,
  }) => {
    const email = uniqueEmail('tampered');
    const first = printedLink(await admin('invite', '--email', email), api.origin, '/invite/');
    const token = new URL(first).pathname.split('/').pop()!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const path of [`/invite/${flipped}`, `/invite/${token.slice(0, 10)}`, '/invite/%3Cscript%3E']) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toHaveText(EXPIRED);
      await expect(page.getByRole('button')).toHaveCount(0);
    }
    // Inviting the same address again replaces the link: the first one stops working.
    const second = printedLink(await admin('invite', '--email', email), api.origin, '/invite/');
    expect(second).not.toBe(first);
    await page.goto(first);
    await expect(page.getByRole('alert')).toHaveText(EXPIRED);
    await page.goto(second);
    await expect(page.getByRole('textbox', { name: 'New Password' })).toBeVisible();
  });
});
