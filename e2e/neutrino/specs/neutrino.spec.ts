import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { sampleSysdiagnose } from '../../../server/modules/gluon/services/sampleUploads';
import { SAMPLE_DEVICE } from '../../../server/modules/inspection/sampleArtefacts';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

/**
 * The made-up sysdiagnose archive of development (its Jetsam report names BackupAgent); with
 * `crashReporterKey`, the same archive from another phone (a second device of the fleet).
 */
function sysdiagnoseFile(crashReporterKey?: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'e2e-neutrino-')), 'sysdiagnose_2023.06.01_iPhone.tar.gz');
  writeFileSync(file, sampleSysdiagnose(crashReporterKey ? { device: { ...SAMPLE_DEVICE, crashReporterKey } } : {}));
  return file;
}

test('an analyst hunts a process across devices, opens the device, sweeps a pasted list, saves the hunt and is alerted when a second phone matches', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(page, await newUser('all'));
  await page.goto('/gluon/upload');
  await page.getByTestId('upload-input').setInputFiles(sysdiagnoseFile());
  await expect(page.getByTestId('recent-upload').first()).toHaveAttribute('data-status', 'done');

  await page.goto('/neutrino');
  await page.getByLabel('Value').fill('BackupAgent');
  await page.getByRole('button', { name: 'Hunt' }).click();
  const device = page.getByTestId('hunt-device');
  await expect(device).toHaveCount(1);
  await expect(device).toContainText('BackupAgent');

  await page.getByRole('form', { name: 'Save hunt' }).getByLabel('Hunt name').fill('BackupAgent anywhere');
  await page.getByRole('button', { name: 'Save hunt' }).click();
  await expect(page.getByText('Saved: it runs again on every new inspection')).toBeVisible();

  await page.getByRole('tab', { name: 'Sweep' }).click();
  await page.getByLabel('Indicators').fill('BackupAgent\nnot-a-process-anywhere');
  await page.getByRole('button', { name: 'Sweep', exact: true }).click();
  await expect(page.getByText('1 of 2 indicators seen on 1 device.')).toBeVisible();

  await page.getByRole('tab', { name: 'Saved hunts' }).click();
  await expect(page.getByTestId('saved-hunt').filter({ hasText: 'BackupAgent anywhere' })).toBeVisible();

  await page.getByRole('tab', { name: 'Hunt', exact: true }).click();
  await page.getByLabel('Value').fill('BackupAgent');
  await page.getByRole('button', { name: 'Hunt' }).click();
  await page.getByTestId('hunt-device').getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/devices\//);

  // A path followed across the fleet, at the address an incident's "Other devices with this
  // indicator" builds (this suite imports no rule set, so there is no incident to click): its
  // slashes travel escaped in the address and reach the page decoded.
  await page.goto(`/neutrino/campaigns/indicator/${encodeURIComponent('/private/var/tmp/icloud_dump/helper')}`);
  await expect(page.getByRole('heading', { name: 'Indicator: /private/var/tmp/icloud_dump/helper' })).toBeVisible();
  await expect(page.getByTestId('campaign-device')).toHaveCount(1);

  // A second phone's archive matches the saved hunt: the scan (NEUTRINO_SAVED_HUNT_SCAN_MS, short
  // in this suite) records the match and monitoring's loop raises one alert for it.
  await page.goto('/gluon/upload');
  await page.getByTestId('upload-input').setInputFiles(sysdiagnoseFile('c0ffee00d15ea5e0000000000000000000000043'));
  await expect(page.getByTestId('recent-upload').first()).toHaveAttribute('data-status', 'done');
  const alert = page.getByRole('link', { name: /^Saved hunt "BackupAgent anywhere" matched on .*BackupAgent/ });
  await expect(async () => {
    await page.goto('/monitoring/alerts');
    await expect(alert).toHaveCount(1, { timeout: 2_000 });
  }).toPass({ timeout: 60_000, intervals: [1_000] });
});

test('a user with gluon reports but no ntr permission is offered the upgrade, and the API refuses the hunt', async ({
  page,
  newUser,
  signIn,
  apiCall,
}) => {
  const token = await signIn(page, await newUser('gln#rpt#rw'));
  await page.goto('/neutrino');
  await expect(page).toHaveURL(/\/upgrade\/neutrino/);
  expect((await apiCall(token, 'GET', '/neutrino-backend/hunt?value=BackupAgent')).status).toBe(403);
});
