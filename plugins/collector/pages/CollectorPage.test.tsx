import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { apiFailure, createGate, fakeService, networkFailure } from '@core/testing';
import { type Toast, type ToastService, ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../../../tests/harness/renderHost';
import { type CollectorApi, CollectorApiToken } from '../api/CollectorApi';
import { collectorPlugin } from '../index';

// The first render would otherwise pay for compiling the lazy chunks inside a findBy timeout.
beforeAll(async () => {
  await import('./CollectorPage');
  await import('../components/HowToGuide/HowToGuide');
});

const LINK = 'link-token-1';

const valid: Partial<CollectorApi> = {
  validateLink: async () => ({ valid: true, remainingInstalls: 3, expiresAt: null }),
};
const refused = (status: number, message: string) => () =>
  Promise.reject(apiFailure(status, { statusCode: status, error: 'x', message }));
/** A download the panel reports failed: its error body arrives as a Blob. */
const failed = (status: number, body: object) => () =>
  Promise.reject(apiFailure(status, new Blob([JSON.stringify(body)], { type: 'application/json' })));

/**
 * The wizard with a fake CollectorApi (the requests, the downloads panel's progress and the
 * saved file's name: DefaultCollectorApi.test.ts). An unknown link is what the API answers otherwise.
 */
function setup(path: string, own: Partial<CollectorApi> = {}) {
  const api = fakeService<CollectorApi>(
    'CollectorApi',
    { validateLink: refused(404, 'The link does not exist.'), downloadConnector: async () => undefined },
    own,
  );
  const host = renderHost({ plugins: [collectorPlugin], path, services: [[CollectorApiToken, api]] });
  return { host, api };
}

let platform: string;
beforeEach(() => {
  platform = 'Win32';
  vi.spyOn(navigator, 'platform', 'get').mockImplementation(() => platform);
});
afterEach(() => vi.restoreAllMocks());

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

async function fillDetails({ fullName = 'Ada Lovelace', email = 'ada@example.com', phone = '' } = {}) {
  await screen.findByRole('button', { name: 'Continue' });
  await waitFor(() => expect(input('Full Name').disabled).toBe(false));
  await userEvent.type(input('Full Name'), fullName);
  await userEvent.type(input('Email'), email);
  if (phone) await userEvent.type(input(/^Phone/), phone);
}

describe('link validation', () => {
  it('shows a spinner while the link is checked (public call), fields disabled', async () => {
    const { api } = setup(`/collector/${LINK}`, { validateLink: () => new Promise(() => {}) });
    expect(await screen.findByText('Checking your link…')).toBeTruthy();
    expect(input('Full Name').disabled).toBe(true);
    expect(continueButton().disabled).toBe(true);
    expect(api.validateLink.mock.calls).toEqual([[LINK]]);
  });

  it.each([
    [refused(403, 'The link has expired.'), 'The link is expired.'],
    [refused(403, 'The link is not active.'), 'The link is disabled.'],
    [
      refused(403, 'The link has reached the maximum number of installations.'),
      'You have reached the installation limit.',
    ],
    [refused(403, 'Blocked by policy'), 'Blocked by policy'],
    [refused(404, 'The link does not exist.'), 'The link does not exist.'],
    [
      refused(400, 'params/id must NOT have more than 256 characters'),
      'params/id must NOT have more than 256 characters',
    ],
    [() => Promise.reject(networkFailure()), 'The link could not be checked. Please try again later.'],
  ])('an invalid link disables every field and shows the message (%#)', async (validateLink, message) => {
    setup(`/collector/${LINK}`, { validateLink });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    for (const label of ['Full Name', 'Email', /^Phone/]) expect(input(label).disabled).toBe(true);
    expect(continueButton().disabled).toBe(true);
    expect(screen.queryByText('Checking your link…')).toBeNull();
  });
});

describe('step 1: Enter Details', () => {
  it("asks for a valid email once the field was left: 'Please insert a valid email.'", async () => {
    setup(`/collector/${LINK}`, valid);
    await fillDetails({ email: 'not-an-email' });
    expect(screen.queryByText('Please insert a valid email.')).toBeNull();
    await userEvent.tab();
    expect(await screen.findByText('Please insert a valid email.')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
    await userEvent.clear(input('Email'));
    await userEvent.type(input('Email'), 'ada@example.com');
    expect(screen.queryByText('Please insert a valid email.')).toBeNull();
    expect(continueButton().disabled).toBe(false);
  });

  it('Continue stays disabled without a full name; the phone is optional but checked when filled', async () => {
    setup(`/collector/${LINK}`, valid);
    await fillDetails({ fullName: '   ' });
    expect(continueButton().disabled).toBe(true);
    await userEvent.type(input('Full Name'), 'Ada');
    expect(continueButton().disabled).toBe(false);
    await userEvent.type(input(/^Phone/), 'call me');
    await userEvent.tab();
    expect(await screen.findByText('Please insert a valid phone number.')).toBeTruthy();
    expect(continueButton().disabled).toBe(true);
  });
});

describe('step 2: Download the connector', () => {
  it('greets by name, offers Windows by default off a Mac, and the breadcrumb goes back with the details kept', async () => {
    setup(`/collector/${LINK}`, valid);
    await fillDetails();
    await userEvent.click(continueButton());
    expect(await screen.findByText('Hello Ada Lovelace, your connector is ready.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Windows' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Download for Windows' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'macOS' }));
    expect(screen.getByRole('button', { name: 'Download for macOS' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: '1. Enter Details' }));
    expect(input('Full Name').value).toBe('Ada Lovelace');
    expect(input('Email').value).toBe('ada@example.com');
  });

  it('defaults to macOS when the browser platform says Mac', async () => {
    platform = 'MacIntel';
    setup(`/collector/${LINK}`, valid);
    await fillDetails();
    await userEvent.click(continueButton());
    expect(((await screen.findByRole('radio', { name: 'macOS' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Download for macOS' })).toBeTruthy();
  });

  it('downloads with the details (trimmed, no phone when empty), Download disabled while it runs and once it is done', async () => {
    const finish = createGate();
    const { api, host } = setup(`/collector/${LINK}`, { ...valid, downloadConnector: () => finish.opened });
    await fillDetails({ fullName: '  Ada Lovelace ', email: 'ada@example.com ' });
    await userEvent.click(continueButton());
    const download = await screen.findByRole('button', { name: 'Download for Windows' });
    await userEvent.click(download);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(true),
    );
    // The greyed button says what it is doing, then how it ended (in place and as a toast).
    expect(screen.getByTestId('connector-download-status').textContent).toBe('Preparing the connector for Windows…');
    await act(async () => finish.open());
    expect(screen.getByTestId('connector-download-status').textContent).toBe(
      'The connector for Windows is in your downloads: open it to install it.',
    );
    let toasts: readonly Toast[] = [];
    host.services
      .resolve<ToastService>(ToastServiceToken)
      .toasts$.subscribe((value) => (toasts = value))
      .unsubscribe();
    expect(toasts).toEqual([expect.objectContaining({ intent: 'success', title: 'Connector downloaded' })]);
    expect(api.downloadConnector.mock.calls).toEqual([
      [LINK, { fullName: 'Ada Lovelace', email: 'ada@example.com', os: 'WIN' }],
    ]);
    expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Download for Windows' }));
    expect(api.downloadConnector).toHaveBeenCalledTimes(1);
  });

  it('sends the phone when filled, and the chosen OS', async () => {
    const { api } = setup(`/collector/${LINK}`, valid);
    await fillDetails({ phone: '+44 20 7946 0000' });
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('radio', { name: 'macOS' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download for macOS' }));
    await waitFor(() => expect(api.downloadConnector).toHaveBeenCalledTimes(1));
    expect(api.downloadConnector.mock.calls[0]).toEqual([
      LINK,
      { fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', os: 'MAC' },
    ]);
  });

  it("a failed download: the inline box says 'Error - File Not Found' (as the panel does), and Download comes back", async () => {
    setup(`/collector/${LINK}`, { ...valid, downloadConnector: failed(500, { message: 'Internal Server Error' }) });
    await fillDetails();
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Download for Windows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error - File Not Found');
    expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("refused details (400) name the field with the form's text in the inline box, not 'Error - File Not Found'", async () => {
    setup(`/collector/${LINK}`, {
      ...valid,
      downloadConnector: failed(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body email must match format "email"',
      }),
    });
    await fillDetails();
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Download for Windows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please insert a valid email.');
    expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a link that reached its limit meanwhile says so in the inline box (error body read from the blob)', async () => {
    setup(`/collector/${LINK}`, {
      ...valid,
      downloadConnector: failed(403, {
        statusCode: 403,
        message: 'The link has reached the maximum number of installations.',
      }),
    });
    await fillDetails();
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Download for Windows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have reached the installation limit.');
  });

  it('opens the how-to modal with the twelve steps, illustrated for 1–3 and 8–12', async () => {
    setup(`/collector/${LINK}`, valid);
    await fillDetails();
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'How do I install the connector?' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('How to install the connector')).toBeTruthy();
    const steps = await within(dialog).findAllByRole('listitem');
    expect(steps).toHaveLength(12);
    const illustrated = steps
      .map((step, index) => (within(step).queryByRole('img') ? index + 1 : null))
      .filter(Boolean);
    expect(illustrated).toEqual([1, 2, 3, 8, 9, 10, 11, 12]);
    // The dialog's header has a close button too; the footer's comes last.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('How to install the connector')).toBeNull());
  });
});
