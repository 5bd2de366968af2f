import { readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { androidBundleFile, androidQfFile, bundleFile, sysdiagnoseFile } from '../../gluon/fixtures/files';
import { expectNoSeriousViolations, openInTheme } from '../../shell/fixtures/axe';
import type { ShellUser } from '../../shell/fixtures/test';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

/** The first journey's analyst, whose mailbox holds the DarkSword alert (the last test opens it on a phone). */
let alertRecipient: ShellUser | undefined;

test('a rule "High and above → me, at once" mails the new incident with its links; unsubscribe, then subscribed again', async ({
  page,
  newUser,
  signIn,
}) => {
  const analyst = await newUser('all');
  alertRecipient = analyst;
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

test("375 px: the alert mail's link opens the incident as cards; a finding is marked false positive on its card", async ({
  page,
  signIn,
}) => {
  expect(alertRecipient, 'the first journey ran and was mailed').toBeDefined();
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, alertRecipient!);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(alertRecipient!.email)}`);
  const mail = page.locator('article').filter({ hasText: '[Monitoring] New incident: DarkSword' }).first();
  await mail.locator('a[href*="/incident-management/"]').first().click();
  await expect(page).toHaveURL(/\/incident-management\//);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('DarkSword');
  await expect(page.getByText('Severity')).toBeVisible();
  await expect(page.getByRole('region', { name: 'What to do' }).getByRole('listitem').first()).toBeVisible();

  // The evidence is a stack of cards: each line labelled by its column, the action inside the card.
  const card = page.locator('[data-testid="evidence-row"][data-suppressed="false"]').first();
  await expect(card).toBeVisible();
  await expect(page.locator('.zo-table-cards').filter({ has: card })).toHaveCount(1);
  const cardBox = (await card.boundingBox())!;
  expect(cardBox.x + cardBox.width, 'the card fits the phone').toBeLessThanOrEqual(375);
  const mark = card.getByRole('button', { name: 'Mark false positive' });
  const markBox = (await mark.boundingBox())!;
  expect(markBox.x + markBox.width, '"Mark false positive" is on screen, in its card').toBeLessThanOrEqual(
    cardBox.x + cardBox.width,
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await mark.click();
  await card.getByRole('textbox', { name: 'Reason' }).fill('Seen by hand: a test device');
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.locator('[data-testid="evidence-row"][data-suppressed="true"]').first()).toBeVisible();
  await expect(
    page.locator('[data-testid="evidence-row"][data-suppressed="true"]').first().getByText('False positive'),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
