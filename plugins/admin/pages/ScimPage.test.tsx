import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { ApiClientToken } from '@core/api/ApiClient';
import { apiFailure } from '@core/testing/apiFailure';
import { createFakeApiClient, type FakeApiHandlers } from '@core/testing/createFakeApiClient';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { adminPlugin } from '../index';
import { READER, SELF_ID, WRITER } from '../testing/fakeAdminApi';

beforeAll(async () => {
  await import('./ScimPage');
});

const BASE_URL = 'https://console.example/scim/v2';
const TOKEN = 'scim_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const none = { configured: false, createdAt: null, lastUsedAt: null, baseUrl: BASE_URL };
const set = { configured: true, createdAt: '2026-11-20T08:00:00.000Z', lastUsedAt: null, baseUrl: BASE_URL };

function renderScim(perms: readonly string[], handlers: FakeApiHandlers) {
  const fake = createFakeApiClient(handlers);
  return {
    ...renderHost({
      plugins: [adminPlugin],
      token: makeTestToken([...perms], { sub: SELF_ID }),
      path: '/admin/scim',
      services: [[ApiClientToken, fake.api]],
    }),
    calls: fake.calls,
  };
}

describe('SCIM provisioning page', () => {
  it('creates the token and shows it once, with the base URL; the status then says a token is set', async () => {
    let configured = false;
    const host = renderScim(WRITER, {
      'GET /um/scim/token': () => (configured ? set : none),
      'POST /um/scim/token': () => {
        configured = true;
        return { token: TOKEN, createdAt: set.createdAt, baseUrl: BASE_URL };
      },
    });
    expect((await screen.findByTestId('scim-token-status')).textContent).toBe(
      'No token yet: the directory cannot connect.',
    );
    expect(screen.getByTestId('scim-base-url').textContent).toBe(BASE_URL);
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect((await screen.findByTestId('scim-token')).textContent).toBe(TOKEN);
    expect(await screen.findByRole('button', { name: 'Rotate token' })).toBeTruthy();
    expect(screen.getByTestId('scim-token-status').textContent).toMatch(/A token is set, created .*2026.*not used yet/);
    expect(host.calls.filter((c) => c.route.startsWith('POST')).map((c) => c.url)).toEqual(['/um/scim/token']);
    expect(screen.getByRole('link', { name: 'SCIM provisioning' })).toBeTruthy();
  });

  it('rotates and revokes the token after confirming, and hides the one shown', async () => {
    let configured = true;
    renderScim(WRITER, {
      'GET /um/scim/token': () => (configured ? set : none),
      'POST /um/scim/token': () => ({ token: TOKEN, createdAt: set.createdAt, baseUrl: BASE_URL }),
      'DELETE /um/scim/token': () => {
        configured = false;
        return { revoked: true };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate token' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Rotate' }));
    expect(await screen.findByTestId('scim-token')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('button', { name: 'Create token' })).toBeTruthy();
    expect(screen.queryByTestId('scim-token')).toBeNull();
  });

  it("shows the API's message when the token cannot be created, and no buttons to a reader", async () => {
    renderScim(WRITER, {
      'GET /um/scim/token': () => none,
      'POST /um/scim/token': () => {
        throw apiFailure(403, { message: 'You may not manage users.' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create token' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You may not manage users.');
  });

  it('offers a reader no buttons', async () => {
    renderScim(READER, { 'GET /um/scim/token': () => set });
    expect(
      await screen.findByText('Only a user with user write permission may create or rotate the token.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate token' })).toBeNull();
  });
});
