import { loginPage, signInAtDevIdp } from '../fixtures/loginPage';
import { accessCookie, expect, jwtClaims, test } from '../fixtures/test';

const GOOGLE_USER = 'google.user@example.com';

test.describe('Google sign-in in a popup (spec §8)', () => {
  test('the popup signs in at the development IdP and the login page finishes the sign-in', async ({
    page,
    api,
    context,
  }) => {
    await api.createUser({ email: GOOGLE_USER });
    const login = loginPage(page);
    await login.open('?returnUrl=%2Fneutrino');
    const popupOpened = page.waitForEvent('popup');
    const authorize = context.waitForEvent('request', (r) => r.url().startsWith(`${api.idpOrigin}/google/`));
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL((url) => url.origin === api.idpOrigin);
    // The login page itself never left for the provider.
    expect(new URL(page.url()).pathname).toBe('/login');

    const authUrl = new URL((await authorize).url());
    expect(authUrl.searchParams.get('state')).toMatch(/\|provider=google&popup=1\|\/neutrino$/);
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${api.origin}/login/callback`);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');

    const popupClosed = popup.waitForEvent('close');
    const signIn = page.waitForResponse((r) => r.url().endsWith('/um/oauth2Login') && r.request().method() === 'POST');
    await signInAtDevIdp(popup, api.idpOrigin, GOOGLE_USER);
    await popupClosed;
    expect((await signIn).status()).toBe(200);
    await expect(page).toHaveURL(/\/neutrino$/, { timeout: 15_000 });
    const token = await page.evaluate(() => localStorage.getItem('zo-token'));
    expect(token && jwtClaims(token).typ).toBe('access');
    expect(await page.evaluate(() => localStorage.getItem('oauth-provider'))).toBe('google');
    expect(await accessCookie(context, api.origin)).toBeTruthy();
    // State, PKCE verifier and nonce were used once and dropped.
    expect(await page.evaluate(() => sessionStorage.getItem('oauth-pkce'))).toBeNull();
  });

  test("closing the popup without signing in shows 'Third-party cookies should be enabled'", async ({ page, api }) => {
    const login = loginPage(page);
    await login.open();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL((url) => url.origin === api.idpOrigin);
    await popup.close();
    await expect(page.getByText('Third-party cookies should be enabled')).toBeVisible();
    await expect(login.title).toHaveText('Sign in');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('zo-token'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('oauth-pkce'))).toBeNull();
  });

  test('Cancel at the provider inside the popup: the popup closes and the login page shows Access Denied', async ({
    page,
    api,
  }) => {
    const login = loginPage(page);
    await login.open();
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupOpened;
    await expect(popup).toHaveURL((url) => url.origin === api.idpOrigin);
    const popupClosed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popupClosed;
    await expect(login.alert).toContainText('Access Denied');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Third-party cookies should be enabled')).toHaveCount(0);
  });
});
