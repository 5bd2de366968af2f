import { androidBundleFile, androidQfFile } from '../fixtures/files';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

/**
 * The page never scrolls sideways: what is wider scrolls inside its own region. Polled: right
 * after a resize the page may not have laid itself out for the new width yet (seen once as 623 px).
 */
async function fitsWidth(page: import('@playwright/test').Page, width: number): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test('an analyst uploads an AndroidQF output, opens the incident of a package indicator and sees the sideloading warning with its evidence', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(page, await newUser('all'));

  await page.goto('/globalrulesrepository');
  await page.getByTestId('bundle-input').setInputFiles(androidBundleFile());
  await expect(page.getByRole('status')).toContainText('imported');

  await page.goto('/gluon/upload');
  await page.getByTestId('upload-input').setInputFiles(androidQfFile());
  await expect(page.getByTestId('upload-file')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('recent-upload').first()).toHaveAttribute('data-status', 'done');

  await page.goto('/gluon');
  const row = page.getByTestId('device-row').filter({ hasText: 'Example Phone 7' });
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/devices\//);
  const deviceUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('device-facts')).toContainText('Android 13');
  await expect(page.getByRole('tab', { name: 'Packages' })).toBeVisible();

  // The incident of the package indicator (app:id), with the package as its evidence.
  await page.getByRole('link', { name: 'ExampleSpyAgent (made-up)' }).click();
  await expect(page).toHaveURL(/\/incident-management\//);
  await expect(page.getByTestId('evidence-row').filter({ hasText: 'com.example.spyagent' }).first()).toBeVisible();

  // Back on the device: the sideloading warning beside the findings, with why and its evidence.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${deviceUrl}$`));
  const warning = page.getByTestId('device-warning').filter({ hasText: 'com.example.spyagent was installed' });
  await expect(warning).toContainText('sideloaded');
  await expect(warning).toContainText('Why it matters:');
  await expect(warning.getByRole('list', { name: 'Evidence' })).toContainText('com.example.spyagent');

  // The packages tab is in the address: a reload keeps it, and the spy agent is flagged.
  await page.getByRole('tab', { name: 'Packages' }).click();
  await expect(page).toHaveURL(/\?tab=packages$/);
  await page.reload();
  const spy = page.getByTestId('package-row').filter({ hasText: 'com.example.spyagent' });
  await expect(spy).toContainText('Sideloaded');
  await page.getByRole('button', { name: 'Details of com.example.spyagent' }).click();
  await expect(page.getByTestId('package-detail')).toContainText('CN=Made Up Signer');

  // On a phone (375 px) the page fits; the tables scroll in their own regions.
  await page.setViewportSize({ width: 375, height: 800 });
  await fitsWidth(page, 375);
  await page.getByRole('tab', { name: /^Incidents/ }).click();
  await fitsWidth(page, 375);
  // Dark theme too (the theme is kept in local storage).
  await page.evaluate(() => localStorage.setItem('jetp-theme', 'dark'));
  await page.reload();
  await expect(page.locator('.host-root')).toHaveClass(/host-theme-dark/);
  await expect(page.getByTestId('device-warning').first()).toBeVisible();
  await fitsWidth(page, 375);
  // A package opened to its hashes and certificate stays within the phone's width.
  await page.getByRole('tab', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Details of com.example.spyagent' }).click();
  await expect(page.getByTestId('package-detail')).toBeVisible();
  await fitsWidth(page, 375);
  await page.getByRole('tab', { name: /^Incidents/ }).click();

  // Rescan: queued, then its end, in place (the job row is polled) and as a toast.
  await page.getByRole('button', { name: 'Rescan' }).click();
  await expect(page.locator('[role="status"][data-state]')).toHaveAttribute('data-state', 'done');
  await expect(page.locator('[role="status"][data-state]')).toContainText('Rescan done');
  await expect(page.getByRole('tab', { name: 'Inspections' })).toBeVisible();
  await page.getByRole('tab', { name: 'Inspections' }).click();
  await expect(page.locator('[data-testid="inspection-row"][data-origin="rescan"]')).toHaveCount(1);
});
