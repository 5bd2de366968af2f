import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { androidBundleFile, androidQfFile, bundleFile, sysdiagnoseFile } from '../../gluon/fixtures/files';
import { expectNoSeriousViolations, openInTheme } from '../../shell/fixtures/axe';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

test('a rule "High and above → me, at once" mails the new incident with its links; unsubscribe, then subscribed again', async ({
  page,
  newUser,
  signIn,
}) => {
  const analyst = await newUser('all');
  // A second recipient of the same rule: its mail proves a later alert was delivered.
  const soc = `soc-${analyst.email}`;
  await signIn(page, analyst);

  await page.goto('/monitoring/settings');
  await page.getByLabel('Rule name').fill('High and above to me');
  await page.getByLabel('Recipients (e-mail)').fill(`${analyst.email}, ${soc}`);
  await page.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.getByText('High and above to me', { exact: false }).first()).toBeVisible();

  await page.goto('/globalrulesrepository');
  await page.getByTestId('bundle-input').setInputFiles(bundleFile('darksword'));
  await expect(page.getByRole('status')).toContainText('imported');
  await page.goto('/gluon/upload');
  await page.getByTestId('upload-input').setInputFiles(sysdiagnoseFile());
  await expect(page.getByTestId('recent-upload').first()).toHaveAttribute('data-status', 'done');

  // Within a minute: the 30 s grouping window, then the next tick of the job loop.
  const mail = page
    .locator('article')
    .filter({ has: page.locator('a[href*="/incident-management/"]') })
    .first();
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(analyst.email)}`);
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 75_000 });
  await expect(mail.getByRole('heading')).toContainText('[Monitoring] New incident: DarkSword');
  const unsubscribe = (await mail.locator('a[href*="/unsubscribe?jwt="]').getAttribute('href'))!;
  await mail.locator('a[href*="/incident-management/"]').click();
  await expect(page).toHaveURL(/\/incident-management\//);

  await page.goto(unsubscribe);
  await page.getByRole('button', { name: 'Unsubscribe from this notification' }).click();
  await expect(page.getByRole('heading', { name: 'You are now unsubscribed from this notification.' })).toBeVisible();

  // A new incident on another device (the Android sample): the rule mails the other recipient,
  // never the one who unsubscribed from this notification.
  await page.goto('/globalrulesrepository');
  await page.getByTestId('bundle-input').setInputFiles(androidBundleFile());
  await expect(page.getByRole('status')).toContainText('imported');
  await page.goto('/gluon/upload');
  await page.getByTestId('upload-input').setInputFiles(androidQfFile());
  await expect(page.getByTestId('recent-upload').first()).toHaveAttribute('data-status', 'done');
  const androidMail = page.locator('article').filter({ hasText: 'ExampleSpyAgent' });
  await expect(async () => {
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(soc)}`);
    await expect(androidMail.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 75_000 });
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(analyst.email)}`);
  await expect(page.locator('article').filter({ hasText: 'DarkSword' }).first()).toBeVisible();
  await expect(androidMail).toHaveCount(0);

  // An administrator (this analyst holds every permission) subscribes them again.
  await page.goto('/monitoring/settings');
  const row = page
    .getByRole('listitem')
    .filter({ hasText: analyst.email })
    .filter({ hasText: 'rule "High and above to me"' });
  await row.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByText('Nobody has unsubscribed.')).toBeVisible();

  // The overview counts the new incidents: two High devices (iPhone and Android), linked to their alerts.
  await page.goto('/monitoring');
  await expect(page.getByRole('link', { name: '2 High devices' })).toBeVisible();
  await page.getByRole('link', { name: '2 High devices' }).click();
  await expect(page).toHaveURL(/\/monitoring\/alerts\?severity=high&status=active/);
  await expect(page.getByRole('link', { name: /New incident: DarkSword/ })).toBeVisible();
});

test("an administrator mutes an alert's device for a day with a reason, then ends the silence", async ({
  page,
  newUser,
  signIn,
}) => {
  await signIn(page, await newUser('all'));
  await page.goto('/monitoring/alerts');
  const mute = page.getByRole('link', { name: /^Mute / }).first();
  const device = (await mute.getAttribute('aria-label'))!.replace(/^Mute /, '');
  await mute.click();
  await expect(page).toHaveURL(/\/monitoring\/settings\?muteDevice=/);
  await page.getByRole('radio', { name: 'A device' }).check();
  await expect(page.getByLabel('Device (id or device page address)')).not.toHaveValue('');
  await page.getByLabel('For').selectOption('24');
  await page.getByLabel('Reason').fill('Travelling');
  await page.getByRole('button', { name: 'Silence' }).click();
  const silence = page.getByRole('listitem').filter({ hasText: `Device ${device} until` });
  await expect(silence).toContainText('Travelling');
  await silence.getByRole('button', { name: 'End silence: Travelling' }).click();
  await expect(page.getByText('Nothing is silenced.')).toBeVisible();
});

test('a mnt#rpt#rw user sees overview and alerts but no settings', async ({ page, newUser, signIn }) => {
  await signIn(page, await newUser('mnt#rpt#rw'));
  await page.goto('/monitoring');
  await expect(
    page.getByRole('navigation', { name: 'Monitoring' }).getByRole('link', { name: 'Alerts' }),
  ).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Monitoring' }).getByRole('link', { name: 'Settings' }),
  ).toHaveCount(0);
  await page.goto('/monitoring/settings');
  await expect(page).toHaveURL(/\/monitoring$/);
});

test("a gluon-only user never downloads monitoring's chunks nor chart.js", async ({ page, newUser, signIn }) => {
  // The build's metafile names every output holding monitoring's code or chart.js (the main
  // bundle carries only monitoring's manifest).
  const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../../../dist');
  const metafile = JSON.parse(readFileSync(join(dist, 'metafile.json'), 'utf8')) as {
    outputs: Record<string, { entryPoint?: string; inputs: Record<string, unknown> }>;
  };
  const monitoringChunks = Object.entries(metafile.outputs)
    .filter(
      ([out, info]) =>
        out.endsWith('.js') &&
        info.entryPoint !== 'host/main.tsx' &&
        Object.keys(info.inputs).some((i) => i.includes('plugins/monitoring/') || i.includes('chart.js')),
    )
    .map(([out]) => basename(out));
  expect(monitoringChunks.some((c) => c.startsWith('MonitoringPage-'))).toBe(true);
  expect(monitoringChunks.some((c) => c.startsWith('loadChart-'))).toBe(true);

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await signIn(page, await newUser('gln#rpt#rw,gln#upl#rw'));
  for (const where of ['/gluon', '/gluon/upload', '/monitoring']) {
    await page.goto(where);
    await page.waitForLoadState('networkidle');
  }
  expect(requested.some((p) => p.startsWith('/chunks/'))).toBe(true);
  expect(requested.filter((p) => monitoringChunks.includes(basename(p)))).toEqual([]);
});

for (const path of ['/monitoring', '/monitoring/alerts', '/monitoring/settings']) {
  test(`axe and 375 px: ${path} in light and dark`, async ({ page, viewer, signIn }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, viewer);
    for (const theme of ['light', 'dark'] as const) {
      await openInTheme(page, path, theme);
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `${path} ${theme} 375px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  });
}
