import { expect, test } from '../fixtures/seeded';

test("the device and incident pages mark Gluon in the products header; the incident's trail leads to the device and to Gluon", async ({
  page,
  viewer,
  signIn,
  seeded,
}) => {
  await signIn(page, viewer);
  await page.goto('/neutrino');
  const products = page.getByRole('navigation', { name: 'Products' });
  // Real links: a new tab (middle click, Ctrl-click) opens the product.
  await expect(products.getByRole('link', { name: 'Gluon' })).toHaveAttribute('href', '/gluon');
  for (const path of [seeded.resolve('/devices/:device'), seeded.resolve('/incident-management/:incident')]) {
    await page.goto(path);
    await expect(products.getByRole('link', { name: 'Gluon' })).toHaveAttribute('aria-current', 'page');
  }
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link', { name: 'Gluon' })).toHaveAttribute('href', '/gluon');
  await trail.getByRole('link').nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/devices/${seeded.deviceId}$`));
});

test('Administration → Collector links stays inside Administration, its side navigation and header entry marked', async ({
  page,
  viewer,
  signIn,
  seeded,
}) => {
  // The worker's seeded data holds the links listed here; asked for, so it exists whichever test ran first.
  expect(seeded.deviceId).not.toBe('');
  await signIn(page, viewer);
  await page.goto('/admin/audit');
  const side = page.getByRole('navigation', { name: 'Administration' });
  await side.getByRole('link', { name: 'Collector links' }).click();
  await expect(page).toHaveURL(/\/admin\/collector-links$/);
  await expect(page.getByRole('heading', { name: 'Collector links', level: 2 })).toBeVisible();
  await expect(page.getByTestId('link-row').first()).toBeVisible();
  await expect(side.getByRole('link', { name: 'Collector links' })).toHaveClass(/admin-nav-active/);
  await expect(
    page.getByRole('navigation', { name: 'Products' }).getByRole('link', { name: 'Administration' }),
  ).toHaveAttribute('aria-current', 'page');
  await side.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
});
