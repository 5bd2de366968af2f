import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { apiFailure, fakeService } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type CollectorApi, CollectorApiToken } from '../api/CollectorApi';
import { collectorPlugin } from '../index';

// The first render would otherwise pay for compiling the lazy chunks inside a findBy timeout.
beforeAll(async () => {
  await import('./QuickLinkPage');
  await import('./CollectorPage');
});

const future = Math.floor(Date.now() / 1000) + 3600;
const quickToken = (claims: Record<string, unknown>) => makeTestToken([], claims);
const macToken = quickToken({ typ: 'quick-link', os: 'MAC', tenant: 't-1', exp: future });

/** The quick screen with a fake CollectorApi (the request with the token as bearer and the saved file: DefaultCollectorApi.test.ts). */
function setup(path: string, quickDownload: CollectorApi['quickDownload'] = async () => undefined) {
  const api = fakeService<CollectorApi>('CollectorApi', { quickDownload });
  renderHost({ plugins: [collectorPlugin], path, services: [[CollectorApiToken, api]] });
  return api;
}

describe('quick link', () => {
  it('/collector/quick wins over /collector/:id: shows the OS of the token and downloads with the token', async () => {
    const api = setup(`/collector/quick?tokenquick=${macToken}`);
    expect(await screen.findByText('macOS')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download for macOS' }));
    await waitFor(() => expect(api.quickDownload.mock.calls).toEqual([[macToken, 'MAC']]));
    // No link check: the quick screen is not the wizard.
    expect(api.validateLink).not.toHaveBeenCalled();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Download for macOS' }) as HTMLButtonElement).disabled).toBe(true),
    );
    // Its end is said in place, not only by a greyed button.
    await waitFor(() =>
      expect(screen.getByTestId('connector-download-status').textContent).toBe(
        'The connector for macOS is in your downloads: open it to install it.',
      ),
    );
  });

  it('/collector/{id}?tokenquick= shows the same screen', async () => {
    const winToken = quickToken({ typ: 'quick-link', os: 'WIN', exp: future });
    const api = setup(`/collector/some-link?tokenquick=${winToken}`);
    expect(await screen.findByRole('button', { name: 'Download for Windows' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(api.validateLink).not.toHaveBeenCalled();
    expect(api.quickDownload).not.toHaveBeenCalled();
  });

  it('a refused token (401) shows the expired message (the panel its error); the download can be retried', async () => {
    const api = setup(`/collector/quick?tokenquick=${macToken}`, () =>
      Promise.reject(apiFailure(401, new Blob([JSON.stringify({ message: 'Invalid token' })]))),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Download for macOS' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The link is expired.');
    await userEvent.click(screen.getByRole('button', { name: 'Download for macOS' }));
    await waitFor(() => expect(api.quickDownload).toHaveBeenCalledTimes(2));
  });

  it.each([
    ['an expired token', quickToken({ typ: 'quick-link', os: 'MAC', exp: 1000 }), 'The link is expired.'],
    [
      'a token without an OS',
      quickToken({ typ: 'quick-link', exp: future }),
      'The link is invalid. Please ask for a new one.',
    ],
    ['a tampered token', 'not.a.token', 'The link is invalid. Please ask for a new one.'],
    ['no token', '', 'The link is invalid. Please ask for a new one.'],
  ])('%s: a message and no Download button', async (_name, token, message) => {
    const api = setup(`/collector/quick?tokenquick=${token}`);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(api.quickDownload).not.toHaveBeenCalled();
  });

  it('/collector/quick without tokenquick is not a blank page', async () => {
    setup('/collector/quick');
    expect((await screen.findByRole('alert')).textContent).toBe('The link is invalid. Please ask for a new one.');
  });
});
