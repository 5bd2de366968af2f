import { expect, test } from '../fixtures/seeded';

test('tenant logo: an uploaded SVG shows in the header without its script or event handler', async ({
  page,
  viewer,
  signIn,
  apiCall,
}) => {
  const token = await signIn(page, viewer);
  const hostile =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" onload="window.__pwned=1"><script>window.__pwned=2</script><rect width="40" height="20" fill="#0a7" onclick="window.__pwned=3"/></svg>';
  expect((await apiCall(token, 'PUT', '/um/logo', hostile, 'image/svg+xml')).status).toBe(200);
  try {
    await page.goto('/gluon');
    const logo = page.getByTestId('tenant-logo').locator('svg');
    await expect(logo).toBeVisible();
    await expect(logo.locator('rect')).toHaveCount(1);
    const markup = await page.getByTestId('host-top-bar').innerHTML();
    expect(markup).not.toMatch(/<script|onload|onclick/);
    await logo.locator('rect').click();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  } finally {
    // The worker's API is shared by the suite's other tests: they expect the product mark.
    expect((await apiCall(token, 'DELETE', '/um/logo')).status).toBeLessThan(300);
  }
  await page.reload();
  await expect(page.getByTestId('product-mark')).toBeVisible();
});
