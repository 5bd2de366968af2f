import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { fakeService } from '@core/testing';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import {
  type AndroidPackage,
  type DeviceDetail,
  type DeviceLink,
  type GluonApi,
  GluonApiToken,
  type Inspection,
  type RescanJob,
} from '../api/GluonApi';
import { gluonPlugin } from '../index';

beforeAll(async () => {
  await import('./DevicePage');
});

const ANALYST = ['gln#rpt#rw', 'gln#pre#r', 'gln#cre#r', 'gln#rsn#r', 'gln#fl#r'];
const NOW = '2026-11-23T05:00:00.000Z';
const LATER = '2026-11-23T06:30:00.000Z';

const inspection = (over: Partial<Inspection>): Inspection => ({
  id: 'n-1',
  origin: 'upload',
  fileId: 'f-1',
  fileName: 'androidqf.zip',
  status: 'done',
  progress: 100,
  error: null,
  ruleSetVersions: [],
  observations: 120,
  findings: 1,
  newFindings: 1,
  heuristics: [],
  warnings: [],
  createdAt: NOW,
  finishedAt: NOW,
  ...over,
});

const SIDELOADED = {
  rule: 'android.sideloaded-app' as const,
  message:
    'com.example.spyagent was installed without an installer (sideloaded) and holds dangerous permissions (READ_SMS, RECORD_AUDIO)',
  source: 'packages.json',
  line: null,
  why: 'Spyware is most often installed outside a store.',
  evidence: [
    { kind: 'bundleId', value: 'com.example.spyagent', source: 'packages.json', line: null, raw: '$[0]' },
    {
      kind: 'accessibilityService',
      value: 'com.example.spyagent/.ScreenReaderService',
      source: 'dumpsys.txt',
      line: 42,
      raw: 'Enabled services:{{com.example.spyagent/.ScreenReaderService}}',
    },
  ],
};

const android = (
  over: { lastRescan?: RescanJob | null; lastInspectionAt?: string; inspections?: Inspection[] } = {},
): DeviceDetail => ({
  device: {
    id: 'd-2',
    name: 'Examplecorp Example Phone 7 · EX7SERIA',
    displayName: 'Examplecorp Example Phone 7 · EX7SERIA',
    platform: 'android',
    modelCode: 'Examplecorp Example Phone 7',
    osVersion: 'Android 13 (TQ1A.230105.001)',
    securityPatch: '2023-01-05',
    buildFingerprint: 'example/example7',
    serial: 'EX7SERIAL0001',
    crashReporterKey: null,
    lastInspectionAt: over.lastInspectionAt ?? NOW,
    inspections: 1,
    openIncidents: 1,
    severity: 'high',
  },
  inspections: over.inspections ?? [inspection({ heuristics: [SIDELOADED] })],
  incidents: [
    {
      id: 'i-9',
      deviceId: 'd-2',
      deviceName: 'Examplecorp Example Phone 7',
      deviceDisplayName: 'Examplecorp Example Phone 7',
      familyId: 'm-1',
      familyName: 'SpyAgent',
      state: 'open',
      severity: 'high',
      findings: 2,
      activeFindings: 2,
      createdAt: NOW,
      updatedAt: NOW,
    },
  ],
  lastRescan: over.lastRescan ?? null,
});

const spyagent: AndroidPackage = {
  name: 'com.example.spyagent',
  versionName: '1.0',
  installer: null,
  initiatingInstaller: null,
  sideloaded: true,
  system: false,
  thirdParty: true,
  disabled: false,
  firstInstallTime: '2023-03-02T13:05:09.000Z',
  lastUpdateTime: '2023-03-02T13:05:09.000Z',
  dangerousPermissions: [
    'android.permission.READ_SMS',
    'android.permission.RECORD_AUDIO',
    'android.permission.ACCESS_FINE_LOCATION',
  ],
  grantedDangerousPermissions: ['android.permission.READ_SMS', 'android.permission.RECORD_AUDIO'],
  files: [
    {
      path: '/data/app/com.example.spyagent/base.apk',
      md5: 'aa'.repeat(16),
      sha1: 'bb'.repeat(20),
      sha256: 'cc'.repeat(32),
      certificate: {
        md5: 'dd'.repeat(16),
        sha1: 'ee'.repeat(20),
        sha256: 'ff'.repeat(32),
        subject: 'CN=Made Up Signer',
        issuer: 'CN=Made Up Signer',
      },
    },
  ],
  source: 'packages.json',
  line: null,
};
const notes: AndroidPackage = {
  ...spyagent,
  name: 'com.example.notes',
  installer: 'com.android.vending',
  sideloaded: false,
  grantedDangerousPermissions: [],
  files: [],
};

