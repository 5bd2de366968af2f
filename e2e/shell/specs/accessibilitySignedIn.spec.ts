import { expectNoSeriousViolations, openInTheme } from '../fixtures/axe';
import { expectNoHorizontalOverflow } from '../fixtures/layout';
import { openMenu } from '../fixtures/menu';
import { expect, SEEDED_PAGES, test } from '../fixtures/seeded';

/**
 * Every signed-in page of the console (spec §2 routes) for a user of every product, WITH data
 * (fixtures/seeded.ts: a device with findings, its incident, rule sets, collector links, the audit
 * log): light and dark, 1280 and 375 px; a serious or critical axe violation or a page that
 * scrolls sideways fails. One test per page and width, not one per page: two loads and
 * two or three axe checks stay inside the timeout on a loaded machine; four loads and five did not.
 */
for (const route of SEEDED_PAGES) {
  for (const width of [375, 1280]) {
    const menu = width === 1280 ? '; the e-mail and Logout are there (no dead end)' : '';
    test(`axe: ${route} with data at ${width} px, light and dark, no sideways scroll${menu}`, async ({
      page,
      viewer,
      signIn,
      seeded,
    }) => {
      const path = seeded.resolve(route);
      await signIn(page, viewer);
      await page.setViewportSize({ width, height: 800 });
      // Light last: at 1280 px the profile menu is then opened on that page as loaded, not on a second load of it.
      for (const theme of ['dark', 'light'] as const) {
        await openInTheme(page, path, theme);
        await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${path} ${theme} ${width}px`, { soft: true });
        await expectNoHorizontalOverflow(page, `${path} ${theme} ${width}px`, { soft: true });
      }
      if (width === 1280) {
        await openMenu(page);
        await expect(page.getByTestId('profile-email')).toHaveText(viewer.email);
        await expectNoSeriousViolations(page, `${path} profile menu`);
      }
    });
  }
}

test('375 px: the header collapses to the logo and one menu button with the products and the profile entries', async ({
  page,
  viewer,
  signIn,
}) => {
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

test('a user with only monitoring permissions can sign out from "Gluon is not enabled"', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(page, await newUser('mnt#cfg#rw,mnt#rpt#rw'));
  await page.goto('/gluon');
  await expect(page.locator('body')).toContainText('not enabled');
  await expectNoSeriousViolations(page, 'upgrade page');
  await openMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Back to the console' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
});
