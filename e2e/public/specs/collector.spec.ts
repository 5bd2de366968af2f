import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

import { loginPage } from '../../signin/fixtures/loginPage';
import { printedLink } from '../fixtures/operatorCli';
import { INSTALLERS_DIR } from '../fixtures/paths';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../fixtures/publicApi';
import { expect, test } from '../fixtures/test';

const LIMIT = 'You have reached the installation limit.';

/** The file the API serves for an OS (its folder holds exactly one) and its bytes. */
function installer(os: 'WIN' | 'MAC'): { name: string; bytes: Buffer } {
  const [name] = readdirSync(path.join(INSTALLERS_DIR, os)).filter((f) => !f.startsWith('.'));
  return { name: name!, bytes: readFileSync(path.join(INSTALLERS_DIR, os, name!)) };
}

/** Clicks `button` and answers the saved file's name and bytes. */
async function download(page: Page, button: Locator): Promise<{ name: string; bytes: Buffer }> {
  const started = page.waitForEvent('download');
  await button.click();
  const file = await started;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** Step 1 filled and continued; answers step 2's section. */
async function enterDetails(page: Page, fullName: string, email: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Full Name' }).fill(fullName);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  const step2 = page.getByRole('region', { name: 'Download the connector' });
  await expect(step2).toBeVisible();
  return step2;
}

/** The administrator's access token, from a sign-in on the console. */
async function adminToken(page: Page): Promise<string> {
  const tab = await page.context().newPage();
  try {
    const login = loginPage(tab);
    await login.open();
    await login.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await expect(tab).toHaveURL(/\/gluon$/);
    return (await tab.evaluate(() => localStorage.getItem('zo-token')))!;
  } finally {
    await tab.close();
  }
}

test.describe('collector links from the operator CLI (spec §2 Collector wizard, §8 link validation)', () => {
  test('limit 2: two downloads equal the installers byte for byte, then the installation limit', async ({
    page,
    context,
    api,
    admin,
    screens,
  }) => {
    const link = printedLink(
      await admin('create-collector-link', '--limit', '2', '--name', 'E2E limit 2'),
      api.origin,
      '/collector/',
    );
    // Hold the link check so the validating spinner can be shot.
    const release = api.proxy.hold('/gluon-backend/sharedExtractorLinks/');
    await page.goto(link);
    const checking = page.getByText('Checking your link…');
    await expect(checking).toBeVisible();
    await screens('collector-01-validating', { still: checking });
    release();

    const cont = page.getByRole('button', { name: 'Continue' });
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeEnabled({ timeout: 15_000 });
    await expect(cont).toBeDisabled();
    await page.getByRole('textbox', { name: 'Full Name' }).fill('Ada Lovelace');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@');
    await page.getByRole('textbox', { name: /Phone/ }).click();
    await expect(page.getByText('Please insert a valid email.')).toBeVisible();
    await expect(cont).toBeDisabled();
    await screens('collector-02-details-invalid');
    await page.getByRole('textbox', { name: /Phone/ }).fill('+44 20 7946 0958');
    const step2 = await enterDetails(page, 'Ada Lovelace', 'ada@collector.example');
    await expect(step2.getByText('Hello Ada Lovelace, your connector is ready.')).toBeVisible();
    await screens('collector-03-download');
    await step2.getByRole('button', { name: 'How do I install the connector?' }).click();
    const howTo = page.getByRole('dialog');
    await expect(howTo).toContainText('How to install the connector');
    await expect(howTo.locator('svg').first()).toBeVisible();
    await screens('collector-04-how-to');
    await page.keyboard.press('Escape');
    await expect(howTo).toHaveCount(0);

    // A second visitor of the same link is on step 2 before the two installs are used up.
    const other = await context.newPage();
    await other.goto(link);
    const otherStep2 = await enterDetails(other, 'Grace Hopper', 'grace@collector.example');

    const win = installer('WIN');
    const forWindows = step2.getByRole('button', { name: 'Download for Windows' });
    const first = await download(page, forWindows);
    expect(first.name).toBe(win.name);
    expect(first.bytes.equals(win.bytes)).toBe(true);
    await expect(forWindows).toBeDisabled();

    const mac = installer('MAC');
    // Blueprint draws the radio over the input: a visitor clicks the label.
    await step2.locator('label', { hasText: 'macOS' }).click();
    await expect(step2.getByRole('radio', { name: 'macOS' })).toBeChecked();
    const second = await download(page, step2.getByRole('button', { name: 'Download for macOS' }));
    expect(second.name).toBe(mac.name);
    expect(second.bytes.equals(mac.bytes)).toBe(true);

    // The third install is refused: inline on the open page, and on the link itself.
    await otherStep2.getByRole('button', { name: 'Download for Windows' }).click();
    await expect(otherStep2.getByRole('alert')).toHaveText(LIMIT);
    await screens('collector-05-limit-inline', { page: other });
    await other.goto(link);
    await expect(other.getByRole('alert')).toHaveText(LIMIT);
    await expect(other.getByRole('textbox', { name: 'Full Name' })).toBeDisabled();
    await expect(other.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await screens('collector-06-limit', { page: other });
  });

  test('a disabled link and an expired link show their texts with every field disabled', async ({
    page,
    api,
    admin,
    screens,
  }) => {
    const disabledOut = await admin('create-collector-link', '--name', 'E2E disabled');
    const disabledLink = printedLink(disabledOut, api.origin, '/collector/');
    const linkId = /Collector link ([0-9a-f-]{36})/.exec(disabledOut)?.[1];
    expect(linkId, disabledOut).toBeTruthy();
    await page.goto(disabledLink);
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeEnabled();
    // The administrator switches the link off (the API's link management; the console has no page for it).
    const patched = await page.request.patch(`/gluon-backend/sharedExtractorLinks/${linkId}`, {
      headers: { authorization: `Bearer ${await adminToken(page)}` },
      data: { active: false },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('The link is disabled.');
    await expect(page.getByRole('textbox', { name: 'Full Name' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await screens('collector-07-disabled');

    const expiringOut = await admin('create-collector-link', '--expires', '1s', '--name', 'E2E expiring');
    const expiring = printedLink(expiringOut, api.origin, '/collector/');
    // The CLI names the expiry on the tenant's clock, to the second.
    expect(expiringOut).toMatch(/expires \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z \(UTC\)\):/);
    // The server decides on its clock: wait until it says the link is expired, then open it.
    const token = expiring.split('/').pop()!;
    await expect
      .poll(async () => {
        const answer = await page.request.get(`/gluon-backend/sharedExtractorLinks/${token}/validate`);
        return answer.status() === 403 && /expired/.test(await answer.text());
      })
      .toBe(true);
    await page.goto(expiring);
    await expect(page.getByRole('alert')).toHaveText('The link is expired.');
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
    await screens('collector-08-expired');
  });

  test('quick links download the OS of their token; a refused token and a cut one say so', async ({
    page,
    api,
    admin,
    screens,
  }) => {
    for (const os of ['WIN', 'MAC'] as const) {
      const label = os === 'WIN' ? 'Windows' : 'macOS';
      const out = await admin('quick-link', '--os', os);
      const pageUrl = printedLink(out, api.origin, '/collector/quick?tokenquick=');
      await page.goto(pageUrl);
      const view = page.getByRole('region', { name: 'Download the connector' });
      await expect(view.getByText(`Operating system: ${label}`)).toBeVisible();
      if (os === 'WIN') await screens('collector-09-quick-link');
      const saved = await download(page, view.getByRole('button', { name: `Download for ${label}` }));
      const expected = installer(os);
      expect(saved.name).toBe(expected.name);
      expect(saved.bytes.equals(expected.bytes)).toBe(true);

      if (os === 'WIN') {
        // A signature that does not verify: the page still reads the OS, the API refuses the download.
        const token = new URL(pageUrl).searchParams.get('tokenquick')!;
        const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
        await page.goto(`/collector/quick?tokenquick=${forged}`);
        await view.getByRole('button', { name: 'Download for Windows' }).click();
        await expect(view.getByRole('alert')).toHaveText('The link is expired.');
        await page.goto(`/collector/quick?tokenquick=${token.slice(0, 20)}`);
        await expect(page.getByRole('alert')).toHaveText('The link is invalid. Please ask for a new one.');
        await expect(page.getByRole('button', { name: /Download for/ })).toHaveCount(0);
        await screens('collector-10-quick-link-invalid');
      }
    }
  });
});
