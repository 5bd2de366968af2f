import { openMenu } from '../fixtures/menu';
import { expect, test } from '../fixtures/seeded';

const SUPPORT = 'support@mtd-console.invalid';

test('Contact Us: sent from the product the user is in, feedback with its stars; a failure keeps the text', async ({
  page,
  viewer,
  signIn,
  api,
}) => {
  await signIn(page, viewer);
  await page.goto('/neutrino');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/userRequests/')) sent.push(request.url());
  });
  // Feedback with its stars and one other type here; all four types and the rating rules are in
  // the component tests (plugins/shell/contact).
  const types = [
    ['Send Feedback', 'sendFeedback', '4'],
    ['Report a Bug', 'reportABug', '0'],
  ] as const;
  for (const [label, requestType, rating] of types) {
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Contact Us' }).click();
    const modal = page.getByTestId('contact-us-modal');
    await expect(modal).toBeVisible();
    await modal.getByLabel('Type').selectOption({ label });
    await modal.getByLabel('Subject').fill(`E2E ${requestType}`);
    await modal.getByLabel('Message').fill(`Message of ${requestType} & more`);
    if (requestType === 'sendFeedback') await modal.getByLabel('4 stars').check({ force: true });
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Contact form has been sent').last()).toBeVisible();
    await expect(modal).toBeHidden();
    const url = new URL(sent.at(-1)!);
    expect(url.pathname).toBe(`/neutrino-backend/userRequests/${requestType}`);
    expect(url.searchParams.get('rating')).toBe(rating);
  }
  // Stored and mailed by the API: the feedback mail carries its rating.
  await expect(async () => {
    const res = await fetch(`${api.origin}/dev/mailbox?to=${encodeURIComponent(SUPPORT)}`);
    const html = await res.text();
    expect(html).toContain('[Send Feedback] E2E sendFeedback');
    expect(html).toContain('Rating: 4 of 5');
    expect(html).toContain('[Report a Bug] E2E reportABug');
  }).toPass({ timeout: 15_000 });

  api.proxy.fail('/neutrino-backend/userRequests/', 400, {
    statusCode: 400,
    error: 'Bad Request',
    message: 'Support is busy, try later',
  });
  try {
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Contact Us' }).click();
    const modal = page.getByTestId('contact-us-modal');
    await modal.getByLabel('Subject').fill('Kept');
    await modal.getByLabel('Message').fill('Every word kept');
    await modal.getByRole('button', { name: 'Send' }).click();
    await expect(modal.getByRole('alert')).toHaveText('Support is busy, try later');
    await expect(modal.getByLabel('Subject')).toHaveValue('Kept');
    await expect(modal.getByLabel('Message')).toHaveValue('Every word kept');
  } finally {
    api.proxy.clear();
  }
});
