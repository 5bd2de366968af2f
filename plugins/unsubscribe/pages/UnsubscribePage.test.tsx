import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { apiFailure, fakeService } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { type UnsubscribeApi, UnsubscribeApiToken, type UnsubscribeScope } from '../api/UnsubscribeApi';
import { unsubscribePlugin } from '../index';

// The first render would otherwise pay for compiling the lazy chunks inside a findBy timeout.
beforeAll(async () => {
  await import('./UnsubscribePage');
});

const ok = async (_jwt: string, scope: UnsubscribeScope) => ({ unsubscribed: scope, notification: 'weekly-report' });

/** The page with a fake UnsubscribeApi (the call's request itself: DefaultUnsubscribeApi.test.ts). */
function setup(path: string, unsubscribe: UnsubscribeApi['unsubscribe'] = ok) {
  const api = fakeService<UnsubscribeApi>('UnsubscribeApi', { unsubscribe });
  renderHost({ plugins: [unsubscribePlugin], path, services: [[UnsubscribeApiToken, api]] });
  return api;
}

const originalWidth = window.innerWidth;
afterEach(() => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: originalWidth });
});

describe('unsubscribe page', () => {
  it('asks, then unsubscribes from this notification with the link token (public call)', async () => {
    const api = setup('/unsubscribe?jwt=link-token');
    expect(await screen.findByRole('heading', { name: 'Do you want to unsubscribe?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from this notification' }));
    expect(
      await screen.findByRole('heading', { name: 'You are now unsubscribed from this notification.' }),
    ).toBeTruthy();
    expect(screen.getByText('Contact your admin to undo this action')).toBeTruthy();
    expect(api.unsubscribe.mock.calls).toEqual([['link-token', 'notification']]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe from all notifications' })).toBeNull();
  });

  it('unsubscribes from all notifications', async () => {
    const api = setup('/unsubscribe?jwt=link-token');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from all notifications' }));
    expect(
      await screen.findByRole('heading', { name: 'You are now unsubscribed from all notifications.' }),
    ).toBeTruthy();
    expect(api.unsubscribe.mock.calls).toEqual([['link-token', 'all']]);
  });

  it.each([401, 400, 500])(
    'shows the expired alert when the call fails with %d, and lets the visitor retry',
    async (status) => {
      const api = setup('/unsubscribe?jwt=old-token', () =>
        Promise.reject(apiFailure(status, { statusCode: status, message: 'jwt expired' })),
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from this notification' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'The link provided has expired. Please provide a new one.',
      );
      expect(screen.queryByText('jwt expired')).toBeNull();
      expect(screen.getByRole('heading', { name: 'Do you want to unsubscribe?' })).toBeTruthy();
      await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all notifications' }));
      await waitFor(() => expect(api.unsubscribe).toHaveBeenCalledTimes(2));
    },
  );

  it('a link without a token shows the expired alert and no buttons, and calls nothing', async () => {
    const api = setup('/unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The link provided has expired. Please provide a new one.',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(api.unsubscribe).not.toHaveBeenCalled();
  });

  it('sends one call when both buttons are clicked quickly', async () => {
    let release!: () => void;
    const api = setup(
      '/unsubscribe?jwt=t',
      (jwt, scope) => new Promise((resolve) => (release = () => resolve(ok(jwt, scope)))),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe from this notification' }));
    expect(
      (screen.getByRole('button', { name: 'Unsubscribe from all notifications' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe from all notifications' }));
    act(() => release());
    await screen.findByRole('heading', { name: 'You are now unsubscribed from this notification.' });
    expect(api.unsubscribe).toHaveBeenCalledTimes(1);
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
