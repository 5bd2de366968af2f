import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { followMailLink } from '../../public/fixtures/mailbox';
import { INSTALLERS_DIR } from '../../public/fixtures/paths';
import { expect, test } from '../../public/fixtures/test';
import { signInAtDevIdp } from '../../signin/fixtures/loginPage';
import { confirmYes, otherBrowser, signIn } from '../fixtures/adminSession';

const OKTA_USER = 'okta.user@example.com';
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><script>alert(1)</script><rect width="40" height="10" fill="#c33"/></svg>';

test.describe('tenant settings: Okta, logo, collector links', () => {
  test('Okta: remove, enter, verify against the development IdP, save; an invited user then signs in with Okta', async ({
    page,
    browser,
    api,
    admin,
  }) => {
    await signIn(page);
    await page.goto('/admin/sign-in');
    const issuer = page.getByLabel('Okta domain (issuer)');
    await expect(issuer).not.toHaveValue('');
    const clientId = await page.getByLabel('Client id').inputValue();
    const issuerValue = await issuer.inputValue();
    await page.getByRole('button', { name: 'Remove' }).click();
    await confirmYes(page);
    await expect(page.getByText(/Not configured/)).toBeVisible();

    await issuer.fill(issuerValue);
    await page.getByLabel('Client id').fill(clientId);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('okta-verified')).toContainText(`${api.idpOrigin}/okta/oauth2/default`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/^Configured/)).toBeVisible();

    await admin('invite', '--email', OKTA_USER, '--perms', 'gln#rpt#r', '--methods', 'Okta');
    const invitee = await otherBrowser(browser, api.origin);
    await followMailLink(invitee, OKTA_USER, '/invite/');
    await invitee.getByRole('button', { name: 'Sign in with Okta' }).click();
    await signInAtDevIdp(invitee, api.idpOrigin, OKTA_USER);
    await invitee.getByRole('button', { name: 'Skip to dashboard' }).click();
    await expect(invitee.getByRole('heading', { name: 'Gluon' })).toBeVisible();
    await invitee.context().close();
  });

  test('logo: the sanitised preview, upload changes the header at once (in a second tab too, without a reload), remove brings the product mark back', async ({
    page,
    context,
  }) => {
    await signIn(page);
    // A second tab of the same browser, already showing the console's header.
    const second = await context.newPage();
    await second.goto('/neutrino');
    await expect(second.getByTestId('product-mark')).toBeVisible();
    let secondTabLoads = 0;
    second.on('framenavigated', (frame) => {
      if (frame === second.mainFrame()) secondTabLoads++;
    });

    await page.goto('/admin/branding');
    await expect(page.getByText('No logo: the header shows the product mark.')).toBeVisible();
    await page
      .getByLabel('Logo file')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
    await expect(page.getByTestId('logo-preview').locator('rect')).toHaveCount(1);
    await expect(page.getByTestId('logo-preview').locator('script')).toHaveCount(0);
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByTestId('tenant-logo').locator('rect')).toHaveCount(1);
    await expect(page.getByTestId('product-mark')).toHaveCount(0);
    await expect(second.getByTestId('tenant-logo').locator('rect')).toHaveCount(1);
    await expect(second.getByTestId('tenant-logo').locator('script')).toHaveCount(0);
    await expect(second.getByTestId('product-mark')).toHaveCount(0);

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await confirmYes(page);
    await expect(page.getByTestId('product-mark')).toBeVisible();
    await expect(page.getByTestId('tenant-logo')).toHaveCount(0);
    await expect(second.getByTestId('product-mark')).toBeVisible();
    await expect(second.getByTestId('tenant-logo')).toHaveCount(0);
    // The second tab followed both changes where it stood: it was never reloaded.
    expect(secondTabLoads).toBe(0);
    await expect(second).toHaveURL(/\/neutrino$/);
  });

  test('collector link with limit 1: created, opened, one download, the install listed and the limit reached', async ({
    page,
    browser,
    api,
  }) => {
    await signIn(page);
    await page.goto('/gluon/collector-links');
    const name = `Kiosk ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Install limit').fill('1');
    await page.getByRole('button', { name: 'Create link' }).click();
    const url = (await page.getByTestId('shared-url').textContent())!;
    expect(url.startsWith(`${api.origin}/collector/`)).toBe(true);

    const visitor = await otherBrowser(browser, api.origin);
    await visitor.goto(url);
    await visitor.getByRole('textbox', { name: 'Full Name' }).fill('Ada Lovelace');
    await visitor.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    const step2 = visitor.getByRole('region', { name: 'Download the connector' });
    // Blueprint draws the radio over the input: a visitor clicks the label.
    await step2.locator('label', { hasText: 'Windows' }).click();
    const started = visitor.waitForEvent('download');
    await step2.getByRole('button', { name: 'Download for Windows' }).click();
    const file = await started;
    const bytes = await readFile((await file.path())!);
    const placeholder = await readFile(path.join(INSTALLERS_DIR, 'WIN', file.suggestedFilename()));
    expect(bytes.equals(placeholder)).toBe(true);
    await visitor.context().close();

    await page.goto(`/gluon/collector-links?filter=${encodeURIComponent(name)}`);
    const row = page.getByTestId('link-row').filter({ hasText: name });
    await expect(row.getByText('limit reached')).toBeVisible();
    await expect(row.getByText('1 / 1')).toBeVisible();
    await row.getByRole('button', { name: 'Show installs' }).click();
    await expect(page.getByTestId('install-row').filter({ hasText: 'Ada Lovelace' })).toContainText('ada@example.com');
  });
});
