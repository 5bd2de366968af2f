import { expect, test } from '../../public/fixtures/test';
import { signIn } from '../fixtures/adminSession';

/**
 * The administration target: "a seeded tenant of 10,000 users pages and searches without the page stalling". The
 * browser holds one page of the list (the server pages, searches and sorts), so the table is as
 * small with 10,000 users as with ten; each step's answer shows within the expect timeout.
 */
test('a tenant of 10,000 users: paged, searched and sorted on the server, one page in the browser', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/users');
  const pager = page.locator('.admin-pager [aria-live]');
  const rows = page.getByTestId('user-row');
  await expect(pager).toHaveText(/^1–25 of 10,00\d$/);
  await expect(rows).toHaveCount(25);

  // A far page straight from the address (bookmarkable), then Next.
  await page.goto('/admin/users?page=399');
  await expect(pager).toHaveText(/^9,976–10,000 of 10,00\d$/);
  await expect(rows).toHaveCount(25);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=400/);
  await expect(pager).toContainText('10,001–');

  // Search: one user among 10,000, the query kept in the address.
  await page.getByLabel('Search users').fill('user-09999@');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('user-09999@many.example');
  await expect(page).toHaveURL(/q=user-09999/);
  await expect(pager).toHaveText('1–1 of 1');

  // Sort by e-mail, descending: the last address of the tenant comes first.
  await page.getByLabel('Search users').fill('@many.example');
  await expect(pager).toHaveText('1–25 of 10,000');
  await page.getByRole('button', { name: /^E-mail/ }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(rows.first()).toContainText('user-10000@many.example');
});
