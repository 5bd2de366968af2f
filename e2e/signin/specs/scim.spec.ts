import type { APIRequestContext } from '@playwright/test';

import { loginPage } from '../fixtures/loginPage';
import { expect, test } from '../fixtures/test';

const SCIM = 'application/scim+json';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

/** A directory's SCIM client: the base URL and token as an administrator pastes them into Okta. */
function scimClient(request: APIRequestContext, baseUrl: string, token: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': SCIM, accept: SCIM };
  return {
    post: (path: string, data: unknown) => request.post(`${baseUrl}${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`${baseUrl}${path}`, { headers, data }),
    get: (path: string) => request.get(`${baseUrl}${path}`, { headers }),
  };
}

test.describe('SCIM provisioning', () => {
  test('a token from Administration connects a client; a provisioned user signs in; deactivating them signs them out', async ({
    page,
    browser,
    api,
  }) => {
    // The administrator creates the token; it is shown once, with the base URL to paste.
    const admin = await api.createUser({ name: 'scim-admin' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(admin.email, admin.password);
    await expect(page).toHaveURL(/\/gluon$/);
    await page.goto('/admin/scim');
    await expect(page.getByTestId('scim-token-status')).toHaveText('No token yet: the directory cannot connect.');
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = (await page.getByTestId('scim-token').textContent()) ?? '';
    expect(token.length).toBeGreaterThan(30);
    const baseUrl = (await page.getByTestId('scim-base-url').textContent()) ?? '';
    expect(baseUrl).toBe(`${api.origin}/scim/v2`);
    // Stored hashed: the database never holds the token itself.
    const stored = JSON.stringify(await api.query('SELECT * FROM scim_tokens'));
    expect(stored).not.toContain(token);

    // The directory (here the test, as Okta would) creates the user and puts them in a group.
    const scim = scimClient(page.request, baseUrl, token);
    const email = `provisioned-${process.pid}-${Date.now()}@example.com`;
    const created = await scim.post('/Users', {
      schemas: [USER],
      userName: email,
      active: true,
      name: { givenName: 'Grace', familyName: 'Hopper' },
      emails: [{ primary: true, type: 'work', value: email }],
    });
    expect(created.status(), await created.text()).toBe(201);
    const userId = ((await created.json()) as { id: string }).id;
    const group = await scim.post('/Groups', {
      schemas: [GROUP],
      displayName: 'Inspection admin',
      members: [{ value: userId }],
    });
    expect(group.status(), await group.text()).toBe(201);
    // The token's status says it was used.
    await page.reload();
    await expect(page.getByTestId('scim-token-status')).toContainText('last used');

    // The provisioned user has no password: they set one through "Forgot your password?".
    const other = await browser.newContext({ baseURL: api.origin });
    try {
      const userPage = await other.newPage();
      const userLogin = loginPage(userPage);
      await userLogin.open();
      await userPage.getByRole('button', { name: 'Forgot your password?' }).click();
      await userPage.getByRole('textbox', { name: 'Email' }).fill(email);
      await userPage.getByRole('button', { name: 'Send' }).click();
      await expect(userPage.getByRole('status').filter({ hasText: email })).toBeVisible();
      const mails = await api.outbox(email);
      expect(mails).toHaveLength(1);
      const link = /(https?:\/\/\S+\/resetPassword\/\S+)/.exec(mails[0]!.body_text)?.[1];
      expect(link, mails[0]!.body_text).toBeDefined();
      await userPage.goto(link!);
      const password = 'Provisioned-Passw0rd!';
      await userPage.getByRole('textbox', { name: 'New Password', exact: true }).fill(password);
      await userPage.getByRole('textbox', { name: 'Confirm New Password' }).fill(password);
      await userPage.getByRole('button', { name: 'Change password' }).click();
      await userLogin.open();
      await userLogin.signIn(email, password);
      // The group's preset decides what they see: inspection, so gluon.
      await expect(userPage).toHaveURL(/\/gluon$/);

      // Okta deactivates (it never deletes): the user's sessions end at once.
      const deactivated = await scim.patch(`/Users/${userId}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', value: { active: false } }],
      });
      // RFC 7644 §3.5.2: 204 when the client asked for no attributes back.
      expect(deactivated.status(), await deactivated.text()).toBe(204);
      expect(((await (await scim.get(`/Users/${userId}`)).json()) as { active: boolean }).active).toBe(false);
      const rejected = userPage.waitForResponse((r) => r.url().startsWith(api.origin) && r.status() === 401);
      await userPage.reload();
      await rejected;
      await expect(userPage).toHaveURL(/\/login/);
      await userLogin.signIn(email, password);
      await expect(userLogin.alert).toHaveText("The username / password you've entered doesn't match any account.");
      await expect(userPage).toHaveURL(/\/login/);

      // The administrator sees the account as deactivated by the directory.
      await page.goto('/admin/users');
      await expect(page.getByRole('row', { name: new RegExp(email) })).toContainText(/deactivated|disabled/i);
    } finally {
      await other.close();
    }
  });
});
