import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { formatDateTime } from '@core/locale/formatDateTime';
import { apiFailure, createGate, fakeService } from '@core/testing';
import { type Toast, type ToastService, ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type CollectorLink, type GluonApi, GluonApiToken, type LinkPage } from '../api/GluonApi';
import { gluonPlugin } from '../index';
import { parseLinkForm } from '../logic/linkForm';

configure({ asyncUtilTimeout: 5000 });
beforeAll(async () => {
  await import('./CollectorLinksPage');
});

const ID = '11111111-1111-4111-8111-111111111111';
const link = (patch: Partial<CollectorLink> = {}): CollectorLink => ({
  id: ID,
  name: 'Field team',
  active: true,
  maxInstalls: 1,
  installs: 1,
  expiresAt: null,
  createdAt: '2026-11-01T10:00:00Z',
  status: 'limitReached',
  ...patch,
});
const list: LinkPage = { items: [link()], total: 45, page: 0, size: 20 };

/** The page over a fake client: the list answers `list` unless `methods` says otherwise; other calls are refused (404). */
function render(path: string, perms: string[], methods: Partial<GluonApi> = {}) {
  const fake = fakeService<GluonApi>('GluonApi', { getCollectorLinks: async () => list }, methods);
  const host = renderHost({
    plugins: [gluonPlugin],
    token: makeTestToken(perms),
    path,
    services: [[GluonApiToken, fake]],
  });
  return { ...host, fake };
}

