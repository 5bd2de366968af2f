import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { captureSavedFiles, createFakeAxios, type FakeReply, type FakeRequest, type SavedFile } from '@core/testing';
import { renderHost } from '../../../tests/harness/renderHost';
import { collectorPlugin } from '../index';

// The first render would otherwise pay for compiling the lazy chunks inside a findBy timeout.
beforeAll(async () => {
  await import('./CollectorPage');
  await import('../components/HowToGuide/HowToGuide');
});

const LINK = 'link-token-1';
const VALIDATE = `GET /gluon-backend/sharedExtractorLinks/${LINK}/validate`;
const INSTALL = `POST /gluon-backend/sharedExtractorLinks/${LINK}`;
const MB = 1024 * 1024;

type Routes = Record<string, (request: FakeRequest) => FakeReply | Promise<FakeReply>>;

const valid = () => ({ status: 200, data: { valid: true, remainingInstalls: 3, expiresAt: null } });
const refused = (status: number, message: string) => () => ({ status, data: { statusCode: status, error: 'x', message } });
const file = (name: string) => () => ({ status: 200, data: new Blob(['installer bytes']), headers: { 'content-disposition': `attachment; filename="${name}"` } });

function setup(path: string, routes: Routes = {}) {
  const fake = createFakeAxios((request) => {
    const route = routes[`${request.method} ${request.url}`];
    return route ? route(request) : { status: 404, data: { statusCode: 404, message: 'The link does not exist.' } };
  });
  const host = renderHost({ plugins: [collectorPlugin], path, services: [[AxiosInstanceToken, fake.axios]] });
  const calls = (key: string) => fake.requests.filter((r) => `${r.method} ${r.url}` === key);
  return { host, calls };
}

let saved: SavedFile[];
const savedNames = () => saved.map((file) => file.name);
let platform: string;
beforeEach(() => {
  platform = 'Win32';
  vi.spyOn(navigator, 'platform', 'get').mockImplementation(() => platform);
  saved = captureSavedFiles();
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
    const { calls } = setup(`/collector/${LINK}`, { [VALIDATE]: () => new Promise(() => {}) });
    expect(await screen.findByText('Checking your link…')).toBeTruthy();
    expect(input('Full Name').disabled).toBe(true);
    expect(continueButton().disabled).toBe(true);
    expect(calls(VALIDATE)[0]!.headers.Authorization).toBeUndefined();
  });

  it.each([
    [refused(403, 'The link has expired.'), 'The link is expired.'],
    [refused(403, 'The link is not active.'), 'The link is disabled.'],
    [refused(403, 'The link has reached the maximum number of installations.'), 'You have reached the installation limit.'],
    [refused(403, 'Blocked by policy'), 'Blocked by policy'],
    [refused(404, 'The link does not exist.'), 'The link does not exist.'],
    [refused(400, 'params/id must NOT have more than 256 characters'), 'params/id must NOT have more than 256 characters'],
    [() => ({ networkError: true as const }), 'The link could not be checked. Please try again later.'],
  ])('an invalid link disables every field and shows the message (%#)', async (reply, message) => {
    setup(`/collector/${LINK}`, { [VALIDATE]: reply });
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    for (const label of ['Full Name', 'Email', /^Phone/]) expect(input(label).disabled).toBe(true);
    expect(continueButton().disabled).toBe(true);
    expect(screen.queryByText('Checking your link…')).toBeNull();
  });
});

