import type { RunningApi } from '../fixtures/apiProcess';
import { loginPage, signInAtDevIdp } from '../fixtures/loginPage';
import { accessCookie, expect, jwtClaims, refreshSettled, test } from '../fixtures/test';

const OKTA_USER = 'okta.user@example.com';
const GOOGLE_USER = 'google.user@example.com';
const JAMF_USER = 'jamf.user@corp.example';

/** API accounts for the dev IdP's test users, made once per API instance. */
const seeded = new Map<string, Promise<unknown>>();
function ensureUser(api: RunningApi, email: string) {
  const key = `${api.origin} ${email}`;
  if (!seeded.has(key)) seeded.set(key, api.createUser({ email }));
  return seeded.get(key)!;
}

test.describe('identity-provider sign-ins through the development IdP', () => {
  test('Okta: domain step validation, redirect, okta-waiting, signed in', async ({ page, api, context }) => {
    await ensureUser(api, OKTA_USER);
    const login = loginPage(page);
    await login.open();
    await page.getByRole('button', { name: 'Sign in with Okta' }).click();
    await expect(login.title).toHaveText('Sign in with Okta');
    const domain = page.getByRole('textbox', { name: 'Okta domain' });
    const cont = page.getByRole('button', { name: 'Continue' });
    await cont.click();
    await expect(page.getByText('Okta domain is required')).toBeVisible();
    await domain.fill('unknown-tenant.okta.example');
    await cont.click();
    await expect(page.getByText('Invalid Okta domain').first()).toBeVisible();

    await domain.fill(api.idpOrigin);
    const authorize = page.waitForRequest((r) =>
      r.url().startsWith(`${api.idpOrigin}/okta/oauth2/default/v1/authorize`),
    );
    await cont.click();
    const authUrl = new URL((await authorize).url());
    expect(authUrl.searchParams.get('response_type')).toBe('code');
    expect(authUrl.searchParams.get('scope')).toBe('openid profile email');
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${api.origin}/login/callback`);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('state')).toContain('provider=okta');
    expect(authUrl.searchParams.get('nonce')).toBeTruthy();

    // Hold the API's sign-in answer (until released, not for a guessed time) so the okta-waiting step can be seen.
    const release = api.proxy.hold('/um/oauth2Login');
    await signInAtDevIdp(page, api.idpOrigin, OKTA_USER);
    await expect(page).toHaveURL(/\/login\?oktaRedirect=true/);
    await expect(login.title).toHaveText('Signing in');
    await expect(page.getByText('Logging you in with Okta…')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Okta domain' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/gluon$/, { timeout: 15_000 });
    const token = await page.evaluate(() => localStorage.getItem('zo-token'));
    expect(token && jwtClaims(token).typ).toBe('access');
    expect(await page.evaluate(() => localStorage.getItem('oauth-provider'))).toBe('okta');
    expect(await accessCookie(context, api.origin)).toBeTruthy();
  });

  test('Okta: ?okta=<domain> opens the domain step pre-filled; Return to login screen', async ({ page, api }) => {
    const login = loginPage(page);
    await login.open(`?okta=${encodeURIComponent(api.idpOrigin)}`);
    await expect(login.title).toHaveText('Sign in with Okta');
    await expect(page.getByRole('textbox', { name: 'Okta domain' })).toHaveValue(api.idpOrigin);
    await login.returnToLogin.click();
    await expect(login.title).toHaveText('Sign in');
  });

  test('Google with the popup blocked: redirect to the provider and back, signed in with the returnUrl kept', async ({
    page,
    api,
  }) => {
    await ensureUser(api, GOOGLE_USER);
    // A popup blocker makes window.open answer null; the login page then redirects the whole page
    // (the popup variant itself: googlePopup.spec.ts).
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const login = loginPage(page);
    await login.open('?returnUrl=%2Fneutrino');
    const authorize = page.waitForRequest((r) => r.url().startsWith(`${api.idpOrigin}/google/`));
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const authUrl = new URL((await authorize).url());
    expect(authUrl.searchParams.get('state')).toContain('provider=google');
    expect(authUrl.searchParams.get('state')).toContain('/neutrino');
    await signInAtDevIdp(page, api.idpOrigin, GOOGLE_USER);
    await expect(page).toHaveURL(/\/neutrino$/, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('oauth-provider'))).toBe('google');
  });

  test('vendor IdP (Jamf): e-mail domain picks the provider; cookie and flags stored; logout goes through the provider', async ({
    page,
    api,
    context,
  }) => {
    await ensureUser(api, JAMF_USER);
    const login = loginPage(page);
    await login.open();
    await login.username.fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in with Jamf' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await login.username.fill(JAMF_USER);
    const authorize = page.waitForRequest((r) => r.url().startsWith(`${api.idpOrigin}/jamf/`));
    await page.getByRole('button', { name: 'Sign in with Jamf' }).click();
    const authUrl = new URL((await authorize).url());
    expect(authUrl.searchParams.get('state')).toContain('provider=jamf');
    expect(authUrl.searchParams.get('connection')).toBe('corp-sso');
    await signInAtDevIdp(page, api.idpOrigin, JAMF_USER);
    await expect(page).toHaveURL(/\/gluon$/, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('oauth-provider'))).toBe('jamf');
    expect(await page.evaluate(() => localStorage.getItem('domain'))).toBe(JAMF_USER);
    expect(await page.evaluate(() => localStorage.getItem('sesionStart'))).toMatch(/^\d+$/);
    expect(await accessCookie(context, api.origin)).toBe(await page.evaluate(() => localStorage.getItem('zo-token')));

    const endSession = page.waitForRequest(
      (r) => r.url().startsWith(`${api.idpOrigin}/jamf/`) && r.url().includes('logout'),
    );
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await endSession;
    await expect(page).toHaveURL(new RegExp(`^${api.origin}/login\\?reauth=true`), { timeout: 15_000 });
    await expect(login.title).toHaveText('Sign in with Jamf');
    expect(await page.evaluate(() => localStorage.getItem('zo-token'))).toBeNull();
  });

  test('Jamf login screen: validation, links, regular-flow fallback, sign-in', async ({ page, api }) => {
    await ensureUser(api, JAMF_USER);
    const login = loginPage(page);
    await login.open('?reauth=true');
    await expect(login.title).toHaveText('Sign in with Jamf');
    const email = page.getByRole('textbox', { name: 'Email' });
    const button = page.getByRole('button', { name: 'Login', exact: true });
    await expect(button).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get help' })).toBeVisible();
    await email.fill('abc');
    await email.blur();
    await expect(page.getByText('Not a valid email')).toBeVisible();
    await email.fill('');
    await expect(page.getByText('You must enter a value')).toBeVisible();
    await expect(button).toBeDisabled();

    // A domain without a vendor IdP: the regular-flow event opens the password form, pre-filled.
    await email.fill('someone@no-sso.example');
    await button.click();
    await expect(login.title).toHaveText('Sign in');
    await expect(login.username).toHaveValue('someone@no-sso.example');

    await login.open('?reauth=true');
    await page.getByRole('textbox', { name: 'Email' }).fill(JAMF_USER);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await signInAtDevIdp(page, api.idpOrigin, JAMF_USER);
    await expect(page).toHaveURL(/\/gluon$/, { timeout: 15_000 });
  });

  test('forced logout of a vendor-IdP session -> /login?reauth=true with the returnUrl (Jamf screen)', async ({
    page,
    api,
  }) => {
    await ensureUser(api, JAMF_USER);
    await page.clock.install();
    const login = loginPage(page);
    await login.open();
    await login.username.fill(JAMF_USER);
    await page.getByRole('button', { name: 'Sign in with Jamf' }).click();
    const first = refreshSettled(page);
    await signInAtDevIdp(page, api.idpOrigin, JAMF_USER);
    await expect(page).toHaveURL(/\/gluon$/, { timeout: 15_000 });
    await first;
    // Any call's 401 ends the session (one still in flight may meet the revocation first).
    const rejected = page.waitForResponse((r) => r.url().startsWith(api.origin) && r.status() === 401);
    await api.revokeSessions(JAMF_USER);
    await page.clock.fastForward('03:01');
    await rejected;
    await expect(page).toHaveURL(/\/login\?reauth=true&returnUrl=%2Fgluon$/);
    await expect(login.title).toHaveText('Sign in with Jamf');
  });

  test('?reauth=true&legacy=true keeps the classic username/password form', async ({ page }) => {
    const login = loginPage(page);
    await login.open('?reauth=true&legacy=true');
    await expect(login.title).toHaveText('Sign in');
    await expect(login.username).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Jamf' })).toBeVisible();
  });

  test('/r?ssoDomain=corp.example hands over to the vendor IdP', async ({ page, api }) => {
    await ensureUser(api, JAMF_USER);
    await page.goto('/r?ssoDomain=corp.example&url=%2Fgluon%2Fupload');
    await expect(page).toHaveURL((url) => url.origin === api.idpOrigin, { timeout: 15_000 });
    await signInAtDevIdp(page, api.idpOrigin, JAMF_USER);
    await expect(page).toHaveURL(/\/gluon\/upload$/, { timeout: 15_000 });
  });
});

test.describe('callback errors', () => {
  test('error + error_description -> login with Access Denied and the description', async ({ page }) => {
    const login = loginPage(page);
    await page.goto('/login/callback?error=access_denied&error_description=The%20user%20cancelled');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(login.alert).toContainText('Access Denied');
    await expect(login.alert).toContainText('The user cancelled');
  });

  test('Cancel at the provider returns error=access_denied -> Access Denied', async ({ page, api }) => {
    // The redirect flow (popup blocked); the popup's own cancel: googlePopup.spec.ts.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    const login = loginPage(page);
    await login.open();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expect(page).toHaveURL((url) => url.origin === api.idpOrigin);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/login\?/, { timeout: 15_000 });
    await expect(login.alert).toContainText('Access Denied');
  });

  test('vendor IdP account without a console user -> Access Denied / User not found', async ({ page, api }) => {
    const login = loginPage(page);
    await login.open();
    await login.username.fill(JAMF_USER);
    await page.getByRole('button', { name: 'Sign in with Jamf' }).click();
    // An IdP account that exists there but has no (verified, linked) console user.
    await signInAtDevIdp(page, api.idpOrigin, 'unverified.user@example.com');
    await expect(page).toHaveURL(/\/login\?/, { timeout: 15_000 });
    await expect(login.alert).toContainText('Access Denied');
    await expect(login.alert).toContainText('User not found');
  });

  test('a code whose state was not issued by this browser -> Access Denied', async ({ page }) => {
    const login = loginPage(page);
    await page.goto('/login/callback?code=forged&state=abc%7Cprovider%3Dokta%7C%2Fgluon');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(login.alert).toContainText('Access Denied');
  });
});
