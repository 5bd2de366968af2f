import type { Locator, Page } from '@playwright/test';

import { turnOnTwoFactor } from '../../public/fixtures/twoFactor';
import { openInTheme } from '../fixtures/axe';
import { cardLayoutProblems, expectNoHorizontalOverflow, unreachableRowActions } from '../fixtures/layout';
import { expect, test } from '../fixtures/seeded';
import { BLANK_PAGE } from '../fixtures/test';

/** The signed-in pages with data tables (fixtures/seeded.ts fills them). */
const TABLE_PAGES = [
  '/gluon',
  '/devices/:device',
  '/incident-management/:incident',
  '/gluon/collector-links',
  '/admin/collector-links',
  '/globalrulesrepository',
  '/electron',
  '/electron/upload',
  '/electron/devices/:mac',
  '/admin',
  '/admin/audit',
  '/admin/sessions',
] as const;

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, 'a visible element').not.toBeNull();
  return b!;
}

/** How far anything on the page is scrolled sideways (the window, or any element). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      window.scrollX,
      ...[...document.querySelectorAll('*')]
        .filter((el) => !el.matches('[tabindex] , [tabindex] *'))
        .map((el) => el.scrollLeft),
    ),
  );
}

// One test per page and width: nine page loads in one test did not fit its timeout on a loaded machine.
for (const width of [1280, 375]) {
  for (const route of TABLE_PAGES) {
    test(`${width} px: every action of every table row of ${route} is in the window or in a focusable scroll container`, async ({
      page,
      viewer,
      signIn,
      seeded,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, viewer);
      await page.goto(seeded.resolve(route));
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect((await unreachableRowActions(page)).map((p) => `${route}: ${p}`)).toEqual([]);
    });
  }
}

// Below 600 px the tables are cards: one test per page, in both themes (the seeded data fills them).
for (const route of TABLE_PAGES) {
  test(`375 px: the tables of ${route} are stacked cards, labelled, actions inside, no word broken (light and dark)`, async ({
    page,
    viewer,
    signIn,
    seeded,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, viewer);
    for (const theme of ['light', 'dark'] as const) {
      await openInTheme(page, seeded.resolve(route), theme);
      await expect(page.locator('table tbody tr').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect((await cardLayoutProblems(page)).map((p) => `${route} ${theme}: ${p}`)).toEqual([]);
      await expectNoHorizontalOverflow(page, `${route} ${theme}`);
    }
  });
}

test('1280 px: a table wider than the page is a labelled region the keyboard can focus', async ({
  page,
  viewer,
  signIn,
}) => {
  await signIn(page, viewer);
  await page.goto('/admin/audit');
  const scroller = page
    .locator('.zo-table-scroll')
    .filter({ has: page.getByRole('table') })
    .first();
  await expect(scroller).toHaveAttribute('tabindex', '0');
  await expect(scroller).toHaveAttribute('role', 'region');
  await expect(scroller).toHaveAttribute('aria-label', /.+/);
  await expect(scroller).not.toHaveClass(/zo-table-cards/);
});

test('1280 px: an incident is marked false positive without the page moving sideways; the reason box is wide enough to write in', async ({
  page,
  viewer,
  signIn,
  seeded,
}) => {
  await signIn(page, viewer);
  await page.goto(seeded.resolve('/incident-management/:incident'));
  const mark = page.getByRole('button', { name: 'Mark false positive' }).first();
  await expect(mark).toBeVisible();
  const markBox = await box(mark);
  expect(markBox.x + markBox.width, '"Mark false positive" is inside the window').toBeLessThanOrEqual(1280);
  await expectNoHorizontalOverflow(page, 'incident');
  await mark.click();
  const reason = page.getByRole('textbox', { name: 'Reason' });
  expect((await box(reason)).width, 'the reason box').toBeGreaterThanOrEqual(200);
  await expect(page.getByRole('heading', { level: 2 })).toBeInViewport();
  expect(await sidewaysScroll(page)).toBe(0);
  await reason.fill('Seen by hand: a test device');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('[data-testid="evidence-row"][data-suppressed="true"]').first()).toBeVisible();
  expect(await sidewaysScroll(page), 'nothing stays scrolled after Confirm').toBe(0);
  await expectNoHorizontalOverflow(page, 'incident after Confirm');
});

for (const width of [1280]) {
  test(`${width} px: collector links' actions sit inside their row under the Actions header, one height; the installs list spans the table`, async ({
    page,
    viewer,
    signIn,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, viewer);
    await page.goto('/gluon/collector-links');
    const row = page.getByTestId('link-row').first();
    await expect(row).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    const rowBox = await box(row);
    const buttons = row.getByRole('button');
    const heights = new Set<number>();
    for (const button of await buttons.all()) {
      const b = await box(button);
      expect(b.y, 'a button below its row top').toBeGreaterThanOrEqual(rowBox.y - 0.5);
      expect(b.y + b.height, 'a button above its row bottom').toBeLessThanOrEqual(rowBox.y + rowBox.height + 0.5);
      heights.add(Math.round(b.height));
    }
    expect([...heights], 'one height for every action').toHaveLength(1);
    const header = await box(page.getByRole('columnheader', { name: 'Actions' }));
    const actionsCell = await box(row.locator('td').last());
    expect(Math.round(actionsCell.x), 'the actions cell is the Actions column').toBe(Math.round(header.x));
    await row.getByRole('button', { name: 'Show installs' }).click();
    const installs = page.getByTestId('link-installs-row');
    await expect(installs).toBeVisible();
    const table = await box(page.getByRole('table', { name: 'Collector links' }));
    expect((await box(installs)).width, 'the installs list spans the table').toBeGreaterThanOrEqual(table.width - 2);
  });
}

for (const width of [1280, 375]) {
  test(`${width} px: the sign-in card's "Reset your password" and "Two-factor authentication" headings stay inside the card`, async ({
    page,
    newUser,
    signIn,
  }) => {
    const user = await newUser('all');
    await signIn(page, user);
    await page.goto('/config/2fa');
    await turnOnTwoFactor(page, { password: user.password });
    await page.goto(BLANK_PAGE);
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width, height: 800 });
    const inCard = async (name: string) => {
      const heading = page.getByRole('heading', { name, level: 1 });
      await expect(heading).toBeVisible();
      const card = await box(page.locator('.login-card'));
      const h = await box(heading);
      expect(h.x, `${name}: left edge`).toBeGreaterThanOrEqual(card.x);
      expect(h.x + h.width, `${name}: right edge`).toBeLessThanOrEqual(card.x + card.width);
      expect(await heading.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name}: its text fits its box`).toBe(
        true,
      );
      await expectNoHorizontalOverflow(page, name);
    };
    await page.goto('/login');
    await page.getByText('Forgot your password?').click();
    await inCard('Reset your password');
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username' }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await inCard('Two-factor authentication');
  });
}
