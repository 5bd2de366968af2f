import { loginPage, signInAtDevIdp } from '../fixtures/loginPage';
import { expect, test } from '../fixtures/test';
import { totp } from '../fixtures/totp';

const OKTA_USER = 'okta.user@example.com';

test.describe('two-factor set-up re-validated at the identity provider', () => {
  test('an Okta-signed-in user turns on 2FA through an Okta round trip, without the console password', async ({
    page,
    api,
  }) => {
    // The fixture always gives a password; the user never types it: every step goes through Okta.
    await api.createUser({ email: OKTA_USER });
    const login = loginPage(page);
    await login.open();
    await page.getByRole('button', { name: 'Sign in with Okta' }).click();
    await page.getByRole('textbox', { name: 'Okta domain' }).fill(api.idpOrigin);
    await page.getByRole('button', { name: 'Continue' }).click();
    await signInAtDevIdp(page, api.idpOrigin, OKTA_USER);
    await expect(page).toHaveURL(/\/gluon$/, { timeout: 15_000 });

    await page.goto('/config/2fa');
    await expect(page.getByTestId('mfa-state')).toHaveText('Off');
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await expect(page.getByText(/or verify with Okta above/)).toBeVisible();

    const authorize = page.waitForRequest((r) =>
      r.url().startsWith(`${api.idpOrigin}/okta/oauth2/default/v1/authorize`),
    );
    const validated = page.waitForResponse((r) => r.url().endsWith('/um/mfa/validateOAuth2'));
    await page.getByRole('button', { name: 'Verify with Okta' }).click();
    const authUrl = new URL((await authorize).url());
    expect(authUrl.searchParams.get('state')).toMatch(/\|provider=okta&revalidate=2fa\|\/config\/2fa$/);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');

    // The IdP may still hold the sign-in session and answer at once; otherwise it asks again.
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    const idpEmail = page.locator('input[name="email"]');
    await expect(qr.or(idpEmail)).toBeVisible({ timeout: 15_000 });
    if (await idpEmail.isVisible()) await signInAtDevIdp(page, api.idpOrigin, OKTA_USER);
    expect((await validated).status()).toBe(200);
    await expect(qr).toBeVisible();
    await expect(page).toHaveURL(/\/config\/2fa$/);

    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    await page.getByRole('textbox', { name: 'Authentication code' }).fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('mfa-recovery-codes').locator('li')).toHaveCount(10);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('mfa-state')).toHaveText('On');
    const [row] = await api.query<{ totp_enabled: boolean }>('SELECT totp_enabled FROM users WHERE email = $1', [
      OKTA_USER,
    ]);
    expect(row!.totp_enabled).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('oauth-pkce'))).toBeNull();
  });

  test('a re-validation answer forged for this page is refused without a recovery token', async ({ page, api }) => {
    const user = await api.createUser({ name: 'forged-revalidation' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);

    let called = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/um/mfa/validateOAuth2')) called = true;
    });
    await page.goto(
      `/login/callback?code=stolen&state=${encodeURIComponent('forged|provider=okta&revalidate=2fa|/config/2fa')}`,
    );
    await expect(page).toHaveURL(/\/config\/2fa$/);
    await expect(page.getByText('The identity provider did not answer. Please try again.')).toBeVisible();
    await expect(page.getByTestId('mfa-state')).toHaveText('Off');
    expect(called).toBe(false);
  });
});
