import { expect, test } from '../fixtures/seeded';

interface Shift {
  value: number;
  sources: string[];
}

// Chromium reports every move of laid-out content as a 'layout-shift' entry. The top bar and
// products header arrive in their own chunks after the page; before their places were held, the
// page moved down under the user's pointer (a click during that move was lost once in CI).
test('signed-in frame: the page does not move while the top bar and products header load', async ({
  page,
  viewer,
  signIn,
}) => {
  await signIn(page, viewer);
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) =>
            s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : String(s.node?.nodeName),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/neutrino');
  await expect(page.getByRole('navigation', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  // The end group's empty box slides left as the profile menu fills it: nothing visible moves.
  expect(shifts.filter((s) => s.sources.some((source) => /host-main|host-products-header/.test(source)))).toEqual([]);
});
