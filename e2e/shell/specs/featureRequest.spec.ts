import { openMenu } from '../fixtures/menu';
import { expect, test } from '../fixtures/seeded';
import { IDEAS_SITE } from '../fixtures/test';

test('feature request: Proceed opens the ideas site in a new tab; Back returns to the menu', async ({
  page,
  context,
  viewer,
  signIn,
}) => {
  await signIn(page, viewer);
  await page.goto('/gluon');
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Feature request' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('menuitem', { name: 'Feature request' }).click();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Proceed' }).click(),
  ]);
  await expect(tab).toHaveURL(IDEAS_SITE);
  // noopener: the new tab has no handle on the console.
  expect(await tab.evaluate(() => window.opener)).toBeNull();
});

test('keyboard: the menu opens from the keyboard, arrows move, Escape closes and focus returns', async ({
  page,
  viewer,
  signIn,
}) => {
  await signIn(page, viewer);
  await page.goto('/electron');
  const button = page.getByRole('button', { name: 'Profile menu' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Options' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Two-factor authentication' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Options' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('profile-menu')).toBeHidden();
  await expect(button).toBeFocused();
});
