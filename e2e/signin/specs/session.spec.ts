import { loginPage, signOutViaMenu } from '../fixtures/loginPage';
import { accessCookie, expect, jwtClaims, refreshSettled, test } from '../fixtures/test';

test.describe('session after sign-in', () => {
  test('refresh every 3 minutes (controlled clock) replaces the token and the access_token cookie', async ({
    page,
    api,
    context,
  }) => {
    await page.clock.install();
    const user = await api.createUser({ name: 'refresh' });
    const login = loginPage(page);
    await login.open();
    // Refresh runs immediately once signed in.
    const first = page.waitForResponse((r) => r.url().endsWith('/um/refresh') && r.status() === 200);
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    const firstToken = ((await (await first).json()) as { token: string }).token;
    await expect.poll(() => accessCookie(context, api.origin)).toBe(firstToken);

    const second = page.waitForResponse((r) => r.url().endsWith('/um/refresh') && r.status() === 200);
    await page.clock.fastForward('03:01');
    const secondToken = ((await (await second).json()) as { token: string }).token;
    expect(secondToken).not.toBe(firstToken);
    expect(jwtClaims(secondToken).sid).toBe(jwtClaims(firstToken).sid);
    await expect.poll(() => accessCookie(context, api.origin)).toBe(secondToken);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('zo-token'))).toBe(secondToken);
    const cookie = (await context.cookies(api.origin)).find((c) => c.name === 'access_token')!;
    expect(cookie.path).toBe('/');
    // 1 day (the browser's clock is fake; allow the drift of the fast-forward).
    expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect(cookie.expires - Date.now() / 1000).toBeLessThan(24 * 3600 + 600);
  });

  test('no refresh on /login', async ({ page }) => {
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/um/refresh')) refreshes.push(r.url());
    });
    await page.clock.install();
    await loginPage(page).open();
    await page.clock.fastForward('06:01');
    await page.waitForTimeout(300);
    expect(refreshes).toEqual([]);
  });

  test('forced logout: a session revoked on the server ends in the console at the next call (401)', async ({
    page,
    api,
  }) => {
    await page.clock.install();
    const user = await api.createUser({ name: 'revoked' });
    const login = loginPage(page);
    await login.open();
    const first = refreshSettled(page);
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    await first;
    // A new document refreshes once at start: let that finish too, so the fast-forward below
    // starts a refresh of its own rather than joining one answered before the revocation.
    const boot = refreshSettled(page);
    await page.goto('/neutrino');
    await expect(page).toHaveURL(/\/neutrino$/);
    await boot;
    // The next call may be the periodic refresh or one the page was still making when the session
    // was revoked (its logo, on a slow machine): whichever it is, its 401 ends the session. Watched
    // from before the revocation, so an early one is not missed.
    const rejected = page.waitForResponse((r) => r.url().startsWith(api.origin) && r.status() === 401);
    expect(await api.revokeSessions(user.email)).toBeGreaterThan(0);
    await page.clock.fastForward('03:01');
    await rejected;
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fneutrino$/);
    expect(await page.evaluate(() => localStorage.getItem('zo-token'))).toBeNull();
    // Signing in again returns to where the user was.
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/neutrino$/);
  });

  test("504 from the load balancer: one 'No Connection' toast, through /login, no refresh loop", async ({
    page,
    api,
  }) => {
    await page.clock.install();
    const user = await api.createUser({ name: 'gateway' });
    const login = loginPage(page);
    await login.open();
    const first = refreshSettled(page);
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    await first;
    // The periodic refresh meets a gateway timeout. Only the refresh: a call the page was still
    // making (its logo, on a slow machine) would otherwise take the 504 first, bounce the console
    // through /login and restart the refresh period after the fast-forward.
    api.proxy.fail('/um/refresh', 504);
    // History-API navigations are recorded too: the console goes to /login, and the login page
    // sends a user whose token and profile are still stored back to the site root (spec §2).
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    const gatewayTimeout = page.waitForResponse((r) => r.url().endsWith('/um/refresh') && r.status() === 504);
    await page.clock.fastForward('03:01');
    await gatewayTimeout;
    expect(api.proxy.injected).toContain('/um/refresh');
    const toast = page.getByTestId('toast');
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('No Connection');
    await expect(toast).toContainText('Please make sure you have a valid internet connection and try again');
    await expect.poll(() => visited).toContain('/login');
    await expect(page).toHaveURL(/\/gluon$/);
    // The bounce back does not start another refresh: one gateway timeout, no loop.
    await page.waitForTimeout(1000);
    expect(api.proxy.injected.filter((p) => p === '/um/refresh')).toHaveLength(1);
  });

  test('sign-out in one tab reaches a second tab', async ({ page, api, context }) => {
    const user = await api.createUser({ name: 'tabs' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    const second = await context.newPage();
    await second.goto('/neutrino');
    await expect(second).toHaveURL(/\/neutrino$/);
    await expect(second.getByRole('heading', { name: 'Neutrino' })).toBeVisible();

    await signOutViaMenu(page);
    await expect(second).toHaveURL(/\/login/);
    await expect(second.locator('.login-card')).toBeVisible();
    expect(await second.evaluate(() => localStorage.getItem('zo-token'))).toBeNull();
    expect(await accessCookie(context, api.origin)).toBeNull();
  });

  test('logout keeps the returnUrl rule: /login?reauth=false', async ({ page, api }) => {
    const user = await api.createUser({ name: 'logout' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    const logout = page.waitForResponse((r) => r.url().endsWith('/um/logout'));
    await signOutViaMenu(page);
    expect((await logout).status()).toBe(200);
    // The old token is dead on the server.
    const old = await api.query<{ revoked: boolean }>(
      'SELECT revoked_at IS NOT NULL AS revoked FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
      [user.email],
    );
    expect(old.every((s) => s.revoked)).toBe(true);
  });
});
