import type { RunningApi } from '../fixtures/apiProcess';
import { loginPage, signInAtDevIdp } from '../fixtures/loginPage';
import { expect, test } from '../fixtures/test';
import { totp } from '../fixtures/totp';

/**
 * Screenshots of every sign-in step in light and dark theme at 1280 px and 375 px, saved under
 * test-results/screenshots/ as artefacts (not compared). Each variant walks the steps for real.
 */
const OKTA_USER = 'okta.user@example.com';
const seeded = new Map<string, Promise<unknown>>();
function ensureOktaUser(api: RunningApi) {
  if (!seeded.has(api.origin)) seeded.set(api.origin, api.createUser({ email: OKTA_USER }));
  return seeded.get(api.origin)!;
}

// The four variants are independent walks of ~20-30 s each: spread over both workers (the other
// worker starts its own API for this file) instead of one worker taking all four in a row.
test.describe.configure({ mode: 'parallel' });

for (const theme of ['light', 'dark'] as const) {
  for (const width of [1280, 375] as const) {
    test(`every step, ${theme} theme, ${width} px`, async ({ page, api, context, shot }) => {
      await context.addInitScript((t) => window.localStorage.setItem('jetp-theme', t), theme);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      const name = (step: string) => `${step}-${theme}-${width}`;
      const login = loginPage(page);
      const checkTheme = async () => {
        const root = page.locator('.host-root');
        if (theme === 'dark') await expect(root).toHaveClass(/bp6-dark/);
        else await expect(root).not.toHaveClass(/bp6-dark/);
        await expect(root).toHaveAttribute('data-layout', width < 600 ? 'mobile' : 'wide');
      };

      await login.open();
      await checkTheme();
      await shot(name('01-login'));
      await login.submit.click();
      await expect(page.getByText('Password is required')).toBeVisible();
      await shot(name('02-login-validation'));
      await login.signIn('nobody@example.com', 'Wrong-passw0rd');
      await expect(login.alert).toBeVisible();
      await shot(name('03-login-error'));

      await login.open();
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expect(login.title).toHaveText('Reset your password');
      await shot(name('04-lost-password'));
      await page.getByRole('textbox', { name: 'Email' }).fill('nobody@example.com');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('status')).toBeVisible();
      await shot(name('05-lost-password-sent'));

      await login.returnToLogin.click();
      await page.getByRole('button', { name: 'Sign in with Okta' }).click();
      await expect(login.title).toHaveText('Sign in with Okta');
      await shot(name('06-okta-client-issuer'));
      await ensureOktaUser(api);
      await page.getByRole('textbox', { name: 'Okta domain' }).fill(api.idpOrigin);
      const release = api.proxy.hold('/um/oauth2Login');
      await page.getByRole('button', { name: 'Continue' }).click();
      await signInAtDevIdp(page, api.idpOrigin, OKTA_USER);
      await expect(page.getByText('Logging you in with Okta…')).toBeVisible();
      await shot(name('07-okta-waiting'));
      release();
      await expect(page).toHaveURL(/\/gluon$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { name: 'Gluon' })).toBeVisible();
      await checkTheme();
      await shot(name('08-signed-in-gluon'));
      api.proxy.clear();
      await page.evaluate(() => {
        localStorage.removeItem('zo-token');
        localStorage.removeItem('zo-profile');
      });

      const mfaUser = await api.createUser({ name: 'shots-mfa', totp: true });
      await login.open();
      await login.signIn(mfaUser.email, mfaUser.password);
      await expect(login.title).toHaveText('Two-factor authentication');
      await shot(name('09-two-auth'));
      await login.code.fill(totp(mfaUser.totpSecret!, 10));
      await login.verify.click();
      await expect(page.getByText('Invalid six digit code.').first()).toBeVisible();
      await shot(name('10-two-auth-invalid'));
      await page.getByRole('button', { name: 'Use a recovery code' }).click();
      await expect(login.title).toHaveText('Recovery code');
      await shot(name('11-recovery-code'));

      await login.open('?reauth=true');
      await expect(login.title).toHaveText('Sign in with Jamf');
      await shot(name('12-jamf'));

      await page.goto('/login/callback?error=access_denied&error_description=The%20user%20cancelled');
      await expect(login.alert).toContainText('Access Denied');
      await shot(name('13-callback-access-denied'));

      const setupUser = await api.createUser({ name: 'shots-setup' });
      await login.open();
      await login.signIn(setupUser.email, setupUser.password);
      await expect(page).toHaveURL(/\/gluon$/);
      await page.goto('/config/2fa');
      await expect(page.getByTestId('mfa-state')).toHaveText('Off');
      await checkTheme();
      await shot(name('14-2fa-status'));
      await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
      await shot(name('15-2fa-password'));
      await page.getByRole('textbox', { name: 'Password' }).fill(setupUser.password);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      await shot(name('16-2fa-qr'));
      const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
      await page.getByRole('textbox', { name: 'Authentication code' }).fill(totp(secret));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByTestId('mfa-recovery-codes').locator('li')).toHaveCount(10);
      await shot(name('17-2fa-recovery-codes'));
    });
  }
}
