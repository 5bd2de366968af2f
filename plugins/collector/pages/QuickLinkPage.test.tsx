import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { captureSavedFiles, createFakeAxios, type FakeReply, type SavedFile } from '@core/testing';
import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { collectorPlugin } from '../index';

// The first render would otherwise pay for compiling the lazy chunks inside a findBy timeout.
beforeAll(async () => {
  await import('./QuickLinkPage');
  await import('./CollectorPage');
});

const QUICK = 'GET /gluon-backend/extractors/quickdownload';
const future = Math.floor(Date.now() / 1000) + 3600;
const quickToken = (claims: Record<string, unknown>) => makeTestToken([], claims);
const macToken = quickToken({ typ: 'quick-link', os: 'MAC', tenant: 't-1', exp: future });

function setup(path: string, reply: () => FakeReply = () => ({ status: 200, data: new Blob(['x']), headers: { 'content-disposition': 'attachment; filename="Connector.pkg"' } })) {
  const fake = createFakeAxios((request) => (`${request.method} ${request.url}` === QUICK ? reply() : { status: 404, data: { message: 'The link does not exist.' } }));
  renderHost({ plugins: [collectorPlugin], path, services: [[AxiosInstanceToken, fake.axios]] });
  return fake;
}

let saved: SavedFile[];
const savedNames = () => saved.map((file) => file.name);
beforeEach(() => {
  saved = captureSavedFiles();
});
afterEach(() => vi.restoreAllMocks());

describe('quick link', () => {
  it('/collector/quick wins over /collector/:id: shows the OS of the token and downloads with it as bearer', async () => {
    const fake = setup(`/collector/quick?tokenquick=${macToken}`);
    expect(await screen.findByText('macOS')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download for macOS' }));
    await waitFor(() => expect(savedNames()).toEqual(['Connector.pkg']));
    // No link check: the quick screen is not the wizard.
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([QUICK]);
    expect(fake.requests[0]!.headers.Authorization).toBe(`Bearer ${macToken}`);
    expect((screen.getByRole('button', { name: 'Download for macOS' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('/collector/{id}?tokenquick= shows the same screen', async () => {
    const winToken = quickToken({ typ: 'quick-link', os: 'WIN', exp: future });
    const fake = setup(`/collector/some-link?tokenquick=${winToken}`);
    expect(await screen.findByRole('button', { name: 'Download for Windows' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('a refused token (401) shows the panel error and the expired message; the download can be retried', async () => {
    const fake = setup(`/collector/quick?tokenquick=${macToken}`, () => ({ status: 401, data: new Blob([JSON.stringify({ message: 'Invalid token' })]) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Download for macOS' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The link is expired.');
    expect(within(await screen.findByTestId('download-panel')).getByText('Error - File Not Found')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download for macOS' }));
    await waitFor(() => expect(fake.requests).toHaveLength(2));
  });

  it.each([
    ['an expired token', quickToken({ typ: 'quick-link', os: 'MAC', exp: 1000 }), 'The link is expired.'],
    ['a token without an OS', quickToken({ typ: 'quick-link', exp: future }), 'The link is invalid. Please ask for a new one.'],
    ['a tampered token', 'not.a.token', 'The link is invalid. Please ask for a new one.'],
    ['no token', '', 'The link is invalid. Please ask for a new one.'],
  ])('%s: a message and no Download button', async (_name, token, message) => {
    const fake = setup(`/collector/quick?tokenquick=${token}`);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('/collector/quick without tokenquick is not a blank page', async () => {
    setup('/collector/quick');
    expect((await screen.findByRole('alert')).textContent).toBe('The link is invalid. Please ask for a new one.');
  });
});
