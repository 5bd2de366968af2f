import { printedLink } from '../fixtures/operatorCli';
import { expect, test, uniqueAddress } from '../fixtures/test';

const EXPIRED = 'The link provided has expired. Please provide a new one.';
const uniqueEmail = (name: string) => uniqueAddress(name, 'recipient.example');

test.describe('unsubscribe links from the operator CLI (spec §2 Unsubscribe page, §8)', () => {
  test('from this notification: the question, then the confirmation', async ({ page, api, admin, screens }) => {
    const link = printedLink(
      await admin('unsubscribe-link', '--email', uniqueEmail('one'), '--notification', 'weekly-report'),
      api.origin,
      '/unsubscribe?jwt=',
    );
    await page.goto(link);
    await expect(page.getByText('Do you want to unsubscribe?')).toBeVisible();
    await screens('unsubscribe-01-question');
    await page.getByRole('button', { name: 'Unsubscribe from this notification' }).click();
    await expect(page.getByText('You are now unsubscribed from this notification.')).toBeVisible();
    await expect(page.getByText('Contact your admin to undo this action')).toBeVisible();
    await expect(page.getByRole('button', { name: /Unsubscribe from/ })).toHaveCount(0);
    await screens('unsubscribe-02-done-one');
  });

  test('from all notifications: the confirmation', async ({ page, api, admin, screens }) => {
    const link = printedLink(
      await admin('unsubscribe-link', '--email', uniqueEmail('all'), '--notification', 'incident-alerts'),
      api.origin,
      '/unsubscribe?jwt=',
    );
    await page.goto(link);
    await page.getByRole('button', { name: 'Unsubscribe from all notifications' }).click();
    await expect(page.getByText('You are now unsubscribed from all notifications.')).toBeVisible();
    await expect(page.getByText('Contact your admin to undo this action')).toBeVisible();
    await screens('unsubscribe-03-done-all');
  });

  test('a used link is refused the second time, from one and from all', async ({ page, api, admin }) => {
    for (const choice of ['Unsubscribe from this notification', 'Unsubscribe from all notifications']) {
      const link = printedLink(
        await admin('unsubscribe-link', '--email', uniqueEmail('twice'), '--notification', 'weekly-report'),
        api.origin,
        '/unsubscribe?jwt=',
      );
      await page.goto(link);
      await page.getByRole('button', { name: choice }).click();
      await expect(page.getByText(/^You are now unsubscribed from/)).toBeVisible();
      await page.goto(link);
      await page.getByRole('button', { name: choice }).click();
      await expect(page.getByRole('alert'), `${choice}, second use`).toHaveText(EXPIRED);
    }
  });

  test('an expired link and a tampered one show the expired alert', async ({ page, api, admin, screens }) => {
    const expiring = printedLink(
      await admin('unsubscribe-link', '--email', uniqueEmail('late'), '--notification', 'weekly-report', '--ttl', '1s'),
      api.origin,
      '/unsubscribe?jwt=',
    );
    const jwt = new URL(expiring).searchParams.get('jwt')!;
    const tampered = `${jwt.slice(0, -2)}${jwt.endsWith('AA') ? 'BB' : 'AA'}`;
    await page.goto(`/unsubscribe?jwt=${tampered}`);
    await page.getByRole('button', { name: 'Unsubscribe from this notification' }).click();
    await expect(page.getByRole('alert')).toHaveText(EXPIRED);
    await screens('unsubscribe-04-expired');

    // Wait until the link is past the expiry it carries (whole seconds).
    const { exp } = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
    await page.waitForTimeout(Math.max(0, exp * 1000 + 1100 - Date.now()));
    await page.goto(expiring);
    await page.getByRole('button', { name: 'Unsubscribe from all notifications' }).click();
    await expect(page.getByRole('alert')).toHaveText(EXPIRED);
    await expect(page.getByText('You are now unsubscribed')).toHaveCount(0);
  });
});
