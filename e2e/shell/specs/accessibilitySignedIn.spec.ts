import { expectNoSeriousViolations, openInTheme } from '../fixtures/axe';
import { openMenu } from '../fixtures/menu';
import { expect, test } from '../fixtures/test';

/** Every signed-in page of the console (spec §2 routes), for a user of every product. */
const SIGNED_IN_PAGES = [
  '/gluon',
  '/gluon/upload',
  '/neutrino',
  '/electron',
  '/monitoring',
  '/admin',
  '/admin/audit',
  '/admin/sessions',
  '/admin/sign-in',
  '/admin/branding',
  '/gluon/collector-links',
  '/globalrulesrepository',
  '/config/2fa',
  '/devices/123',
  '/incident-management/1',
];

for (const path of SIGNED_IN_PAGES) {
  test(`axe: ${path} in light and dark; the e-mail and Logout are there (no dead end)`, async ({ page, viewer, signIn }) => {
    await signIn(page, viewer);
    for (const theme of ['light', 'dark'] as const) {
      await openInTheme(page, path, theme);
      await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `${path} ${theme}`);
    }
    await openMenu(page);
    await expect(page.getByTestId('profile-email')).toHaveText(viewer.email);
    await expectNoSeriousViolations(page, `${path} profile menu`);
  });
}

test('375 px: the header collapses to the logo and one menu button with the products and the profile entries', async ({ page, viewer, signIn }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, viewer);
  for (const theme of ['light', 'dark'] as const) {
    await openInTheme(page, '/gluon', theme);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Products' })).toBeHidden();
    await expectNoSeriousViolations(page, `/gluon ${theme} 375px`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await openMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Neutrino' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Options' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('menuitem', { name: 'Neutrino' }).click();
  await expect(page).toHaveURL(/\/neutrino$/);
});

test('a user with only monitoring permissions can sign out from "Gluon is not enabled"', async ({ page, newUser, signIn }) => {
  await signIn(page, await newUser('mnt#cfg#rw,mnt#rpt#rw'));
  await page.goto('/gluon');
  await expect(page.locator('body')).toContainText('not enabled');
  await expectNoSeriousViolations(page, 'upgrade page');
  await openMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Back to the console' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
});