function host(path: string, methods: Partial<GluonApi>, perms: string[] = ANALYST) {
  const fake = fakeService<GluonApi>('GluonApi', methods);
  const rendered = renderHost({
    plugins: [gluonPlugin],
    path,
    token: makeTestToken(perms),
    services: [[GluonApiToken, fake]],
  });
  // Every toast shown, in order (each leaves after its timeout).
  const toasts: string[] = [];
  rendered.services.resolve(ToastServiceToken).toasts$.subscribe((list) => {
    for (const t of list)
      if (!toasts.includes(`${t.id} ${t.intent}: ${t.title} — ${t.message}`))
        toasts.push(`${t.id} ${t.intent}: ${t.title} — ${t.message}`);
  });
  return { fake, toasts: () => toasts.map((t) => t.slice(t.indexOf(' ') + 1)), navigation: rendered.navigation };
}

describe('device page, Android', () => {
  const server: Partial<GluonApi> = {
    getDevice: async () => android(),
    getPackages: async (_id, search) => {
      const items = [spyagent, notes].filter((p) => !search.trim() || p.name.includes(search.trim()));
      return { inspectionId: 'n-1', inspectedAt: NOW, total: items.length, items };
    },
    getProperties: async () => ({
      inspectionId: 'n-1',
      inspectedAt: NOW,
      total: 2,
      items: [
        {
          kind: 'property',
          name: 'ro.build.version.security_patch',
          value: '2023-01-05',
          source: 'androidqf/getprop.txt',
          line: 7,
        },
        { kind: 'setting', name: 'global/adb_enabled', value: '1', source: 'androidqf/settings_global.txt', line: 1 },
      ],
    }),
  };

  it('shows the Android facts, its tabs, and the heuristic warnings beside the incidents with their evidence and why they matter', async () => {
    host('/devices/d-2', server);
    expect(await screen.findByRole('heading', { name: 'Examplecorp Example Phone 7 · EX7SERIA' })).toBeTruthy();
    expect(screen.getByTestId('device-facts').textContent).toContain(
      'Android 13 (TQ1A.230105.001) · security patch 2023-01-05',
    );
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Incidents (1)',
      'Packages',
      'Properties and settings',
      'Links and domains',
      'Inspections',
      'Process explorer',
      'Crash explorer',
      'Files',
    ]);
    expect(screen.getByRole('link', { name: 'SpyAgent' }).getAttribute('href')).toBe('/incident-management/i-9');
    const warning = within(screen.getByRole('region', { name: 'Warnings' })).getByTestId('device-warning');
    expect(warning.textContent).toContain('com.example.spyagent was installed without an installer (sideloaded)');
    expect(warning.textContent).toContain('Why it matters: Spyware is most often installed outside a store.');
    const evidence = within(within(warning).getByRole('list', { name: 'Evidence' })).getAllByRole('listitem');
    expect(evidence.map((e) => e.textContent)).toEqual([
      'bundleId com.example.spyagent in packages.json$[0]',
      'accessibilityService com.example.spyagent/.ScreenReaderService in dumpsys.txt:42Enabled services:{{com.example.spyagent/.ScreenReaderService}}',
    ]);
  });

  it('keeps the tab in the address: opened from ?tab=packages, searched on the server, a package opens to its hashes and certificate', async () => {
    const { fake, navigation } = host('/devices/d-2?tab=packages', server);
    const rows = await within(await screen.findByTestId('packages')).findAllByTestId('package-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'com.example.spyagent 1.0DetailsSideloadedThird partyInstaller noneDangerous permissions 2 granted of 3',
      'com.example.notes 1.0DetailsThird partyInstaller com.android.vendingDangerous permissions 0 granted of 3',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Details of com.example.spyagent' }));
    const opened = screen.getByTestId('package-detail');
    expect(opened.textContent).toContain('no installer (sideloaded)');
    expect(within(opened).getByText('cc'.repeat(32))).toBeTruthy();
    expect(within(opened).getByText('ff'.repeat(32))).toBeTruthy();
    expect(within(opened).getByText('CN=Made Up Signer')).toBeTruthy();
    expect(within(opened).getByText('READ_SMS').tagName).toBe('STRONG');
    await userEvent.type(screen.getByRole('textbox', { name: 'Search packages' }), 'notes');
    await waitFor(() => expect(screen.getAllByTestId('package-row')).toHaveLength(1));
    expect(fake.getPackages.mock.calls.at(-1)).toEqual(['d-2', 'notes']);

    await userEvent.click(screen.getByRole('tab', { name: 'Properties and settings' }));
    expect(navigation.href()).toBe('/devices/d-2?tab=properties');
    expect(await within(await screen.findByTestId('properties')).findByText('global/adb_enabled')).toBeTruthy();
    expect(screen.getByText('getprop.txt:7')).toBeTruthy();
    // A wide table scrolls in its own focusable region on a narrow screen.
    expect(screen.getByRole('region', { name: 'Properties and settings' }).getAttribute('tabindex')).toBe('0');
    await userEvent.click(screen.getByRole('tab', { name: /^Incidents/ }));
    expect(navigation.href()).toBe('/devices/d-2');
    // Each tab is a history entry: Back returns to the one before.
    expect(navigation.entries).toEqual(['/devices/d-2?tab=packages', '/devices/d-2?tab=properties', '/devices/d-2']);
  });

  it('lists links and domains flagged first, searched and paged on the server, a shortened one marked', async () => {
    const link = (value: string, extra: Partial<DeviceLink> = {}): DeviceLink => ({
      kind: 'url',
      value,
      source: 'backup.ab',
      line: 2,
      raw: `SMS +15550199: go to ${value}`,
      firstSeen: NOW,
      lastSeen: NOW,
      inspections: 1,
      shortener: false,
      flaggedBy: [],
      ...extra,
    });
    const { fake } = host('/devices/d-2?tab=links', {
      ...server,
      getDeviceLinks: async (_id, search, page) => ({
        total: 51,
        page,
        size: 50,
        items: search
          ? [link('bit.ly/3xYzAbC', { shortener: true })]
          : [
              link('track.shoppingeos.com', { kind: 'domain', flaggedBy: ['shoppingeos.com'] }),
              link('https://example.org/menu'),
            ],
      }),
    });
    const rows = await within(await screen.findByTestId('device-links')).findAllByTestId('device-link');
    expect(rows.map((r) => r.getAttribute('data-flagged'))).toEqual(['true', 'false']);
    expect(rows[0]!.textContent).toContain('shoppingeos.com');
    expect(rows[0]!.textContent).toContain('backup.ab:2');
    expect(screen.getByText('Page 1 of 2 (51 links and domains)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(fake.getDeviceLinks.mock.calls.at(-1)).toEqual(['d-2', '', 1]));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search links and domains' }), 'bit');
    await waitFor(() => expect(fake.getDeviceLinks.mock.calls.at(-1)).toEqual(['d-2', 'bit', 0]));
    expect(await screen.findByText('shortened')).toBeTruthy();
  });

  it('an iPhone has no Android tabs: ?tab=packages reads as the incidents', async () => {
    const iphone = android();
    host('/devices/d-2?tab=packages', {
      ...server,
      getDevice: async () => ({ ...iphone, device: { ...iphone.device, platform: 'ios' } }),
    });
    await screen.findByRole('heading', { name: 'Examplecorp Example Phone 7 · EX7SERIA' });
    expect(screen.queryByRole('tab', { name: 'Packages' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Incidents (1)' }).getAttribute('aria-selected')).toBe('true');
  });

  it("a Mac's page links to its page in Electron for a user who may read Macs, and no phone has the link", async () => {
    const mac = android();
    const asMac = {
      ...server,
      getDevice: async () => ({ ...mac, device: { ...mac.device, platform: 'macos' as const } }),
    };
    host('/devices/d-2', asMac, [...ANALYST, 'elc#rpt#r']);
    const link = within(await screen.findByTestId('device-mac-link')).getByRole('link', { name: 'page in Electron' });
    expect(link.getAttribute('href')).toBe('/electron/devices/d-2');
    cleanup();
    // Without electron's permission there is no link to a page the user may not open.
    host('/devices/d-2', asMac);
    await screen.findByRole('tab', { name: 'Incidents (1)' });
    expect(screen.queryByTestId('device-mac-link')).toBeNull();
    cleanup();
    host('/devices/d-2', server, [...ANALYST, 'elc#rpt#r']);
    await screen.findByRole('tab', { name: 'Incidents (1)' });
    expect(screen.queryByTestId('device-mac-link')).toBeNull();
  });

  it('follows a rescan to its end: queued, then done in place and as a toast, and "last inspected" moves', async () => {
    const job: RescanJob = { id: 'j-1', status: 'queued', error: null, createdAt: LATER, finishedAt: null };
    let asked = false;
    const { fake, toasts } = host('/devices/d-2', {
      ...server,
      // Before the rescan: an older finished job; after it: ours, done, with its rescan inspection.
      getDevice: async () =>
        asked
          ? android({
              lastRescan: { ...job, status: 'done', finishedAt: LATER },
              lastInspectionAt: LATER,
              inspections: [
                inspection({ id: 'n-2', origin: 'rescan', fileName: null, newFindings: 3, createdAt: LATER }),
                inspection({ heuristics: [SIDELOADED] }),
              ],
            })
          : android({ lastRescan: { ...job, id: 'j-0', status: 'done' } }),
      rescanDevice: async () => {
        asked = true;
      },
    });
    await screen.findByRole('heading', { name: 'Examplecorp Example Phone 7 · EX7SERIA' });
    const factsBefore = screen.getByTestId('device-facts').textContent;
    // A job that ended before the click is not this page's rescan: nothing is announced.
    expect(screen.queryByTestId('rescan-status')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Rescan' }));
    await waitFor(() => expect(screen.getByTestId('rescan-status').textContent).toBe('Rescan done: 3 new findings.'));
    expect(screen.getByTestId('rescan-status').getAttribute('data-state')).toBe('done');
    expect(fake.rescanDevice.mock.calls).toEqual([['d-2']]);
    expect(toasts()).toEqual(['success: Rescan done — Rescan done: 3 new findings.']);
    expect(screen.getByTestId('device-facts').textContent).not.toBe(factsBefore);
    // The warnings stay those of the last file read (a rescan reads none).
    expect(screen.getByTestId('device-warning')).toBeTruthy();
  });

  it('a rescan still queued shows its progress, then its failure with the reason', async () => {
    let answers = 0;
    const job: RescanJob = { id: 'j-1', status: 'queued', error: null, createdAt: LATER, finishedAt: null };
    const { toasts } = host('/devices/d-2', {
      ...server,
      getDevice: async () => {
        answers++;
        if (answers === 1) return android();
        if (answers === 2) return android({ lastRescan: job });
        return android({
          lastRescan: { ...job, status: 'failed', error: 'The inspection stopped 3 times; it was not retried.' },
        });
      },
      rescanDevice: async () => undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Rescan' }));
    expect((await screen.findByTestId('rescan-status')).textContent).toContain(
      'Rescan queued: stored observations are matched against the enabled rule sets.',
    );
    expect(screen.getByRole('progressbar', { name: 'Rescan progress' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rescan' }).hasAttribute('disabled')).toBe(true);
    // The page polls the job row (every 2 s) until it ends.
    await waitFor(
      () =>
        expect(screen.getByTestId('rescan-status').textContent).toBe(
          'Rescan failed: The inspection stopped 3 times; it was not retried.',
        ),
      { timeout: 5000 },
    );
    expect(screen.queryByRole('progressbar', { name: 'Rescan progress' })).toBeNull();
    expect(toasts()).toEqual([
      'error: Rescan failed — Rescan failed: The inspection stopped 3 times; it was not retried.',
    ]);
  });
});
