import type { BrowserContext, CDPSession, Page } from '@playwright/test';

import { loginPage, signOutViaMenu } from '../fixtures/loginPage';
import { expect, test } from '../fixtures/test';
import { totp } from '../fixtures/totp';

/**
 * Passkeys end to end with Chromium's virtual authenticator (DevTools protocol `WebAuthn`): a
 * platform authenticator that keeps resident keys and verifies the user, answering at once, so the
 * real browser ceremony and the real API's verification run with no dialog to click.
 * WebAuthn refuses an IP address as the relying party's id: this file's API is `localhost`.
 */
test.use({ publicHost: 'localhost' });

interface Authenticator {
  cdp: CDPSession;
  id: string;
  /** The credentials the authenticator holds (what the browser would offer). */
  credentials(): Promise<Array<{ credentialId: string; isResidentCredential: boolean; signCount: number }>>;
}

async function virtualAuthenticator(page: Page): Promise<Authenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    id: authenticatorId,
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** Opens the profile menu's Passkeys section. */
async function openPasskeys(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Passkeys' }).click();
  const section = page.getByTestId('passkeys-section');
  await expect(section).toBeVisible();
  return section;
}

/** Closes the profile menu (it closes after a short delay: the next click must not reopen-and-close it). */
async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-menu')).toHaveCount(0);
}

/** Signs in with the passkey button only: no username, no password typed. */
async function signInWithPasskey(page: Page) {
  const login = loginPage(page);
  await expect(login.card).toBeVisible();
  const verified = page.waitForResponse((r) => /\/um\/passkeys\/signIn$/.test(r.url()));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  return { login, verified };
}

test.describe('passkeys', () => {
  test('register a passkey in the profile menu, sign out, sign in with it and no password', async ({ page, api }) => {
    const authenticator = await virtualAuthenticator(page);
    const user = await api.createUser({ name: 'passkey' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);

    let section = await openPasskeys(page);
    await expect(section.getByText('No passkeys yet.')).toBeVisible();
    await section.getByRole('textbox', { name: 'Name of the new passkey' }).fill('Work laptop');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const row = section.getByRole('listitem', { name: 'Work laptop' });
    await expect(row).toContainText('never used');
    // The browser holds a discoverable credential and the API its public key, for this user only.
    const held = await authenticator.credentials();
    expect(held).toHaveLength(1);
    expect(held[0]!.isResidentCredential).toBe(true);
    const stored = await api.query<{ name: string }>(
      'SELECT p.name FROM passkeys p JOIN users u ON u.id = p.user_id WHERE u.email = $1',
      [user.email.toLowerCase()],
    );
    expect(stored).toEqual([{ name: 'Work laptop' }]);

    await closeMenu(page);
    await signOutViaMenu(page);

    const signIn = await signInWithPasskey(page);
    expect((await signIn.verified).status()).toBe(200);
    await expect(page).toHaveURL(/\/gluon$/);
    await expect(signIn.login.password).toHaveCount(0);
    // The sign-in used the authenticator (its counter rose) and the list says when.
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(held[0]!.signCount);
    section = await openPasskeys(page);
    await expect(section.getByRole('listitem', { name: 'Work laptop' })).toContainText('last used');
  });

  test('a passkey the API does not know is refused with a message, and the password still works', async ({
    page,
    api,
  }) => {
    const authenticator = await virtualAuthenticator(page);
    const user = await api.createUser({ name: 'revoked' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    const section = await openPasskeys(page);
    await section.getByRole('textbox', { name: 'Name of the new passkey' }).fill('Old phone');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(section.getByRole('listitem', { name: 'Old phone' })).toBeVisible();
    // Removed on the server (e.g. from another device) while the authenticator still holds it.
    await section.getByRole('button', { name: 'Remove Old phone' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(section.getByText('No passkeys yet.')).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);
    await closeMenu(page);
    await signOutViaMenu(page);

    const signIn = await signInWithPasskey(page);
    expect((await signIn.verified).status()).toBeGreaterThanOrEqual(400);
    await expect(login.alert).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
  });

  test('a tenant requiring a phishing-resistant method: a TOTP-only user is asked to add a passkey, then signs in with it', async ({
    page,
    browser,
    api,
  }) => {
    const admin = await api.createUser({ name: 'admin' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(admin.email, admin.password);
    await expect(page).toHaveURL(/\/gluon$/);
    await page.goto('/admin/sign-in');
    const required = page.getByRole('checkbox', { name: 'Require a phishing-resistant method (passkey)' });
    await expect(required).not.toBeChecked();
    const saved = page.waitForResponse((r) => r.url().endsWith('/um/signInPolicy') && r.request().method() === 'PUT');
    // Blueprint's switch: the label is what a user clicks (the input itself is drawn over).
    await page.locator('label', { hasText: 'Require a phishing-resistant method (passkey)' }).click();
    expect((await saved).status()).toBe(200);
    await expect(required).toBeChecked();

    // The TOTP user, in a browser of their own.
    const other: BrowserContext = await browser.newContext({ baseURL: api.origin });
    try {
      const userPage = await other.newPage();
      const authenticator = await virtualAuthenticator(userPage);
      const user = await api.createUser({ name: 'totp-only', totp: true });
      const userLogin = loginPage(userPage);
      await userLogin.open();
      await userLogin.signIn(user.email, user.password);
      await expect(userLogin.title).toHaveText('Two-factor authentication');
      await userLogin.code.fill(totp(user.totpSecret!));
      await userLogin.verify.click();

      await expect(userPage).toHaveURL(/\/config\/passkey/);
      await expect(
        userPage.getByText('Your organization requires a phishing-resistant sign-in method.', { exact: false }),
      ).toBeVisible();
      // Nothing else of the console until a passkey is added: a way out is there.
      await expect(userPage.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await userPage.getByRole('textbox', { name: 'Name of the new passkey' }).fill('Security key');
      await userPage.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(userPage).toHaveURL(/\/gluon$/);
      expect(await authenticator.credentials()).toHaveLength(1);

      await signOutViaMenu(userPage);
      const signIn = await signInWithPasskey(userPage);
      expect((await signIn.verified).status()).toBe(200);
      // The passkey is both factors: no authenticator code is asked for.
      await expect(userPage).toHaveURL(/\/gluon$/);
      await expect(userLogin.code).toHaveCount(0);
    } finally {
      await other.close();
    }
  });
});
