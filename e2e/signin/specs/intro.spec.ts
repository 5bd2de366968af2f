import { loginPage } from '../fixtures/loginPage';
import { expect, test } from '../fixtures/test';

test.describe('intro link and welcome page', () => {
  test('/?token=…&deviceId=… stores the token and opens the device page', async ({ page, browser, api }) => {
    const user = await api.createUser({ name: 'intro' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    const token = await page.evaluate(() => localStorage.getItem('zo-token'));
    expect(token).toBeTruthy();

    // Another browser profile that has never signed in follows the link.
    const other = await browser.newContext({ baseURL: api.origin });
    const visitor = await other.newPage();
    await visitor.goto(`/?token=${encodeURIComponent(token!)}&product=gluon&deviceId=d-42`);
    await expect(visitor).toHaveURL(/\/devices\/d-42$/);
    expect(await visitor.evaluate(() => localStorage.getItem('zo-token'))).toBeTruthy();
    expect(JSON.parse((await visitor.evaluate(() => localStorage.getItem('zo-profile')))!).email).toBe(user.email);
    await other.close();
  });

  test('an invalid link token ends on login with Access Denied', async ({ page }) => {
    await page.goto('/?token=not-a-token');
    await expect(page).toHaveURL(/\/login\?/);
    await expect(loginPage(page).alert).toContainText('Access Denied');
  });

  test('the welcome page and / send an anonymous visitor to login', async ({ page }) => {
    await page.goto('/welcome');
    await expect(page).toHaveURL(/\/login$/);
  });
});
