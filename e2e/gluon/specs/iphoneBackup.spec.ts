import { bundleFile, iphoneBackupFile } from '../fixtures/files';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

test('an analyst uploads the encrypted iPhone backup with its password, sees its flagged link on the device, hunts the domain and finds the alert', async ({
  page,
  newUser,
  signIn,
}) => {
  const sample = await iphoneBackupFile();
  await signIn(page, await newUser('all'));

  await page.goto('/globalrulesrepository');
  await page.getByTestId('bundle-input').setInputFiles(bundleFile('darksword'));
  await expect(page.getByRole('status')).toContainText('imported');

  // The upload screen asks for the backup's password before the file is sent (it is never stored).
  await page.goto('/gluon/upload');
  await page.getByLabel('Backup password').fill(sample.password);
  await page.getByTestId('upload-input').setInputFiles(sample.file);
  await expect(page.getByTestId('upload-file')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('recent-upload').first()).toHaveAttribute('data-status', 'done');
  // Sent once: the field is empty again for the next files.
  await expect(page.getByLabel('Backup password')).toHaveValue('');

  await page.goto('/gluon');
  await page.getByTestId('device-row').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/devices\//);
  const incidentLink = page.getByTestId('incident-row').filter({ hasText: 'DarkSword' }).getByRole('link').first();
  await expect(incidentLink).toBeVisible();
  const incidentUrl = await incidentLink.getAttribute('href');
  await page.getByRole('tab', { name: 'Links and domains' }).click();
  // The domain is what the indicator names (flagged, the SMS link as its evidence); the link is listed with its source.
  const row = (value: string) =>
    page.getByTestId('device-link').filter({ has: page.getByRole('cell', { name: value, exact: true }) });
  await expect(row(sample.domain)).toHaveAttribute('data-flagged', 'true');
  await expect(row(sample.domain)).toContainText(sample.link);
  await expect(row(sample.link)).toContainText('sms.db');

  // The incident: the SMS link's host as evidence.
  await page.goto(incidentUrl!);
  await expect(page).toHaveURL(/\/incident-management\//);
  await expect(page.getByTestId('evidence-row').filter({ hasText: sample.domain }).first()).toBeVisible();

  // The domain hunted across the fleet finds the phone.
  await page.goto('/neutrino');
  await page.getByLabel('Value').fill(sample.domain);
  await page.getByRole('button', { name: 'Hunt' }).click();
  await expect(page.getByTestId('hunt-device')).toHaveCount(1);
  await expect(page.getByTestId('hunt-device')).toContainText(sample.domain);

  // Monitoring's loop (every 2 s) raised the incident's alert.
  const alert = page.getByRole('link', { name: /^New incident: DarkSword on / });
  await expect(async () => {
    await page.goto('/monitoring/alerts');
    await expect(alert).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000] });
});
