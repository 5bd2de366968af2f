import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { ApiClientToken } from '@core/api/ApiClient';
import { apiFailure } from '@core/testing/apiFailure';
import { createFakeApiClient, type FakeApiHandlers } from '@core/testing/createFakeApiClient';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import type { MacDetail } from './api/getMac';
import { electronPlugin } from './index';
import { fakeArchive, fakeMac, MAC_ID } from './testing/fakeMacs';

const mac = fakeMac;
/** A real-length SHA256: 64 characters with no break, the value that widened the page. */
const AGENT_SHA256 = '5f1c0e9a7b3d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e';
const archive = fakeArchive;
const detail = (): MacDetail => ({
  mac: mac(),
  security: { sip: true, gatekeeper: true, fileVault: null },
  heuristics: [
    {
      key: 'macos.tcc-risky-grant Full Disk Access granted to /Users/alex/.x/updater',
      rule: 'macos.tcc-risky-grant',
      level: 'high',
      message: 'Full Disk Access granted to /Users/alex/.x/updater',
      why: 'Full Disk Access lets a program read every file.',
      source: 'Artifacts/raw/tcc_alex',
      evidence: ['service kTCCServiceSystemPolicyAllFiles'],
      triage: null,
    },
  ],
  incidents: [
    {
      id: 'i1',
      familyName: 'ExampleMacUpdater (made-up)',
      state: 'open',
      findings: 3,
      updatedAt: '2026-12-01T10:00:05.000Z',
    },
  ],
  persistence: [
    {
      kind: 'launchAgent',
      path: '/Users/alex/Library/LaunchAgents/com.example.updater.plist',
      label: 'com.example.updater',
      program: '/Users/alex/.x/updater',
      sha256: AGENT_SHA256,
      signer: 'unsigned',
      source: 'Persistence/launchItems.txt',
    },
  ],
  tcc: [],
  processes: [{ pid: 1, ppid: null, path: '/sbin/launchd', depth: 0 }],
  network: [],
  downloads: [],
  artefacts: [],
  warnings: [],
  archives: [archive()],
});

function render(perms: string[], handlers: FakeApiHandlers, path: string) {
  const fake = createFakeApiClient(handlers);
  renderHost({ plugins: [electronPlugin], token: makeTestToken(perms), path, services: [[ApiClientToken, fake.api]] });
  return fake;
}

