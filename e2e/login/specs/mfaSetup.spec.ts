import { readFile } from 'node:fs/promises';
import { expect, test } from '../../signin/fixtures/test';
import { loginPage, signOutViaMenu } from '../../signin/fixtures/loginPage';
import { totp } from '../../signin/fixtures/totp';

test.describe('two-factor set-up (/config/2fa)', () => {
  test('turn on with the real secret, recovery codes once, sign in again with a code, turn off', async ({ page, api, shot }) => {
    const user = await api.createUser({ name: 'setup' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);

    await page.goto('/config/2fa');
    await expect(page.getByTestId('mfa-state')).toHaveText('Off');
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    const password = page.getByLabel('Password', { exact: true });
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await password.fill('not-my-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The password is incorrect')).toBeVisible();
    await password.fill(user.password);
    await page.getByRole('button', { name: 'Continue' }).click();

    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(await page.evaluate(() => localStorage.getItem('zo-recovery-token'))).toBeTruthy();
    await shot('mfa-setup-qr');

    const code = page.getByLabel('Authentication code');
    await code.fill(totp(secret, 10));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid six digit code.')).toBeVisible();
    await code.fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();

    const list = page.getByTestId('mfa-recovery-codes');
    await expect(list).toBeVisible();
    const codes = (await list.locator('li').allTextContents()).map((c) => c.trim());
    expect(codes.length).toBeGreaterThan(3);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('recovery-codes.txt');
    const text = await readFile((await file.path())!, 'utf8');
    for (const c of codes) expect(text).toContain(c);
    await shot('mfa-setup-recovery-codes');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('mfa-state')).toHaveText('On');
    await expect(page.getByText(codes[0]!)).toHaveCount(0);
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('zo-profile')))!).totpEnabled).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('zo-recovery-token'))).toBeNull();

    // Sign out and back in: the second factor is now asked for (the next time step: each is single use).
    await page.goto('/gluon');
    await signOutViaMenu(page);
    await login.signIn(user.email, user.password);
    await expect(login.title).toHaveText('Two-factor authentication');
    await login.code.fill(totp(secret, 1));
    await login.verify.click();
    await expect(page).toHaveURL(/\/gluon$/);

    // Turn it off again (under gluon's address this time), confirming in the modal.
    await page.goto('/gluon/config/2fa');
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Confirm your action')).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByTestId('mfa-state')).toHaveText('Off');
    await page.goto('/gluon');
    await signOutViaMenu(page);
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
  });

  test('a refused recovery token restarts the flow at /config/2fa', async ({ page, api }) => {
    const user = await api.createUser({ name: 'restart' });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    await page.goto('/gluon/config/2fa');
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const secret = (await page.getByTestId('mfa-secret').textContent())!.trim();
    // The recovery token is gone (as after its 10 minutes): the next recovery-mode call gets 401.
    await page.evaluate(() => localStorage.setItem('zo-recovery-token', 'expired'));
    await page.getByLabel('Authentication code').fill(totp(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/config\/2fa\?expired=true$/);
    await expect(page.getByText('Your verification has expired. Please confirm your password again.')).toBeVisible();
    await expect(page.getByTestId('mfa-state')).toHaveText('Off');
  });
});
