import { expectNoSeriousViolations, openInTheme } from '../fixtures/axe';
import { expect, test } from '../fixtures/seeded';

/** Every public page, signed out, as a visitor with a bad or no link meets it. */
const PUBLIC_PAGES: readonly { path: string; ready: string | RegExp }[] = [
  { path: '/login', ready: 'Sign in' },
  { path: '/invite/not-a-real-invitation', ready: 'expired' },
  { path: '/resetPassword/not-a-real-request', ready: 'expired' },
  // Below 600 px the unsubscribe page asks for a larger screen instead of its form.
  { path: '/unsubscribe?jwt=not-a-token', ready: /nsubscribe|larger screen/ },
  { path: '/collector/not-a-real-link', ready: '' },
];

for (const { path, ready } of PUBLIC_PAGES) {
  for (const width of [1280, 375]) {
    test(`axe: ${path} in light and dark at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const theme of ['light', 'dark'] as const) {
        await openInTheme(page, path, theme);
        await expect(page.locator('body')).toContainText(ready);
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${path} ${theme} ${width}px`);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${path} overflows at ${width} px`,
        ).toBeLessThanOrEqual(width);
      }
    });
  }
}
