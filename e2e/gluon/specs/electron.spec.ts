import { aftermathFile, MAC_SAMPLE, macBundleFile } from '../fixtures/files';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

test("an analyst uploads an Aftermath archive, sees the Mac at High with its persistence finding, opens the incident, marks the TCC heuristic benign and hunts the agent's hash", async ({
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

  // The risky grant is the analyst's own tool here: marked benign with why, it says who and why.
  await page.goBack();
  await expect(page).toHaveURL(/\/electron\/devices\//);
  const grant = page.getByTestId('electron-heuristic').filter({ hasText: 'Full Disk Access granted to' });
  await grant.getByRole('button', { name: 'Mark benign' }).click();
  await grant.getByRole('textbox', { name: 'Why is it benign?' }).fill('our backup tool, checked with the user');
  await grant.getByRole('button', { name: 'Confirm' }).click();
  await expect(grant).toHaveAttribute('data-benign', 'true');
  await expect(grant).toContainText('our backup tool, checked with the user');
  // Still High: the launch agent's incident is open.
  await expect(page.locator('h2 [data-risk]')).toHaveAttribute('data-risk', 'high');

  // The launch agent's hash hunted on /neutrino finds the Mac, a device of the same fleet as the phones.
  await page.goto('/neutrino');
  await page.getByLabel('Value').fill(MAC_SAMPLE.agentSha256);
  await page.getByRole('button', { name: 'Hunt' }).click();
  const hit = page.getByTestId('hunt-device');
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText('macOS');
  await expect(hit).toContainText(MAC_SAMPLE.agentSha256);
});
