import { bundleFile, sysdiagnoseFile } from '../fixtures/files';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

let deviceUrl = '';

test('an analyst imports rule sets, uploads an archive, triages the incident and sees the device matched again under a newer rule set', async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(page, await newUser('all'));

  await page.goto('/globalrulesrepository');
  for (const name of ['darksword', 'operation_triangulation'] as const) {
    await page.getByTestId('bundle-input').setInputFiles(bundleFile(name));
    await expect(page.getByRole('status')).toContainText('imported');
  }
  await expect(page.getByTestId('rule-set-row')).toHaveCount(2);

  await page.goto('/gluon/upload');
  await page.getByTestId('upload-input').setInputFiles(sysdiagnoseFile());
  await expect(page.getByTestId('upload-file')).toHaveAttribute('data-status', 'done');
  // An upload's size in words (the sample is 1.6 KB); MB with two decimals is for downloads (spec §9).
  await expect(page.getByTestId('upload-file')).toContainText(/\d+(\.\d)? KB \/ \d+(\.\d)? KB/);
  // The inspection runs in the background; the list follows it to the end.
  await expect(page.getByTestId('recent-upload').first()).toHaveAttribute('data-status', 'done');

  await page.goto('/gluon');
  await page.getByTestId('device-row').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/devices\//);
  deviceUrl = new URL(page.url()).pathname;
  await expect(page.getByTestId('incident-row')).toHaveCount(2);

  await page.getByRole('link', { name: 'OperationTriangulation' }).click();
  await expect(page).toHaveURL(/\/incident-management\//);
  await expect(page.getByText('processes[1].name = BackupAgent')).toBeVisible();
  await page.getByRole('button', { name: 'Mark false positive' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Apple backup agent, checked on the device');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('evidence-row')).toHaveAttribute('data-suppressed', 'true');
  await expect(page.getByTestId('timeline-event').last()).toContainText('Open → False positive');
  // Marked by mistake: Undo beside it lifts it and the incident is open again; marked again, as what follows expects.
  await page.getByRole('button', { name: 'Undo false positive' }).click();
  await expect(page.getByTestId('evidence-row')).toHaveAttribute('data-suppressed', 'false');
  await expect(page.getByTestId('timeline-event').last()).toContainText('Suppression undone, False positive → Open');
  await page.getByRole('button', { name: 'Mark false positive' }).click();
  await page.getByRole('textbox', { name: 'Reason' }).fill('Apple backup agent, checked on the device');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('evidence-row')).toHaveAttribute('data-suppressed', 'true');
  await expect(page.getByTestId('timeline-event').last()).toContainText('Open → False positive');

  // "A newer rule set": KingSpawn names the staging path shutdown.log listed; nothing is uploaded again.
  await page.goto('/globalrulesrepository');
  await page.getByTestId('bundle-input').setInputFiles(bundleFile('kingspawn'));
  await expect(page.getByRole('status')).toContainText('matched again');
  await expect(async () => {
    await page.goto(deviceUrl);
    await expect(page.getByRole('link', { name: 'KingSpawn' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const rows = page.getByTestId('incident-row');
  await expect(rows.filter({ hasText: 'OperationTriangulation' })).toContainText('False positive');
  await expect(rows.filter({ hasText: 'DarkSword' })).toContainText('Open');
  await page.getByRole('tab', { name: 'Inspections' }).click();
  await expect(page.locator('[data-testid="inspection-row"][data-origin="rematch"]').first()).toContainText(
    'KingSpawn',
  );
});

test('an uploader sees only the upload screen', async ({ page, newUser, signIn, apiCall }) => {
  const token = await signIn(page, await newUser('gln#upl#rw'));
  await page.goto('/gluon');
  await expect(page.getByRole('link', { name: 'Upload files for inspection' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Search devices' })).toHaveCount(0);
  await page.goto('/gluon/upload');
  await expect(page.getByTestId('upload-drop-zone')).toBeVisible();
  expect((await apiCall(token, 'GET', '/gluon-backend/devices')).status).toBe(403);
});

test('without gln#cre#r there is no crash explorer, and the API answers 403', async ({
  page,
  newUser,
  signIn,
  apiCall,
}) => {
  const token = await signIn(page, await newUser('gln#rpt#r,gln#pre#r'));
  await page.goto(deviceUrl);
  await expect(page.getByRole('tab', { name: 'Process explorer' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Crash explorer' })).toHaveCount(0);
  expect((await apiCall(token, 'GET', `/gluon-backend${deviceUrl}/crashes`)).status).toBe(403);
});
