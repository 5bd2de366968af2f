import { openMenu } from '../fixtures/menu';
import { expect, test } from '../fixtures/seeded';

test('change password from the menu: a second browser is signed out, this one goes on, the new password signs in', async ({
  page,
  browser,
  newUser,
  signIn,
  baseURL,
}) => {
  const user = await newUser();
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  try {
    await signIn(otherPage, user);
    await otherPage.goto('/gluon');
    await expect(otherPage.getByRole('button', { name: 'Profile menu' })).toBeVisible();

    await signIn(page, user);
    await page.goto('/gluon');
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Options' }).click();
    await page.getByTestId('change-password-open').click();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Passw0rd!');
    await page.getByLabel('Confirm new password').fill('Brand-New-Passw0rd!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/Your password has been changed/)).toBeVisible();

    // The other browser's session was ended: its next call is refused and it lands on /login.
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login/, { timeout: 20_000 });
    // This one goes on.
    await page.reload();
    await expect(page).toHaveURL(/\/gluon/);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, { email: user.email, password: 'Brand-New-Passw0rd!' });
  } finally {
    await other.close();
  }
});

test('time zone and date format apply at once', async ({ page, viewer, signIn }) => {
  await signIn(page, viewer);
  await page.goto('/gluon');
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Options' }).click();
  const sample = page.getByTestId('date-sample');
  await page.getByLabel('Date format').selectOption('MM/dd/yyyy HH:mm');
  await page.getByTestId('time-zone-search').fill('Samoa');
  const samoa = (await page
    .getByLabel('Time zone', { exact: true })
    .locator('option', { hasText: 'Samoa' })
    .first()
    .getAttribute('value'))!;
  await page.getByLabel('Time zone', { exact: true }).selectOption(samoa);
  const before = await sample.textContent();
  await page.getByTestId('time-zone-search').fill('Tokyo');
  const tokyo = (await page
    .getByLabel('Time zone', { exact: true })
    .locator('option', { hasText: 'Tokyo' })
    .first()
    .getAttribute('value'))!;
  await page.getByLabel('Time zone', { exact: true }).selectOption(tokyo);
  await expect(sample).not.toHaveText(before!);
  await page.getByLabel('Date format').selectOption('dd/MM/yyyy HH:mm');
  await expect(sample).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  expect(await page.evaluate(() => localStorage.getItem('zo-date-format'))).toBe('dd/MM/yyyy HH:mm');
  expect(await page.evaluate(() => localStorage.getItem('zo-timezone'))).toBeTruthy();
});
