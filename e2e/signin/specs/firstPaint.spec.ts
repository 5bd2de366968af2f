import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';

import { loginPage } from '../fixtures/loginPage';
import { expect, test } from '../fixtures/test';

/** `#root` while it holds the document's copy of the first screen (server/plugins/staticAssets.ts). */
const COPY = '#root[data-prerendered]';

/** Sums the page's layout shifts (as CLS counts them: not after input) into `window.__shift`. */
function watchLayoutShift() {
  const w = window as unknown as { __shift: number };
  w.__shift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) w.__shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** Two frames: a shift the last commit caused has been reported by then. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

test.describe('the sign-in form in the first paint, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/login shows the form with the spec’s texts before any script ran', async ({ page }) => {
    const login = loginPage(page);
    await login.open();
    await expect(page.locator(COPY)).toHaveCount(1);
    await expect(login.title).toHaveText('Sign in');
    await expect(login.username).toBeVisible();
    await expect(login.password).toBeVisible();
    await expect(login.submit).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with Okta' })).toBeVisible();
    // Nothing can be sent before the live form is there.
    await expect(login.submit).toBeDisabled();
    await login.username.fill('typed@example.com');
    await expect(login.username).toHaveValue('typed@example.com');
  });
});

test.describe('the sign-in form taken over by the live page', () => {
  test('what was typed before the script ran is kept, with no layout shift and no axe violation', async ({ page }) => {
    await page.addInitScript(watchLayoutShift);
    // The entry script is held until the copy has been typed into.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main-[A-Z0-9]{8}\.js$/, async (route: Route) => {
      await released;
      await route.continue();
    });
    const login = loginPage(page);
    // Not until `load`: that waits for the held script.
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator(COPY)).toHaveCount(1);
    await login.username.fill('early@example.com');
    await login.password.fill('typed-Passw0rd');
    release();
    await expect(page.locator(COPY)).toHaveCount(0);
    await expect(login.submit).toBeEnabled();
    await expect(login.username).toHaveValue('early@example.com');
    await expect(login.password).toHaveValue('typed-Passw0rd');
    await expect(login.password).toBeFocused();
    await twoFrames(page);
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThanOrEqual(0.01);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((violation) => `${violation.impact} ${violation.id}`)).toEqual([]);
  });
});
