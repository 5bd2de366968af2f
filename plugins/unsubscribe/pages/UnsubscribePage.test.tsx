import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { createFakeAxios, type FakeReply, type FakeRequest } from '@core/testing/createFakeAxios';
import { renderHost } from '../../../tests/harness/renderHost';
import { unsubscribePlugin } from '../index';

// The first render would otherwise pay for compiling the lazy chunks inside a findBy timeout.
beforeAll(async () => {
  await import('./UnsubscribePage');
});

const URL_ONE = '/gluon-backend/externalNotifications/recipients/unsubscribe?all=false';
const URL_ALL = '/gluon-backend/externalNotifications/recipients/unsubscribe?all=true';
const ok = (all: boolean) => ({ status: 200, data: { unsubscribed: all ? 'all' : 'notification', notification: 'weekly-report' } });

function setup(path: string, reply: (request: FakeRequest) => FakeReply | Promise<FakeReply> = (r) => ok(r.url.endsWith('true'))) {
  const fake = createFakeAxios(reply);
  renderHost({ plugins: [unsubscribePlugin], path, services: [[AxiosInstanceToken, fake.axios]] });
  return fake;
}

const originalWidth = window.innerWidth;
afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: originalWidth });
});

describe('unsubscribe page', () => {
  it('asks, then unsubscribes from this notification with the link token (public call)', async () => {
    const fake = setup('/unsubscribe?jwt=link-token');
    expect(await screen.findByRole('heading', { name: 'Do you want to unsubscribe?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from this notification' }));
    expect(await screen.findByRole('heading', { name: 'You are now unsubscribed from this notification.' })).toBeTruthy();
    expect(screen.getByText('Contact your admin to undo this action')).toBeTruthy();
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ method: 'POST', url: URL_ONE, data: { jwt: 'link-token' } });
    expect(fake.requests[0]!.headers.Authorization).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Unsubscribe from all notifications' })).toBeNull();
  });

  it('unsubscribes from all notifications', async () => {
    const fake = setup('/unsubscribe?jwt=link-token');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from all notifications' }));
    expect(await screen.findByRole('heading', { name: 'You are now unsubscribed from all notifications.' })).toBeTruthy();
    expect(fake.requests[0]).toMatchObject({ url: URL_ALL, data: { jwt: 'link-token' } });
  });

  it.each([401, 400, 500])('shows the expired alert when the call fails with %d, and lets the visitor retry', async (status) => {
    const fake = setup('/unsubscribe?jwt=old-token', () => ({ status, data: { statusCode: status, message: 'jwt expired' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from this notification' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The link provided has expired. Please provide a new one.');
    expect(screen.queryByText('jwt expired')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Do you want to unsubscribe?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all notifications' }));
    await waitFor(() => expect(fake.requests).toHaveLength(2));
  });

  it('a link without a token shows the expired alert and no buttons, and calls nothing', async () => {
    const fake = setup('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe('The link provided has expired. Please provide a new one.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('sends one call when both buttons are clicked quickly', async () => {
    let release!: () => void;
    const fake = setup('/unsubscribe?jwt=t', () => new Promise((resolve) => (release = () => resolve(ok(false)))));
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from this notification' }));
    expect((screen.getByRole('button', { name: 'Unsubscribe from all notifications' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all notifications' }));
    act(() => release());
    await screen.findByRole('heading', { name: 'You are now unsubscribed from this notification.' });
    expect(fake.requests).toHaveLength(1);
  });

  it('on a narrow screen shows a note instead of the buttons, and the page once the window is wide enough', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 500 });
    setup('/unsubscribe?jwt=t');
    expect((await screen.findByRole('note')).textContent).toContain('larger screen');
    expect(screen.queryByRole('button')).toBeNull();
    act(() => {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
      window.dispatchEvent(new Event('resize'));
    });
    expect(await screen.findByRole('button', { name: 'Unsubscribe from this notification' })).toBeTruthy();
  });
});
