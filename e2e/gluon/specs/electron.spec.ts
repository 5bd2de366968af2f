import { aftermathFile, macBundleFile } from '../fixtures/files';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

test('an analyst uploads an Aftermath archive and sees the Mac at High with its persistence finding and the risky TCC grant', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(page, await newUser('all'));

  await page.goto('/globalrulesrepository');
  await page.getByTestId('bundle-input').setInputFiles(macBundleFile());
  await expect(page.getByRole('status')).toContainText('imported');

  await page.goto('/electron/upload');
  await page.getByLabel('Aftermath archive').setInputFiles(await aftermathFile());
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.locator('.electron-archive-status').first()).toContainText('Inspected:');

  await page.goto('/electron');
  const row = page.locator('.electron-macs tr').filter({ hasText: 'C02SAMPLE0MAC' });
  await expect(row.locator('[data-risk]')).toHaveAttribute('data-risk', 'high');
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/electron\/devices\//);
  await expect(
    page.getByText('Full Disk Access granted to /Users/alex/Library/Application Support/.updater/updater'),
  ).toBeVisible();
  await expect(page.locator('.electron-persistence')).toContainText('com.example.updater');

  // The incident is gluon's: it opens on gluon's incident page with the agent's hash as evidence.
  await page.getByRole('link', { name: 'ExampleMacUpdater (made-up)' }).click();
  await expect(page).toHaveURL(/\/incident-management\//);
  await expect(page.getByTestId('evidence-row').first()).toBeVisible();
});
