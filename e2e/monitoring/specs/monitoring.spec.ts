import { expectNoSeriousViolations, openInTheme } from '../../shell/fixtures/axe';
import { bundleFile, sysdiagnoseFile } from '../../gluon/fixtures/files';
import { expect, test } from '../fixtures/test';

test.describe.configure({ mode: 'serial' });

test('a rule "High and above → me, at once" mails the new incident with its links; unsubscribe, then subscribed again', async ({ page, newUser, signIn }) => {
  const analyst = await newUser('all');
  await signIn(page, analyst);

  await page.goto('/monitoring/settings');
  await page.getByLabel('Rule name').fill('High and above to me');
  await page.getByLabel('Recipients (e-mail)').fill(analyst.email);
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

  // An administrator (this analyst holds every permission) subscribes them again.
  await page.goto('/monitoring/settings');
  const row = page.getByRole('listitem').filter({ hasText: analyst.email }).filter({ hasText: 'rule "High and above to me"' });
  await row.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByText('Nobody has unsubscribed.')).toBeVisible();

  // The overview counts the new incident: one High device, linked to its alerts.
  await page.goto('/monitoring');
  await expect(page.getByRole('link', { name: '1 High devices' })).toBeVisible();
  await page.getByRole('link', { name: '1 High devices' }).click();
  await expect(page).toHaveURL(/\/monitoring\/alerts\?severity=high&status=active/);
  await expect(page.getByRole('link', { name: /New incident: DarkSword/ })).toBeVisible();
});

test('a mnt#rpt#rw user sees overview and alerts but no settings', async ({ page, newUser, signIn }) => {
  await signIn(page, await newUser('mnt#rpt#rw'));
  await page.goto('/monitoring');
  await expect(page.getByRole('navigation', { name: 'Monitoring' }).getByRole('link', { name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Monitoring' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/monitoring/settings');
  await expect(page).toHaveURL(/\/monitoring$/);
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
