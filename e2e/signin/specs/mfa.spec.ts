import { loginPage, signOutViaMenu } from '../fixtures/loginPage';
import { expect, test } from '../fixtures/test';
import { totp } from '../fixtures/totp';

test.describe('second factor at sign-in', () => {
  test('two-auth: required text, wrong code, then a code computed from the real secret signs in', async ({
    page,
    api,
  }) => {
    const user = await api.createUser({ name: 'mfa', totp: true });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(login.title).toHaveText('Two-factor authentication');
    await expect(login.code).toHaveAttribute('inputmode', 'numeric');
    await expect(login.rememberMe).toBeVisible();

    await login.verify.click();
    await expect(page.getByText('Authentication code is required')).toBeVisible();

    // A well-formed code of a step far outside the ±1 window: the API answers 'Wrong TOTP code'.
    await login.code.fill(totp(user.totpSecret!, 10));
    await login.verify.click();
    await expect(page.getByText('Invalid six digit code.').first()).toBeVisible();
    await expect(login.title).toHaveText('Two-factor authentication');

    // Letters are dropped: the field is numeric.
    await login.code.fill('');
    await login.code.pressSequentially('ab12');
    await expect(login.code).toHaveValue('12');

    await login.code.fill(totp(user.totpSecret!));
    await login.verify.click();
    await expect(page).toHaveURL(/\/gluon$/);
    expect(await page.evaluate(() => localStorage.getItem('zo-remember-2fa'))).toBeNull();
  });

  test('remember-me: the next sign-in skips the code', async ({ page, api }) => {
    const user = await api.createUser({ name: 'remember', totp: true });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(login.title).toHaveText('Two-factor authentication');
    await login.code.fill(totp(user.totpSecret!));
    await login.rememberMe.click();
    await expect(
      page.getByRole('checkbox', { name: 'Remember this device for 30 days (60 days for monitoring users)' }),
    ).toBeChecked();
    await login.verify.click();
    await expect(page).toHaveURL(/\/gluon$/);
    const remembered = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('zo-remember-2fa'))) ?? '{}',
    ) as Record<string, string>;
    expect(Object.keys(remembered)).toEqual([user.email]);

    await signOutViaMenu(page);
    // The remembered device survives the sign-out (a preference, not session state).
    await login.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/gluon$/);
    await expect(page.getByRole('heading', { name: 'Gluon' })).toBeVisible();
  });

  test('recovery code: required text, dashes accepted, works once only', async ({ page, api }) => {
    const user = await api.createUser({ name: 'recovery', totp: true, recoveryCodes: true });
    const code = user.recoveryCodes[0]!;
    expect(code).toMatch(/^\d{4}-\d{4}-\d{4}$/);
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(login.title).toHaveText('Two-factor authentication');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await expect(login.title).toHaveText('Recovery code');
    await login.verify.click();
    await expect(page.getByText('Recovery code is required')).toBeVisible();

    // Dashes are removed before sending.
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/um/mfa/totp/validateRecoveryCode')),
      (async () => {
        await login.recovery.fill(code);
        await login.verify.click();
      })(),
    ]);
    expect((request.postDataJSON() as { totpRecoveryCode: string }).totpRecoveryCode).toBe(code.replace(/-/g, ''));
    await expect(page).toHaveURL(/\/gluon$/);

    await signOutViaMenu(page);
    await login.signIn(user.email, user.password);
    await expect(login.title).toHaveText('Two-factor authentication');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await login.recovery.fill(code);
    await login.verify.click();
    await expect(page.getByText('Invalid recovery code.').first()).toBeVisible();
    await expect(login.title).toHaveText('Recovery code');

    // Another, unused code still works.
    await login.recovery.fill(user.recoveryCodes[1]!);
    await login.verify.click();
    await expect(page).toHaveURL(/\/gluon$/);
  });

  test('two-auth <-> recovery-code links and Return to login screen', async ({ page, api }) => {
    const user = await api.createUser({ name: 'steps', totp: true });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(login.title).toHaveText('Two-factor authentication');
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await expect(login.title).toHaveText('Recovery code');
    await page.getByRole('button', { name: 'Use an authentication code' }).click();
    await expect(login.title).toHaveText('Two-factor authentication');
    await login.returnToLogin.click();
    await expect(login.title).toHaveText('Sign in');
    await expect(login.username).toBeVisible();

    await login.signIn(user.email, user.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await login.returnToLogin.click();
    await expect(login.title).toHaveText('Sign in');
  });

  test('a second-factor failure other than a wrong code returns to the login step', async ({ page, api }) => {
    const user = await api.createUser({ name: 'mfa500', totp: true });
    const login = loginPage(page);
    await login.open();
    await login.signIn(user.email, user.password);
    await expect(login.title).toHaveText('Two-factor authentication');
    api.proxy.fail('/um/mfa/totp/validateCode', 500, {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    await login.code.fill(totp(user.totpSecret!));
    await login.verify.click();
    await expect(login.title).toHaveText('Sign in');
    await expect(login.alert).toHaveText('The application has encountered an unknown error');
  });
});