describe('collector links page', () => {
  it('lists links with status and installs; filter, sort and page go to the server and the query string; readers get no actions', async () => {
    const { fake, navigation } = render('/gluon/collector-links?filter=field&sort=installs&order=desc&page=1', [
      'gln#ext#r',
    ]);
    const row = await screen.findByTestId('link-row');
    expect(within(row).getByText('limit reached')).toBeTruthy();
    expect(within(row).getByText('1 / 1')).toBeTruthy();
    const lists = () => fake.getCollectorLinks.mock.calls.map(([query]) => query);
    expect(lists()[0]).toEqual({ page: 1, size: 20, filter: 'field', sort: 'installs', order: 'desc' });
    expect(screen.queryByRole('button', { name: 'Create link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(navigation.search()).toBe('filter=field&sort=name&order=asc'));
    await waitFor(() =>
      expect(lists().at(-1)).toEqual({ page: 0, size: 20, filter: 'field', sort: 'name', order: 'asc' }),
    );
  });

  it('asks the server once per pause in typing the filter, from the first page', async () => {
    const { fake, navigation } = render('/gluon/collector-links?page=2', ['gln#ext#r']);
    await screen.findByTestId('link-row');
    const lists = () => fake.getCollectorLinks.mock.calls.map(([query]) => query);
    expect(lists()).toHaveLength(1);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter links' }), ' kiosk ');
    await waitFor(() => expect(navigation.search()).toBe('filter=kiosk'));
    await waitFor(() => expect(lists()).toHaveLength(2));
    expect(lists()[1]).toEqual({ page: 0, size: 20, filter: 'kiosk' });
    // Nothing more once the filter has settled, whatever re-renders the answer causes.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lists()).toHaveLength(2);
  });

  it('shows the installs of a link', async () => {
    render('/gluon/collector-links', ['gln#ext#r'], {
      getLinkInstalls: async () => [
        {
          id: 'i1',
          fullName: 'Ada Lovelace',
          email: 'ada@example.com',
          phone: null,
          os: 'MAC',
          createdAt: '2026-11-20T10:00:00Z',
        },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show installs' }));
    const install = await screen.findByTestId('install-row');
    expect(within(install).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(install).getByText('macOS')).toBeTruthy();
  });

  it('creates a link (one request per double click) and shows its address once, opening the public wizard', async () => {
    // The answer waits until both clicks of the double click are done: the second must meet the request in flight.
    const answer = createGate();
    const { fake } = render('/gluon/collector-links', ['gln#ext#rw', 'gln#fl#rw'], {
      createCollectorLink: () =>
        answer.opened.then(() => ({
          link: link({ name: 'Kiosk', installs: 0, status: 'active' }),
          token: 't',
          url: 'http://127.0.0.1:8080/collector/tok',
        })),
    });
    await userEvent.type(await screen.findByLabelText('Name'), 'Kiosk');
    await userEvent.type(screen.getByLabelText('Install limit'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/whole number from 1/);
    await userEvent.clear(screen.getByLabelText('Install limit'));
    await userEvent.type(screen.getByLabelText('Install limit'), '1');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Create link' }));
    answer.open();
    expect((await screen.findByTestId('shared-url')).textContent).toBe('http://127.0.0.1:8080/collector/tok');
    expect(screen.getByRole('link', { name: 'Open the collector page' }).getAttribute('href')).toBe(
      'http://127.0.0.1:8080/collector/tok',
    );
    expect(fake.createCollectorLink.mock.calls).toEqual([[{ name: 'Kiosk', maxInstalls: 1, expiresAt: null }]]);
  });

  it('disables a link and mints a quick link for Windows', async () => {
    const { fake } = render('/gluon/collector-links', ['gln#ext#rw'], {
      setCollectorLinkActive: async () => link({ active: false, status: 'disabled' }),
      createQuickLink: async () => 'http://127.0.0.1:8080/collector/quick?tokenquick=q',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(fake.setCollectorLinkActive.mock.calls).toHaveLength(1));
    expect(fake.setCollectorLinkActive.mock.calls).toEqual([[ID, false]]);
    await userEvent.click(screen.getByRole('button', { name: 'Quick link for Windows' }));
    expect((await screen.findByTestId('shared-url')).textContent).toBe(
      'http://127.0.0.1:8080/collector/quick?tokenquick=q',
    );
  });

  // How the installer is fetched and saved (blob, bearer, file name, the panel's error) is
  // DefaultGluonApi.test.ts's, over the real HTTP and downloads services.
  describe('installer download', () => {
    it("a reader downloads a disabled link's installer by its id, per OS", async () => {
      const disabled: LinkPage = { items: [link({ active: false, status: 'disabled' })], total: 1, page: 0, size: 20 };
      const { fake } = render('/gluon/collector-links', ['gln#ext#r'], {
        getCollectorLinks: async () => disabled,
        downloadLinkInstaller: async () => undefined,
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Windows installer' }));
      await waitFor(() => expect(fake.downloadLinkInstaller.mock.calls).toEqual([[ID, 'WIN']]));
      await userEvent.click(screen.getByRole('button', { name: 'macOS installer' }));
      await waitFor(() =>
        expect(fake.downloadLinkInstaller.mock.calls).toEqual([
          [ID, 'WIN'],
          [ID, 'MAC'],
        ]),
      );
      // Readers still get no write action.
      expect(screen.queryByRole('button', { name: 'Enable' })).toBeNull();
    });

    it('says Preparing… while the installer downloads, then that it was saved (not only a greyed button)', async () => {
      const gate = createGate();
      const { fake, services } = render('/gluon/collector-links', ['gln#ext#r'], {
        downloadLinkInstaller: () => gate.opened,
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Windows installer' }));
      expect((await screen.findByTestId('installer-download')).textContent).toBe(
        'Preparing the Windows installer of Field team…',
      );
      // A second click while it runs starts nothing more.
      await userEvent.click(screen.getByRole('button', { name: 'macOS installer' }));
      gate.open();
      await waitFor(() =>
        expect(screen.getByTestId('installer-download').textContent).toBe(
          'The Windows installer of Field team was saved to your downloads.',
        ),
      );
      expect(fake.downloadLinkInstaller.mock.calls).toEqual([[ID, 'WIN']]);
      let toasts: readonly Toast[] = [];
      services
        .resolve<ToastService>(ToastServiceToken)
        .toasts$.subscribe((value) => (toasts = value))
        .unsubscribe();
      expect(toasts).toEqual([
        expect.objectContaining({
          intent: 'success',
          message: 'The Windows installer of Field team was saved to your downloads.',
        }),
      ]);
    });

    it("a refused download: the API's reason (a Blob, as a file was asked) shows above the list", async () => {
      const refusal = new Blob([
        JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'The link does not exist.' }),
      ]);
      render('/gluon/collector-links', ['gln#ext#rw', 'gln#fl#rw'], {
        downloadLinkInstaller: () => Promise.reject(apiFailure(404, refusal)),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'macOS installer' }));
      expect((await screen.findByRole('alert')).textContent).toBe('The link does not exist.');
    });
  });

  it('without a gln#ext# permission the page says what is needed', async () => {
    render('/gluon/collector-links', ['gln#rpt#r']);
    expect(await screen.findByText(/Collector links need a gln#ext# permission/)).toBeTruthy();
  });
});

describe('parseLinkForm', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    [{ name: '', limit: '', expires: '' }, { link: { name: null, maxInstalls: null, expiresAt: null } }],
    [
      { name: ' A ', limit: '5', expires: '2026-11-23' },
      { link: { name: 'A', maxInstalls: 5, expiresAt: '2026-11-23T23:59:59.999Z' } },
    ],
    [
      { name: '', limit: '1.5', expires: '' },
      { error: 'The install limit must be a whole number from 1 to 1,000,000 (empty: unlimited).' },
    ],
    [{ name: '', limit: '', expires: '2026-11-22' }, { error: 'The expiry date must be in the future.' }],
    [{ name: 'x'.repeat(201), limit: '', expires: '' }, { error: 'The name is longer than 200 characters.' }],
  ])('%j', (values, expected) => {
    expect(parseLinkForm(values, 0, now)).toEqual(expected);
  });

  it('a link set to expire on 12/31 in UTC+05:30 ends at 23:59 there (18:29:59.999Z), not on 01/01', () => {
    expect(parseLinkForm({ name: '', limit: '', expires: '2026-12-31' }, 5.5, now)).toEqual({
      link: { name: null, maxInstalls: null, expiresAt: '2026-12-31T18:29:59.999Z' },
    });
    // Shown back in the same zone (the list's formatter), it is the chosen day's last minute.
    expect(formatDateTime('2026-12-31T18:29:59.999Z', { offset: 5.5 }, 'MM/dd/yyyy HH:mm')).toBe('12/31/2026 23:59');
  });
});
