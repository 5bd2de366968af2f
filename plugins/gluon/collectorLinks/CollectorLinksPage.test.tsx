import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { captureSavedFiles, createFakeAxios, createGate, type FakeReply, type FakeRequest, type SavedFile } from '@core/testing';
import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { gluonPlugin } from '../index';
import { parseLinkForm } from './linkForm';

configure({ asyncUtilTimeout: 5000 });
beforeAll(async () => {
  await import('./CollectorLinksPage');
});

const link = (patch: object = {}) => ({ id: '11111111-1111-4111-8111-111111111111', name: 'Field team', active: true, maxInstalls: 1, installs: 1, expiresAt: null, createdAt: '2026-11-01T10:00:00Z', status: 'limitReached', ...patch });
const list = { status: 200, data: { items: [link()], total: 45, page: 0, size: 20 } };

function render(path: string, perms: string[], route: (r: FakeRequest) => FakeReply | Promise<FakeReply> | undefined = () => undefined) {
  const fake = createFakeAxios((r) => route(r) ?? (r.url === '/gluon-backend/query-api/sharedExtractorLinks' ? list : { status: 404, data: { message: 'none' } }));
  const host = renderHost({ plugins: [gluonPlugin], token: makeTestToken(perms), path, services: [[AxiosInstanceToken, fake.axios]] });
  return { ...host, requests: fake.requests };
}

