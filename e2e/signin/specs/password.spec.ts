import { DEFAULT_PASSWORD } from '../fixtures/apiProcess';
import { loginPage } from '../fixtures/loginPage';
import { accessCookie, expect, jwtClaims, test } from '../fixtures/test';

test.describe('password sign-in', () => {
  test('an administrator signs in with username and password and lands on /gluon', async ({ page, api, context }) => {
    const admin = await api.createUser({ name: 'admin' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(admin.email, admin.password);
    await expect(page).toHaveURL(/\/gluon$/);
    await expect(page.getByRole('heading', { name: 'Gluon' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('zo-token'));
    expect(token).toBeTruthy();
    expect(jwtClaims(token!).sub).toBe(admin.id);
    expect(await accessCookie(context, api.origin)).toBe(token);
    const profile = JSON.parse((await page.evaluate(() => localStorage.getItem('zo-profile'))) ?? 'null') as {
      username: string;
    };
    expect(profile.username).toBe(admin.email);
  });

  test('validation texts: username and password are required', async ({ page }) => {
    const login = loginPage(page);
    await login.open();
    await login.submit.click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await login.username.fill('someone@example.com');
    await expect(page.getByText('Username is required')).toHaveCount(0);
    await login.submit.click();
    await expect(page.getByText('Password is required')).toBeVisible();
  });

  test('401: wrong password shows the credentials text', async ({ page, api }) => {
    const user = await api.createUser({ name: 'wrongpw' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, 'not-the-password');
    await expect(login.alert).toHaveText("The username / password you've entered doesn't match any account.");
    await expect(page).toHaveURL(/\/login/);
  });

  test('401: an unknown account shows the same credentials text', async ({ page }) => {
    const login = loginPage(page);
    await login.open();
    await login.signIn('nobody-here@example.com', DEFAULT_PASSWORD);
    await expect(login.alert).toHaveText("The username / password you've entered doesn't match any account.");
  });

  test('403 (e.g. refused by a gateway rule): the same credentials text', async ({ page, api }) => {
    const login = loginPage(page);
    await login.open();
    api.proxy.fail('/um/login', 403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' });
    await login.signIn('any@example.com', DEFAULT_PASSWORD);
    await expect(login.alert).toHaveText("The username / password you've entered doesn't match any account.");
  });

  test('400 with a message: the server message is shown as sent', async ({ page }) => {
    const login = loginPage(page);
    await login.open();
    // The API's own validation answers 400 with its message for a body it refuses (password > 1024 chars).
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/um/login')),
      login.signIn('long@example.com', 'x'.repeat(1100)),
    ]);
    expect(response.status()).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);
    await expect(login.alert).toHaveText(message);
  });

  test('above 500 (gateway 502 from the load balancer): the no-connection text', async ({ page, api }) => {
    const login = loginPage(page);
    await login.open();
    api.proxy.fail('/um/login', 502, { statusCode: 502, error: 'Bad Gateway', message: 'Bad Gateway' });
    await login.signIn('any@example.com', DEFAULT_PASSWORD);
    await expect(login.alert).toHaveText(
      'No connection, please make sure you have a valid internet connection and try again',
    );
    expect(api.proxy.injected).toContain('/um/login');
  });

  test('another status (500 from the API or a 404): the unknown-error text', async ({ page, api }) => {
    const login = loginPage(page);
    await login.open();
    api.proxy.fail('/um/login', 500, {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    await login.signIn('any@example.com', DEFAULT_PASSWORD);
    await expect(login.alert).toHaveText('The application has encountered an unknown error');
  });

  test('a stored token and profile without a token parameter go to the site root', async ({ page, api }) => {
    const admin = await api.createUser({ name: 'stored' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(admin.email, admin.password);
    await expect(page).toHaveURL(/\/gluon$/);
    await page.goto('/login');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Gluon' })).toBeVisible();
  });

  test('footer links: copyright, privacy, terms, security, support', async ({ page }) => {
    await loginPage(page).open();
    const footer = page.locator('footer');
    await expect(footer).toContainText('©');
    for (const name of ['Privacy Policy', 'Terms of Use', 'Security', 'Support']) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('an expired stored token is cleared on load', async ({ page, context }) => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const expired = `${b64({ alg: 'EdDSA', typ: 'JWT' })}.${b64({ sub: 'x', perms: ['gln#rpt#rw'], iss: 'http://x/um', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`;
    await context.addInitScript((token) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('zo-token', token);
        localStorage.setItem(
          'zo-profile',
          JSON.stringify({ username: 'old@example.com', email: 'old@example.com', totpEnabled: false }),
        );
      }
    }, expired);
    const login = loginPage(page);
    await login.open();
    await expect(login.title).toHaveText('Sign in');
    expect(await page.evaluate(() => localStorage.getItem('zo-token'))).toBeNull();
  });

  test('?token= hands over a session token: signed in without the form', async ({ page, api }) => {
    const user = await api.createUser({ name: 'handover' });
    const answer = await page.request.post('/um/login', { data: { username: user.email, password: user.password } });
    const { token } = (await answer.json()) as { token: string };
    await page.goto(`/login?token=${encodeURIComponent(token)}&returnUrl=%2Fneutrino`);
    await expect(page).toHaveURL(/\/neutrino$/);
    expect(await page.evaluate(() => localStorage.getItem('zo-token'))).toBeTruthy();
  });

  test('intro screen: /?token=&product= stores the token and opens the product; device page for gluon', async ({
    page,
    api,
  }) => {
    const user = await api.createUser({ name: 'intro' });
    const login = async () =>
      (
        (await (
          await page.request.post('/um/login', { data: { username: user.email, password: user.password } })
        ).json()) as { token: string }
      ).token;
    await page.goto(`/?token=${encodeURIComponent(await login())}&product=neutrino`);
    await expect(page).toHaveURL(/\/neutrino$/);
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/?token=${encodeURIComponent(await login())}&product=gluon&deviceId=dev-42`);
    await expect(page).toHaveURL(/\/devices\/dev-42$/);
  });
});