describe('step 1: Enter Details', () => {
  it("asks for a valid email once the field was left: 'Please insert a valid email.'", async () => {
    setup(`/collector/${LINK}`, { [VALIDATE]: valid });
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
    setup(`/collector/${LINK}`, { [VALIDATE]: valid });
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
    setup(`/collector/${LINK}`, { [VALIDATE]: valid });
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
    setup(`/collector/${LINK}`, { [VALIDATE]: valid });
    await fillDetails();
    await userEvent.click(continueButton());
    expect((await screen.findByRole('radio', { name: 'macOS' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Download for macOS' })).toBeTruthy();
  });

  it('posts the details (no phone when empty), shows progress in MB, saves under the server name, removes the panel, disables Download', async () => {
    let finish!: () => void;
    const { calls } = setup(`/collector/${LINK}`, {
      [VALIDATE]: valid,
      [INSTALL]: (request) => {
        request.config.onDownloadProgress?.({ loaded: 1.5 * MB, total: 3 * MB, bytes: 1.5 * MB, lengthComputable: true });
        return new Promise((resolve) => (finish = () => resolve(file('Connector Setup.exe')())));
      },
    });
    await fillDetails({ fullName: '  Ada Lovelace ', email: 'ada@example.com ' });
    await userEvent.click(continueButton());
    const download = await screen.findByRole('button', { name: 'Download for Windows' });
    await userEvent.click(download);
    const panel = await screen.findByTestId('download-panel');
    expect(within(panel).getByText('1.50 MB / 3.00 MB')).toBeTruthy();
    expect(within(panel).getByText('Connector for Windows')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByTestId('download-panel')).toBeNull());
    expect(savedNames()).toEqual(['Connector Setup.exe']);
    expect(calls(INSTALL)).toHaveLength(1);
    expect(calls(INSTALL)[0]!.data).toEqual({ fullName: 'Ada Lovelace', email: 'ada@example.com', os: 'WIN' });
    expect(calls(INSTALL)[0]!.headers.Authorization).toBeUndefined();
    expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Download for Windows' }));
    expect(calls(INSTALL)).toHaveLength(1);
  });

  it('sends the phone when filled, and the chosen OS', async () => {
    const { calls } = setup(`/collector/${LINK}`, { [VALIDATE]: valid, [INSTALL]: file('connector.pkg') });
    await fillDetails({ phone: '+44 20 7946 0000' });
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('radio', { name: 'macOS' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download for macOS' }));
    await waitFor(() => expect(savedNames()).toEqual(['connector.pkg']));
    expect(calls(INSTALL)[0]!.data).toEqual({ fullName: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', os: 'MAC' });
  });

  it("a failed download: the panel says 'Error - File Not Found', the inline box too, and Download comes back", async () => {
    setup(`/collector/${LINK}`, { [VALIDATE]: valid, [INSTALL]: () => ({ status: 500, data: new Blob([JSON.stringify({ message: 'Internal Server Error' })]) }) });
    await fillDetails();
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Download for Windows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error - File Not Found');
    expect(within(await screen.findByTestId('download-panel')).getByText('Error - File Not Found')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(false);
    expect(savedNames()).toEqual([]);
  });

  it("refused details (400) name the field with the form's text in the inline box, not 'Error - File Not Found'", async () => {
    const body = new Blob([JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'body email must match format "email"' })], { type: 'application/json' });
    setup(`/collector/${LINK}`, { [VALIDATE]: valid, [INSTALL]: () => ({ status: 400, data: body }) });
    await fillDetails();
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Download for Windows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please insert a valid email.');
    expect((screen.getByRole('button', { name: 'Download for Windows' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a link that reached its limit meanwhile says so in the inline box (error body read from the blob)', async () => {
    const body = new Blob([JSON.stringify({ statusCode: 403, message: 'The link has reached the maximum number of installations.' })], { type: 'application/json' });
    setup(`/collector/${LINK}`, { [VALIDATE]: valid, [INSTALL]: () => ({ status: 403, data: body }) });
    await fillDetails();
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'Download for Windows' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have reached the installation limit.');
  });

  it('opens the how-to modal with the twelve steps, illustrated for 1–3 and 8–12', async () => {
    setup(`/collector/${LINK}`, { [VALIDATE]: valid });
    await fillDetails();
    await userEvent.click(continueButton());
    await userEvent.click(await screen.findByRole('button', { name: 'How do I install the connector?' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('How to install the connector')).toBeTruthy();
    const steps = await within(dialog).findAllByRole('listitem');
    expect(steps).toHaveLength(12);
    const illustrated = steps.map((step, index) => (within(step).queryByRole('img') ? index + 1 : null)).filter(Boolean);
    expect(illustrated).toEqual([1, 2, 3, 8, 9, 10, 11, 12]);
    // The dialog's header has a close button too; the footer's comes last.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByText('How to install the connector')).toBeNull());
  });
});