describe('collector links page', () => {
  it('lists links with status and installs; filter, sort and page go to the server and the query string; readers get no actions', async () => {
    const { requests, navigation } = render('/gluon/collector-links?filter=field&sort=installs&order=desc&page=1', ['gln#ext#r']);
    const row = await screen.findByTestId('link-row');
    expect(within(row).getByText('limit reached')).toBeTruthy();
    expect(within(row).getByText('1 / 1')).toBeTruthy();
    const lists = () => requests.filter((r) => r.url === '/gluon-backend/query-api/sharedExtractorLinks');
    expect(lists()[0]!.config.params).toEqual({ page: 1, size: 20, filter: 'field', sort: 'installs', order: 'desc' });
    expect(screen.queryByRole('button', { name: 'Create link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(navigation.search()).toBe('filter=field&sort=name&order=asc'));
    await waitFor(() => expect(lists().at(-1)!.config.params).toEqual({ page: 0, size: 20, filter: 'field', sort: 'name', order: 'asc' }));
  });

  it('asks the server once per pause in typing the filter, from the first page', async () => {
    const { requests, navigation } = render('/gluon/collector-links?page=2', ['gln#ext#r']);
    await screen.findByTestId('link-row');
    const lists = () => requests.filter((r) => r.url === '/gluon-backend/query-api/sharedExtractorLinks');
    expect(lists()).toHaveLength(1);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter links' }), ' kiosk ');
    await waitFor(() => expect(navigation.search()).toBe('filter=kiosk'));
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lists()[1]!.config.params).toEqual({ page: 0, size: 20, filter: 'kiosk' });
    // Nothing more once the filter has settled, whatever re-renders the answer causes.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lists()).toHaveLength(2);
  });

  it('shows the installs of a link', async () => {
    render('/gluon/collector-links', ['gln#ext#r'], (r) =>
      r.url.endsWith('/installs') ? { status: 200, data: { items: [{ id: 'i1', fullName: 'Ada Lovelace', email: 'ada@example.com', phone: null, os: 'MAC', createdAt: '2026-11-20T10:00:00Z' }] } } : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show installs' }));
    const install = await screen.findByTestId('install-row');
    expect(within(install).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(install).getByText('macOS')).toBeTruthy();
  });

  it('creates a link (one request per double click) and shows its address once, opening the public wizard', async () => {
    // The answer waits until both clicks of the double click are done: the second must meet the request in flight.
    const answer = createGate();
    const { requests } = render('/gluon/collector-links', ['gln#ext#rw', 'gln#fl#rw'], (r) =>
      r.method === 'POST' && r.url === '/gluon-backend/sharedExtractorLinks' ? answer.opened.then(() => ({ status: 201, data: { link: link({ name: 'Kiosk', installs: 0, status: 'active' }), token: 't', url: 'http://127.0.0.1:8080/collector/tok' } })) : undefined,
    );
    await userEvent.type(await screen.findByLabelText('Name'), 'Kiosk');
    await userEvent.type(screen.getByLabelText('Install limit'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/whole number from 1/);
    await userEvent.clear(screen.getByLabelText('Install limit'));
    await userEvent.type(screen.getByLabelText('Install limit'), '1');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Create link' }));
    answer.open();
    expect((await screen.findByTestId('shared-url')).textContent).toBe('http://127.0.0.1:8080/collector/tok');
    expect(screen.getByRole('link', { name: 'Open the collector page' }).getAttribute('href')).toBe('http://127.0.0.1:8080/collector/tok');
    const posts = requests.filter((r) => r.method === 'POST' && r.url === '/gluon-backend/sharedExtractorLinks');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.data).toEqual({ name: 'Kiosk', maxInstalls: 1, expiresAt: null });
  });

  it('disables a link and mints a quick link for Windows', async () => {
    const { requests } = render('/gluon/collector-links', ['gln#ext#rw'], (r) => {
      if (r.method === 'PATCH') return { status: 200, data: link({ active: false, status: 'disabled' }) };
      if (r.url === '/gluon-backend/extractors/quickLink') return { status: 201, data: { url: 'http://127.0.0.1:8080/collector/quick?tokenquick=q', os: 'WIN' } };
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PATCH')!.data).toEqual({ active: false });
    await userEvent.click(screen.getByRole('button', { name: 'Quick link for Windows' }));
    expect((await screen.findByTestId('shared-url')).textContent).toBe('http://127.0.0.1:8080/collector/quick?tokenquick=q');
  });

  describe('installer download', () => {
    const ID = '11111111-1111-4111-8111-111111111111';
    const installerUrl = (os: string) => `/gluon-backend/sharedExtractorLinks/${ID}/installerExtractor?os=${os}`;
    let saved: SavedFile[];
    const savedNames = () => saved.map((file) => file.name);
    beforeEach(() => {
      saved = captureSavedFiles();
    });
    afterEach(() => vi.restoreAllMocks());

    it("a reader downloads a disabled link's installer by its id, per OS, through the downloads service", async () => {
      const disabled = { status: 200, data: { items: [link({ active: false, status: 'disabled' })], total: 1, page: 0, size: 20 } };
      const { requests } = render('/gluon/collector-links', ['gln#ext#r'], (r) => {
        if (r.url === '/gluon-backend/query-api/sharedExtractorLinks') return disabled;
        if (r.url.includes('/installerExtractor')) {
          const file = r.url.endsWith('os=WIN') ? 'Connector.exe' : 'Connector.pkg';
          return { status: 200, data: new Blob(['x']), headers: { 'content-disposition': `attachment; filename="${file}"` } };
        }
        return undefined;
      });
      const installers = () => requests.filter((r) => r.url.includes('/installerExtractor'));
      await userEvent.click(await screen.findByRole('button', { name: 'Windows installer' }));
      await waitFor(() => expect(savedNames()).toEqual(['Connector.exe']));
      expect(installers().map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${installerUrl('WIN')}`]);
      // A blob request: the downloads service made it (it alone asks for blobs), with the session's bearer.
      expect(installers()[0]!.config.responseType).toBe('blob');
      expect(installers()[0]!.headers.Authorization).toMatch(/^Bearer /);
      await userEvent.click(screen.getByRole('button', { name: 'macOS installer' }));
      await waitFor(() => expect(savedNames()).toEqual(['Connector.exe', 'Connector.pkg']));
      expect(installers()[1]!.url).toBe(installerUrl('MAC'));
      // Readers still get no write action.
      expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
    });

    it("a refused download: the panel says 'Error - File Not Found' and the API's reason shows above the list", async () => {
      render('/gluon/collector-links', ['gln#ext#rw', 'gln#fl#rw'], (r) =>
        r.url.includes('/installerExtractor') ? { status: 404, data: new Blob([JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'The link does not exist.' })]) } : undefined,
      );
      await userEvent.click(await screen.findByRole('button', { name: 'macOS installer' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The link does not exist.');
      expect(within(await screen.findByTestId('download-panel')).getByText('Error - File Not Found')).toBeTruthy();
      expect(savedNames()).toEqual([]);
    });
  });

  it('without a gln#ext# permission the page says what is needed', async () => {
    render('/gluon/collector-links', ['gln#rpt#r']);
    expect(await screen.findByText(/Collector links need a gln#ext# permission/)).toBeTruthy();
  });
});

describe('parseLinkForm', () => {
  const now = new Date(2026, 10, 23, 12);
  it.each([
    [{ name: '', limit: '', expires: '' }, { link: { name: null, maxInstalls: null, expiresAt: null } }],
    [{ name: ' A ', limit: '5', expires: '2026-11-23' }, { link: { name: 'A', maxInstalls: 5, expiresAt: new Date(2026, 10, 24).toISOString() } }],
    [{ name: '', limit: '1.5', expires: '' }, { error: 'The install limit must be a whole number from 1 to 1,000,000 (empty: unlimited).' }],
    [{ name: '', limit: '', expires: '2026-11-22' }, { error: 'The expiry date must be in the future.' }],
    [{ name: 'x'.repeat(201), limit: '', expires: '' }, { error: 'The name is longer than 200 characters.' }],
  ])('%j', (values, expected) => {
    expect(parseLinkForm(values, now)).toEqual(expected);
  });
});