describe('electron plugin', () => {
  it('lists the Macs by risk with the latest archives on /electron', async () => {
    render(
      ['elc#rpt#r'],
      { 'GET /electron-backend/macs': () => ({ items: [mac()], archives: [archive()] }) },
      '/electron',
    );
    expect(await screen.findByRole('heading', { name: 'Electron' })).toBeTruthy();
    // The Mac's name opens it from the Macs table and, since the archive is read, from the archives list too.
    const macs = await screen.findByRole('region', { name: 'Macs' });
    expect(within(macs).getByRole('link', { name: 'MacBookPro18,3 · C02SAMPL' })).toBeTruthy();
    expect(screen.getAllByText('High').length).toBeGreaterThan(0);
    expect(screen.getByText('Inspected: 3 findings, 2 heuristics')).toBeTruthy();
  });

  it("shows a Mac's risk, its incident, and each heuristic with why it matters", async () => {
    const fake = render(
      ['elc#rpt#r'],
      {
        'GET /electron-backend/macs/{id}': () => detail(),
        'GET /electron-backend/macs/{id}/timeline': (options) => ({
          items: [{ at: '2026-12-01T09:00:00.000Z', source: 'Artifacts/raw/tcc_alex', kind: 'tcc', text: 'granted' }],
          total: 1,
          page: options.query?.page ?? 0,
          size: 50,
        }),
      },
      `/electron/devices/${MAC_ID}`,
    );
    expect(
      await screen.findByRole('heading', { name: 'Full Disk Access granted to /Users/alex/.x/updater' }),
    ).toBeTruthy();
    expect(screen.getByText('Full Disk Access lets a program read every file.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ExampleMacUpdater (made-up)' })).toBeTruthy();
    expect(await screen.findByText('granted')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Permissions' }));
    await waitFor(() =>
      expect(
        fake.calls.some(
          (c) => c.route.endsWith('/timeline') && (c.options.query as { kind?: string } | undefined)?.kind === 'tcc',
        ),
      ).toBe(true),
    );
  });

  it('marks a heuristic benign with why (elc#rpt#rw), shows who and why, and offers to reopen it', async () => {
    let triaged = false;
    const handlers: FakeApiHandlers = {
      'GET /electron-backend/macs/{id}': () => {
        const d = detail();
        if (triaged)
          d.heuristics[0]!.triage = {
            state: 'benign',
            comment: 'our own updater',
            by: 'analyst@example.com',
            at: '2026-12-01T11:00:00.000Z',
          };
        return d;
      },
      'GET /electron-backend/macs/{id}/timeline': () => ({ items: [], total: 0, page: 0, size: 50 }),
      'POST /electron-backend/macs/{id}/heuristics/triage': () => {
        triaged = true;
        return detail();
      },
    };
    const fake = render(['elc#rpt#rw'], handlers, `/electron/devices/${MAC_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark benign' }));
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Why is it benign?' }), 'our own updater');
    await userEvent.click(confirm);
    expect(await screen.findByText(/Marked benign by analyst@example.com/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeTruthy();
    const post = fake.calls.find((c) => c.route === 'POST /electron-backend/macs/{id}/heuristics/triage')!;
    expect(post.options.body).toEqual({
      key: 'macos.tcc-risky-grant Full Disk Access granted to /Users/alex/.x/updater',
      state: 'benign',
      comment: 'our own updater',
    });
  });

  it('offers no triage to a reader', async () => {
    render(
      ['elc#rpt#r'],
      {
        'GET /electron-backend/macs/{id}': () => detail(),
        'GET /electron-backend/macs/{id}/timeline': () => ({ items: [], total: 0, page: 0, size: 50 }),
      },
      `/electron/devices/${MAC_ID}`,
    );
    expect(
      await screen.findByRole('heading', { name: 'Full Disk Access granted to /Users/alex/.x/updater' }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark benign' })).toBeNull();
  });

  it('says so when a Mac does not exist', async () => {
    render(
      ['elc#rpt#r'],
      { 'GET /electron-backend/macs/{id}': () => Promise.reject(apiFailure(404, 'This Mac does not exist.')) },
      `/electron/devices/${MAC_ID}`,
    );
    expect(await screen.findByText('This Mac does not exist.')).toBeTruthy();
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [electronPlugin], token: makeTestToken(['gln#x#r']), path: '/electron' });
    await host.waitForPath('/upgrade/electron');
    expect(screen.queryByRole('heading', { name: 'Electron' })).toBeNull();
  });
});

const WIDE = window.innerWidth;
function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

const macPage = (): FakeApiHandlers => ({
  'GET /electron-backend/macs/{id}': () => detail(),
  'GET /electron-backend/macs/{id}/timeline': () => ({
    items: [{ at: '2026-12-01T09:00:00.000Z', source: 'Artifacts/raw/tcc_alex', kind: 'tcc', text: 'granted' }],
    total: 1,
    page: 0,
    size: 50,
  }),
});

describe('electron layout (a hash, a path, 375 px)', () => {
  afterEach(() => setWidth(WIDE));

  it("a persistence item's SHA256 is shortened, the full value in its title and copied by its button", async () => {
    const user = userEvent.setup();
    render(['elc#rpt#r'], macPage(), `/electron/devices/${MAC_ID}`);
    const region = await screen.findByRole('region', { name: 'Persistence' });
    const hash = within(region).getByTitle(AGENT_SHA256);
    expect(hash.textContent).toBe(`${AGENT_SHA256.slice(0, 12)}…`);
    expect(within(region).queryByText(AGENT_SHA256)).toBeNull();
    await user.click(within(region).getByRole('button', { name: `Copy SHA256 ${AGENT_SHA256.slice(0, 12)}…` }));
    expect(await navigator.clipboard.readText()).toBe(AGENT_SHA256);
  });

  it('a path may break only after a "/", its text unchanged (copying it copies the path)', async () => {
    render(['elc#rpt#r'], macPage(), `/electron/devices/${MAC_ID}`);
    const region = await screen.findByRole('region', { name: 'Persistence' });
    const program = within(region).getByText(
      (_, el) => el?.tagName === 'CODE' && el.textContent === '/Users/alex/.x/updater',
    );
    expect(program.querySelectorAll('wbr').length).toBe(3);
    // Each piece is one unit, so "update-check" never breaks at its hyphen.
    expect([...program.querySelectorAll('.zo-path-part')].map((p) => p.textContent)).toEqual([
      '/Users/',
      'alex/',
      '.x/',
      'updater',
    ]);
  });

  it('a timeline line breaks its URLs after a "/" and leaves its words alone', async () => {
    const handlers = macPage();
    handlers['GET /electron-backend/macs/{id}/timeline'] = () => ({
      items: [
        {
          at: '2026-12-01T09:00:00.000Z',
          source: 'Artifacts/raw/lsquarantine_alex',
          kind: 'download',
          text: 'com.apple.Safari downloaded https://update-check.example.net/get/UpdaterSetup.dmg',
        },
      ],
      total: 1,
      page: 0,
      size: 50,
    });
    render(['elc#rpt#r'], handlers, `/electron/devices/${MAC_ID}`);
    const region = await screen.findByRole('region', { name: 'Timeline' });
    const cell = await within(region).findByText(
      (_, el) => el?.tagName === 'TD' && el.textContent!.includes('downloaded'),
    );
    expect(cell.textContent).toBe('com.apple.Safari downloaded https://update-check.example.net/get/UpdaterSetup.dmg');
    expect([...cell.querySelectorAll('.zo-path-part')].map((p) => p.textContent)).toEqual([
      'https://',
      'update-check.example.net/',
      'get/',
      'UpdaterSetup.dmg',
    ]);
  });

  it('the timeline filters wrap on a phone instead of widening the page', async () => {
    render(['elc#rpt#r'], macPage(), `/electron/devices/${MAC_ID}`);
    const everything = await screen.findByRole('button', { name: 'Everything' });
    expect(everything.parentElement!.style.flexWrap).toBe('wrap');
  });

  it("every table of a Mac's page sits in its own scroll region, so only the table, never the page, scrolls", async () => {
    render(['elc#rpt#r'], macPage(), `/electron/devices/${MAC_ID}`);
    await screen.findByText('granted');
    for (const name of ['Persistence', 'Permissions (TCC)', 'Network', 'Downloads', 'Timeline', 'Archives']) {
      const region = screen.getByRole('region', { name });
      expect(region.classList.contains('zo-table-scroll'), name).toBe(true);
      expect(within(region).getByRole('table')).toBeTruthy();
    }
    // The process tree keeps its indentation and scrolls in its own box, which the keyboard can reach.
    expect(screen.getByRole('region', { name: 'Process tree' }).tabIndex).toBe(0);
  });

  it('at 375 px the Macs and the archives on /electron are cards of "label: value" lines', async () => {
    setWidth(375);
    render(
      ['elc#rpt#r'],
      { 'GET /electron-backend/macs': () => ({ items: [mac()], archives: [archive()] }) },
      '/electron',
    );
    const macs = await screen.findByRole('region', { name: 'Macs' });
    expect(macs.classList.contains('zo-table-cards')).toBe(true);
    const macRow = within(macs).getAllByRole('row')[1]!;
    await waitFor(() =>
      expect([...macRow.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual([
        'Mac',
        'Risk',
        'Serial number',
        'macOS',
        'Open incidents',
        'Heuristics',
      ]),
    );
    // The Mac's link stays in its card.
    expect(within(macRow).getByRole('link', { name: 'MacBookPro18,3 · C02SAMPL' })).toBeTruthy();
    const archives = screen.getByRole('region', { name: 'Archives' });
    expect(archives.classList.contains('zo-table-cards')).toBe(true);
    const archiveRow = within(archives).getAllByRole('row')[1]!;
    expect([...archiveRow.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual([
      'Archive',
      'Mac',
      'Status',
      'Uploaded',
    ]);
  });

  it("an archive's Mac opens the Mac's page", async () => {
    render(['elc#rpt#r'], { 'GET /electron-backend/uploads': () => ({ items: [archive()] }) }, '/electron/upload');
    const archives = await screen.findByRole('region', { name: 'Archives' });
    const link = within(archives).getByRole('link', { name: 'MacBookPro18,3 · C02SAMPL' });
    expect(link.getAttribute('href')).toBe(`/electron/devices/${MAC_ID}`);
  });

  it('an archive not yet read to a Mac names none and links nowhere', async () => {
    render(
      ['elc#rpt#r'],
      {
        'GET /electron-backend/uploads': () => ({
          items: [archive({ deviceId: null, deviceName: null, status: 'queued' })],
        }),
      },
      '/electron/upload',
    );
    const archives = await screen.findByRole('region', { name: 'Archives' });
    expect(within(archives).getByText('Queued')).toBeTruthy();
    expect(within(archives).queryByRole('link')).toBeNull();
  });

  it('after an upload the file field is empty again and says what was uploaded', async () => {
    const user = userEvent.setup();
    const fake = render(
      ['elc#rpt#r', 'elc#rpt#rw'],
      {
        'GET /electron-backend/uploads': () => ({ items: [] }),
        'POST /electron-backend/uploads': () => ({ archive: archive({ fileName: 'aftermath.zip', status: 'queued' }) }),
      },
      '/electron/upload',
    );
    const input = await screen.findByLabelText<HTMLInputElement>('Aftermath archive');
    await user.upload(input, new File(['zip'], 'aftermath.zip', { type: 'application/zip' }));
    expect(screen.getByText('aftermath.zip')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(/aftermath\.zip uploaded/)).toBeTruthy();
    expect(fake.calls.some((c) => c.route === 'POST /electron-backend/uploads')).toBe(true);
    const field = screen.getByLabelText<HTMLInputElement>('Aftermath archive');
    expect(field.files?.length ?? 0).toBe(0);
    expect(field.value).toBe('');
    expect(screen.getByText('Choose an archive…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
  });
});
