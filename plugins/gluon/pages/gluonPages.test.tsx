import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, type Mock } from 'vitest';

import { recommendedAction } from '@common/incidents/recommendedActions';
import { apiFailure, fakeCursorPage, type Faked, fakeService } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type DeviceDetail, type GluonApi, GluonApiToken, type IncidentDetail, type Upload } from '../api/GluonApi';
import { gluonPlugin } from '../index';

beforeAll(async () => {
  await Promise.all([import('./UploadPage'), import('./GluonPage'), import('./DevicePage'), import('./IncidentPage')]);
});

const ANALYST = ['gln#rpt#rw', 'gln#upl#w', 'gln#pre#r', 'gln#rsn#r', 'gln#fl#r'];
const NOW = '2026-11-23T05:00:00.000Z';

const upload = (over: Partial<Upload>): Upload => ({
  inspectionId: 'n-1',
  fileId: 'f-1',
  fileName: 'sysdiagnose.tar.gz',
  size: 3 * 1024 * 1024,
  sha256: 'ab'.repeat(32),
  origin: 'upload',
  status: 'done',
  progress: 100,
  error: null,
  deviceId: 'd-1',
  deviceName: 'iPhone14,2',
  deviceDisplayName: 'iPhone 13 Pro',
  findings: 2,
  createdAt: NOW,
  finishedAt: NOW,
  warnings: [],
  ...over,
});

/** Gluon's pages over a fake client: `methods` answer as the server would; any other call is refused (404). */
function host(path: string, perms: string[], methods: Partial<GluonApi>) {
  const fake = fakeService<GluonApi>('GluonApi', methods);
  renderHost({ plugins: [gluonPlugin], path, token: makeTestToken(perms), services: [[GluonApiToken, fake]] });
  return fake;
}

/** Every call the fake received, whatever the method (its own keys are the methods asked). */
const callsTo = (fake: Faked<GluonApi>) =>
  Object.values(fake as unknown as Record<string, Mock>).flatMap((method) => method.mock.calls);

describe('upload page', () => {
  it('uploads each file with its own result: accepted, refused by the server with its reason, refused here by type', async () => {
    let uploads: Upload[] = [];
    const fake = host('/gluon/upload', ['gln#upl#rw'], {
      getUploads: async () => ({ items: uploads, total: uploads.length, page: 0, size: 20 }),
      upload: async (file) => {
        if (file.name === 'big.ips') throw apiFailure(413, 'The file is larger than the upload limit (1024 MB).');
        uploads = [upload({ fileName: file.name, status: 'queued', progress: 0, deviceId: null, deviceName: null })];
        return { upload: uploads[0]!, duplicate: false };
      },
    });
    expect(await screen.findByText('No upload yet.')).toBeTruthy();
    const files = [
      new File(['a'.repeat(2048)], 'sysdiagnose.tar.gz'),
      new File(['b'], 'big.ips'),
      new File(['c'], 'setup.exe'),
    ];
    await userEvent.upload(screen.getByTestId('upload-input'), files, { applyAccept: false });
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-file').map((li) => li.dataset.status)).toEqual(['done', 'error', 'error']),
    );
    const [ok, big, exe] = screen.getAllByTestId('upload-file');
    // Sizes in words, not "0.00 MB" (MB with two decimals is for downloads, spec §9).
    expect(ok!.textContent).toContain('2 KB / 2 KB');
    expect(ok!.textContent).toContain('Uploaded, inspection queued');
    expect(big!.textContent).toContain('The file is larger than the upload limit (1024 MB).');
    expect(exe!.textContent).toContain('Not a file Gluon inspects');
    // The refused type never left the browser (how a file is sent: DefaultGluonApi.test.ts).
    expect(fake.upload.mock.calls.map(([file]) => file.name)).toEqual(['sysdiagnose.tar.gz', 'big.ips']);
    // The recent uploads list reloaded and shows the queued inspection; an uploader gets no device link.
    const row = await screen.findByTestId('recent-upload');
    expect(within(row).getByText('Queued')).toBeTruthy();
    // The list polls while the inspection runs, and the file's own line follows it to the end.
    uploads = [{ ...uploads[0]!, status: 'done', progress: 100, findings: 3 }];
    await waitFor(
      () => expect(screen.getAllByTestId('upload-file')[0]!.textContent).toContain('Inspected: 3 findings'),
      { timeout: 5000 },
    );
    expect(screen.getAllByTestId('upload-file')[0]!.textContent).not.toContain('inspection queued');
  });

  it('sends the backup password with the next files only, then empties the field', async () => {
    const fake = host('/gluon/upload', ['gln#upl#rw'], {
      getUploads: async () => ({ items: [], total: 0, page: 0, size: 20 }),
      upload: async (file) => ({ upload: upload({ fileName: file.name, status: 'queued' }), duplicate: false }),
    });
    expect(await screen.findByText('No upload yet.')).toBeTruthy();
    const field = screen.getByLabelText(/Backup password/) as HTMLInputElement;
    expect(field.type).toBe('password');
    await userEvent.type(field, 'secret 1');
    await userEvent.upload(screen.getByTestId('upload-input'), [new File(['x'], 'backup.zip')], { applyAccept: false });
    await waitFor(() => expect(fake.upload).toHaveBeenCalledTimes(1));
    expect(fake.upload.mock.calls[0]![3]).toEqual({ backupPassword: 'secret 1' });
    expect(field.value).toBe('');
    await userEvent.upload(screen.getByTestId('upload-input'), [new File(['y'], 'other.zip')], { applyAccept: false });
    await waitFor(() => expect(fake.upload).toHaveBeenCalledTimes(2));
    expect(fake.upload.mock.calls[1]![3]).toEqual({});
  });

  it("shows the server's message when file storage is down (503), not a generic failure", async () => {
    host('/gluon/upload', ['gln#upl#rw'], {
      getUploads: async () => ({ items: [], total: 0, page: 0, size: 20 }),
      upload: async () => {
        throw apiFailure(503, 'File storage is unavailable; try again in a minute');
      },
    });
    expect(await screen.findByText('No upload yet.')).toBeTruthy();
    const file = new File([new Uint8Array([1])], 'sysdiagnose.tar.gz', { type: 'application/gzip' });
    await userEvent.upload(screen.getByTestId('upload-input'), [file], { applyAccept: false });
    await waitFor(() => expect(screen.getByTestId('upload-file').dataset.status).toBe('error'));
    expect(screen.getByTestId('upload-file').textContent).toContain(
      'File storage is unavailable; try again in a minute',
    );
  });

  it('an upload sent while an older page of recent uploads is shown goes back to the first page and follows its inspection', async () => {
    let all: Upload[] = Array.from({ length: 25 }, (_, i) =>
      upload({ inspectionId: `n-${i + 10}`, fileName: `f${i + 10}.ips` }),
    );
    const fake = host('/gluon/upload', ['gln#upl#rw'], {
      getUploads: async (query) => fakeCursorPage(all, query),
      upload: async () => {
        const fresh = upload({
          inspectionId: 'n-new',
          fileName: 'new.ips',
          status: 'queued',
          progress: 0,
          deviceId: null,
          deviceName: null,
          deviceDisplayName: null,
          findings: 0,
          finishedAt: null,
        });
        all = [fresh, ...all];
        return { upload: fresh, duplicate: false };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Older' }));
    await screen.findByText('Page 2 of 2');
    await userEvent.upload(screen.getByTestId('upload-input'), [new File(['x'], 'new.ips')], { applyAccept: false });
    await screen.findByText('Page 1 of 2');
    // The server finishes the inspection after the upload was answered: only polling page 0 sees it.
    all = [{ ...all[0]!, status: 'done', progress: 100, findings: 1, finishedAt: NOW }, ...all.slice(1)];
    await waitFor(
      () => expect(screen.getAllByTestId('upload-file')[0]!.textContent).toContain('Inspected: 1 finding'),
      { timeout: 5000 },
    );
    // Every list request after the upload asked the first page, without a cursor (the reload, then the polls).
    const posted = fake.upload.mock.invocationCallOrder[0]!;
    const after = fake.getUploads.mock.calls.filter((_, i) => fake.getUploads.mock.invocationCallOrder[i]! > posted);
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(after.map(([query]) => query)).toEqual(after.map(() => ({ size: 20, after: undefined, before: undefined })));
  });

  it('without the upload permission: says so and asks the server nothing', async () => {
    const fake = host('/gluon/upload', ['gln#rpt#r'], {
      getUploads: () => Promise.reject(apiFailure(403, 'Forbidden')),
    });
    expect(await screen.findByText('Your account cannot start inspections.')).toBeTruthy();
    expect(screen.queryByText('Recent uploads')).toBeNull();
    expect(callsTo(fake)).toEqual([]);
  });
});

describe('gluon root', () => {
  it('says that nothing was inspected yet when a tenant has no device (not "no match")', async () => {
    host('/gluon', ANALYST, { getDevices: async () => ({ items: [], total: 0, page: 0, size: 20 }) });
    expect(
      await screen.findByText('No device inspected yet: devices appear here once their files are uploaded.'),
    ).toBeTruthy();
    expect(screen.queryByText('No device matches.')).toBeNull();
  });

  it('lists devices paged and searched on the server, each linking to its page', async () => {
    const fake = host('/gluon', ANALYST, {
      getDevices: async ({ search }) => {
        const items = [
          {
            id: 'd-1',
            name: 'iPhone14,2 · c0ffee00',
            displayName: 'iPhone 13 Pro · c0ffee00',
            modelCode: 'iPhone14,2',
            osVersion: 'iPhone OS 16.5 (20F66)',
            crashReporterKey: 'k',
            lastInspectionAt: NOW,
            inspections: 1,
            openIncidents: 2,
            severity: 'high' as const,
          },
          {
            id: 'd-2',
            name: 'Pixel 8 · 3a51',
            displayName: 'Pixel 8 · 3a51',
            modelCode: 'Pixel 8',
            osVersion: '14',
            crashReporterKey: null,
            lastInspectionAt: NOW,
            inspections: 1,
            openIncidents: 0,
            severity: 'none' as const,
            platform: 'android' as const,
          },
        ];
        return { items: search === 'nothing' ? [] : items, total: search === 'nothing' ? 0 : 1, page: 0, size: 20 };
      },
    });
    // Named by marketing name, the model code beside it.
    const link = await screen.findByRole('link', { name: 'iPhone 13 Pro · c0ffee00' });
    expect(link.getAttribute('href')).toBe('/devices/d-1');
    const [iphone, pixel] = screen.getAllByTestId('device-row');
    expect(within(iphone!).getByText('iPhone14,2').tagName).toBe('CODE');
    expect(within(iphone!).getByText('High')).toBeTruthy();
    // The platform: iOS when the API names none (iPhone diagnostics), Android when it says so.
    expect(screen.getAllByTestId('device-platform').map((c) => c.textContent)).toEqual(['iOS', 'Android']);
    expect(within(pixel!).getByRole('link', { name: 'Pixel 8 · 3a51' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search devices' }), 'nothing');
    expect(await screen.findByText('No device matches.')).toBeTruthy();
    expect(fake.getDevices.mock.calls.at(-1)).toEqual([
      { size: 20, search: 'nothing', after: undefined, before: undefined },
    ]);
  });

  it('pages devices by cursor past the capped count to the last device and back, and a search starts again on the first page', async () => {
    const devices = Array.from({ length: 65 }, (_, i) => ({
      id: `d-${i}`,
      name: `Phone ${i}`,
      displayName: `Phone ${i}`,
      modelCode: null,
      osVersion: null,
      crashReporterKey: null,
      lastInspectionAt: null,
      inspections: 0,
      openIncidents: 0,
      severity: 'none' as const,
    }));
    // The server counts to 40 here (10,000 in the API): "2+" pages, then the page number alone.
    const fake = host('/gluon', ANALYST, {
      getDevices: async (query) => ({
        ...fakeCursorPage(query.search ? devices.slice(0, 3) : devices, query),
        total: query.search ? 3 : 40,
        totalCapped: !query.search,
      }),
    });
    const next = () => screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(await screen.findByText('Page 1 of 2+ (40+ devices)')).toBeTruthy();
    await userEvent.click(next());
    expect(await screen.findByText('Page 2 of 2+ (40+ devices)')).toBeTruthy();
    await userEvent.click(next());
    expect(await screen.findByText('Page 3 (40+ devices)')).toBeTruthy();
    await userEvent.click(next());
    expect(await screen.findByText('Page 4 (40+ devices)')).toBeTruthy();
    expect(screen.getAllByTestId('device-row')).toHaveLength(5);
    expect(next().disabled).toBe(true);
    expect(screen.queryByText(/Pages end here/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 3 (40+ devices)')).toBeTruthy();
    expect(fake.getDevices.mock.calls.at(-1)![0]).toMatchObject({ before: 'c:60' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search devices' }), 'phone');
    await waitFor(() =>
      expect(fake.getDevices.mock.calls.at(-1)![0]).toEqual({
        size: 20,
        search: 'phone',
        after: undefined,
        before: undefined,
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});

const detail: DeviceDetail = {
  device: {
    id: 'd-1',
    name: 'iPhone14,2 · c0ffee00',
    displayName: 'iPhone 13 Pro · c0ffee00',
    modelCode: 'iPhone14,2',
    osVersion: 'iPhone OS 16.5',
    crashReporterKey: 'k',
    lastInspectionAt: NOW,
    inspections: 1,
    openIncidents: 1,
    severity: 'high',
  },
  inspections: [
    {
      id: 'n-1',
      origin: 'upload',
      fileId: 'f-1',
      fileName: 'sysdiagnose.tar.gz',
      status: 'done',
      progress: 100,
      error: null,
      ruleSetVersions: [{ id: 'r-1', name: 'DarkSword', version: '2025-01-01', revision: 1 }],
      observations: 40,
      findings: 1,
      newFindings: 1,
      heuristics: [
        {
          rule: 'shutdown.suspicious-path',
          message: 'Client running from /private/var/tmp/',
          source: 'shutdown.log',
          line: 3,
        },
      ],
      warnings: [],
      createdAt: NOW,
      finishedAt: NOW,
    },
  ],
  incidents: [
    {
      id: 'i-1',
      deviceId: 'd-1',
      deviceName: 'iPhone',
      deviceDisplayName: 'iPhone',
      familyId: 'm-1',
      familyName: 'DarkSword',
      state: 'open',
      severity: 'high',
      findings: 1,
      activeFindings: 1,
      createdAt: NOW,
      updatedAt: NOW,
    },
  ],
};

describe('device page', () => {
  const notFound = () => Promise.reject(apiFailure(404, 'no'));
  const deviceServer: Partial<GluonApi> = {
    getDevice: (id) => (id === 'd-1' ? Promise.resolve(detail) : notFound()),
    getProcesses: (id) =>
      id === 'd-1'
        ? Promise.resolve([
            {
              name: 'BackupAgent',
              firstSeen: NOW,
              lastSeen: NOW,
              sources: ['a/JetsamEvent.ips'],
              records: 1,
              incidents: [],
            },
          ])
        : notFound(),
    rescanDevice: (id) => (id === 'd-1' ? Promise.resolve() : notFound()),
    getDeviceFiles: (id) =>
      id === 'd-1'
        ? Promise.resolve([{ id: 'f-1', name: 'shutdown.log', sha256: 'cd'.repeat(32), size: 1638, uploadedAt: NOW }])
        : notFound(),
  };

  it('shows incidents, and the explorers and actions the token allows: no crash explorer without gln#cre#r', async () => {
    const fake = host('/devices/d-1', ANALYST, deviceServer);
    expect(await screen.findByRole('heading', { name: 'iPhone 13 Pro · c0ffee00' })).toBeTruthy();
    // A way back: Gluon › this device.
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Gluon' }).getAttribute('href')).toBe('/gluon');
    expect(trail.textContent).toContain('iPhone 13 Pro · c0ffee00');
    expect(screen.getByRole('link', { name: 'DarkSword' }).getAttribute('href')).toBe('/incident-management/i-1');
    expect(screen.getByText(/iPhone 13 Pro \(iPhone14,2\) · iPhone OS 16\.5/)).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Incidents (1)', 'Links and domains', 'Inspections', 'Process explorer', 'Files']);
    await userEvent.click(screen.getByRole('tab', { name: 'Process explorer' }));
    expect(await within(await screen.findByTestId('process-explorer')).findByText('BackupAgent')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Inspections' }));
    expect(screen.getByText('Client running from /private/var/tmp/')).toBeTruthy();
    // The rule-set version that names a day reads as a date in the user's format.
    expect(screen.getByText('DarkSword 01/01/2025')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Rescan' }));
    expect(await screen.findByTestId('rescan-status')).toBeTruthy();
    expect(fake.rescanDevice.mock.calls).toEqual([['d-1']]);
    // A file's size in words (downloads keep MB with two decimals, spec §9).
    await userEvent.click(screen.getByRole('tab', { name: 'Files' }));
    expect(within(await screen.findByTestId('device-files')).getByText('1.6 KB')).toBeTruthy();
  });

  it('has a crash explorer with gln#cre#r and no rescan without gln#rsn#r', async () => {
    host('/devices/d-1', ['gln#rpt#r', 'gln#cre#r'], { ...deviceServer, getCrashes: async () => [] });
    await screen.findByRole('heading', { name: 'iPhone 13 Pro · c0ffee00' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Incidents (1)',
      'Links and domains',
      'Inspections',
      'Crash explorer',
    ]);
    expect(screen.queryByRole('button', { name: 'Rescan' })).toBeNull();
  });

  it('opens a crash report as indented text, and another one after it', async () => {
    const crashes = [
      {
        inspectionId: 'n-1',
        path: 'logs/JetsamEvent-1.ips',
        observations: 2,
        error: null,
        processes: ['BackupAgent'],
        at: NOW,
        uploadedAt: NOW,
      },
      {
        inspectionId: 'n-1',
        path: 'logs/Other.ips',
        observations: 1,
        error: null,
        processes: ['kernel'],
        at: NOW,
        uploadedAt: NOW,
      },
    ];
    const fake = host('/devices/d-1', ['gln#rpt#r', 'gln#cre#r'], {
      ...deviceServer,
      getCrashes: async () => crashes,
      getCrashContent: async (_id, crash) =>
        crash.path.endsWith('JetsamEvent-1.ips') ? '{"bug_type":"298"}\n{"pid":412}' : 'plain text',
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Crash explorer' }));
    const [first, second] = await within(await screen.findByTestId('crash-explorer')).findAllByRole('button', {
      name: 'Open',
    });
    await userEvent.click(first!);
    const report = await screen.findByRole('region', { name: 'Crash report JetsamEvent-1.ips' });
    expect(report.textContent).toContain('"bug_type": "298"');
    expect(report.textContent).toContain('"pid": 412');
    await userEvent.click(second!);
    expect((await screen.findByRole('region', { name: 'Crash report Other.ips' })).textContent).toContain('plain text');
    expect(fake.getCrashContent.mock.calls).toEqual([
      ['d-1', crashes[0]],
      ['d-1', crashes[1]],
    ]);
  });

  it('without gln#rpt#r: says so and asks the server nothing', async () => {
    const fake = host('/devices/d-1', ['gln#upl#w'], deviceServer);
    expect(await screen.findByText('Your account cannot view devices.')).toBeTruthy();
    expect(callsTo(fake)).toEqual([]);
  });
});

describe('incident page', () => {
  const incident: IncidentDetail = {
    ...detail.incidents[0]!,
    familyDescription: 'DarkSword steals iCloud data through a chain of WebKit exploits.',
    familyReferences: [{ source: 'Lookout', url: 'https://www.lookout.com/threat-intelligence/darksword' }],
    evidence: [
      {
        id: 'f-1',
        indicatorId: 'indicator--1',
        indicatorType: 'file:path',
        indicatorValue: '/private/var/tmp/icloud_dump',
        pattern: "[file:path='/private/var/tmp/icloud_dump/']",
        ruleSetName: 'DarkSword',
        ruleSetVersion: '2025-01-01',
        route: 'path-prefix',
        kind: 'path',
        value: '/private/var/tmp/icloud_dump/helper',
        source: 'x/shutdown.log',
        line: 3,
        raw: 'remaining client pid: 412 (/private/var/tmp/icloud_dump/helper)',
        observedAt: NOW,
        inspectionId: 'n-1',
        suppressed: false,
        suppressionReason: null,
        createdAt: NOW,
      },
    ],
    timeline: [{ at: NOW, kind: 'opened', fromState: null, toState: 'open', comment: '1 finding', author: null }],
  };

  it('shows evidence and timeline; triage sends state and comment, a finding is marked false positive with a reason', async () => {
    let current = incident;
    const fake = host('/incident-management/i-1', ANALYST, {
      getIncident: async () => current,
      triageIncident: async (_id, change) => {
        current = {
          ...current,
          state: change.state,
          timeline: [
            ...current.timeline,
            {
              at: NOW,
              kind: 'triage',
              fromState: 'open',
              toState: change.state,
              comment: change.comment,
              author: 'ana@example.com',
            },
          ],
        };
        return current;
      },
      markFalsePositive: async (_findingId, reason) => {
        current = { ...current, evidence: [{ ...current.evidence[0]!, suppressed: true, suppressionReason: reason }] };
        return current;
      },
    });
    expect(await screen.findByRole('heading', { name: 'DarkSword on iPhone' })).toBeTruthy();
    expect(screen.getByText('remaining client pid: 412 (/private/var/tmp/icloud_dump/helper)')).toBeTruthy();
    expect(screen.getByText('shutdown.log:3')).toBeTruthy();
    expect(screen.getByText(/1 active finding ·/)).toBeTruthy();
    // Where the page sits: Gluon › the device › this incident, as links a new tab can open.
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Gluon' }).getAttribute('href')).toBe('/gluon');
    expect(within(trail).getByRole('link', { name: 'iPhone' }).getAttribute('href')).toBe(
      `/devices/${incident.deviceId}`,
    );
    expect(within(trail).getByText('DarkSword').getAttribute('aria-current')).toBe('page');

    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Confirmed with the owner');
    await userEvent.click(screen.getByRole('button', { name: 'Save triage' }));
    const triaged = await screen.findByText(/Open → Confirmed/);
    expect(triaged.closest('li')!.textContent).toContain('by ana@example.com');
    expect(fake.triageIncident.mock.calls).toEqual([
      ['i-1', { state: 'confirmed', comment: 'Confirmed with the owner' }],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Mark false positive' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Test device');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('evidence-row').dataset.suppressed).toBe('true'));
    expect(fake.markFalsePositive.mock.calls).toEqual([['f-1', 'Test device']]);
  });

  it('says how bad it is and what to do: severity, the action for each kind found, the family from the bundle', async () => {
    host('/incident-management/i-1', ['gln#rpt#r'], { getIncident: async () => incident });
    await screen.findByRole('heading', { name: 'DarkSword on iPhone' });
    expect(screen.getByText(/Severity/).querySelector('[data-status="high"]')!.textContent).toBe('High');
    const todo = screen.getByRole('region', { name: 'What to do' });
    // The finding is a path: the path's sentence, from common/ (every product says the same).
    expect(
      within(todo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([recommendedAction('path')]);
    const about = screen.getByRole('region', { name: 'About DarkSword' });
    expect(within(about).getByText(/WebKit exploits/)).toBeTruthy();
    const ref = within(about).getByRole('link', { name: 'Lookout' });
    expect(ref.getAttribute('href')).toBe('https://www.lookout.com/threat-intelligence/darksword');
    expect(ref.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('at 375 px the evidence is a card of "label: value" lines; a finding is marked false positive inside its card', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    try {
      let current = incident;
      host('/incident-management/i-1', ANALYST, {
        getIncident: async () => current,
        markFalsePositive: async (_findingId, reason) => {
          current = {
            ...current,
            evidence: [{ ...current.evidence[0]!, suppressed: true, suppressionReason: reason }],
          };
          return current;
        },
      });
      const card = await screen.findByTestId('evidence-row');
      expect(card.closest('.zo-table-cards')).not.toBeNull();
      // Paths wrap at their separators, not mid-word: the observed value carries break points.
      const observed = card.querySelectorAll('td')[1]!.querySelector('code')!;
      expect(observed.querySelectorAll('wbr').length).toBeGreaterThan(0);
      expect([...card.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual([
        'Seen',
        'Observed',
        'Source',
        'Indicator',
        'Rule set',
        'Action',
      ]);
      await userEvent.click(within(card).getByRole('button', { name: 'Mark false positive' }));
      await userEvent.type(within(card).getByRole('textbox', { name: 'Reason' }), 'Test device');
      await userEvent.click(within(card).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(screen.getByTestId('evidence-row').dataset.suppressed).toBe('true'));
      expect(within(screen.getByTestId('evidence-row')).getByText('False positive')).toBeTruthy();
      // Still open (reopened, or not yet closed by the API): the way to act again is named.
      const todo = screen.getByText(/^Nothing left to act on: every finding is marked a false positive\./);
      expect(todo.textContent).toContain(
        'To act on one again, undo it in the evidence below, or undo its suppression in the Global rules repository.',
      );
      expect(within(todo).getByRole('link', { name: 'Global rules repository' }).getAttribute('href')).toBe(
        '/globalrulesrepository',
      );
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  it('a finding marked false positive is undone from its row: the answer shows it active and the incident open again', async () => {
    let current: IncidentDetail = {
      ...incident,
      state: 'false_positive',
      activeFindings: 0,
      evidence: [{ ...incident.evidence[0]!, suppressed: true, suppressionReason: 'Test device' }],
    };
    const fake = host('/incident-management/i-1', ANALYST, {
      getIncident: async () => current,
      undoFalsePositive: async () => {
        current = { ...incident, state: 'open' };
        return current;
      },
    });
    const row = await screen.findByTestId('evidence-row');
    expect(row.dataset.suppressed).toBe('true');
    expect(within(row).getByTitle('Test device').textContent).toBe('False positive');
    await userEvent.click(within(row).getByRole('button', { name: 'Undo false positive' }));
    await waitFor(() => expect(screen.getByTestId('evidence-row').dataset.suppressed).toBe('false'));
    expect(fake.undoFalsePositive.mock.calls).toEqual([['f-1']]);
    expect(
      within(screen.getByTestId('evidence-row')).getByRole('button', { name: 'Mark false positive' }),
    ).toBeTruthy();
    expect(screen.getByText(/1 active finding ·/)).toBeTruthy();
  });

  it('an undo the API refuses (409: the whole indicator is suppressed) shows its reason by the finding, which stays marked', async () => {
    const marked: IncidentDetail = {
      ...incident,
      evidence: [{ ...incident.evidence[0]!, suppressed: true, suppressionReason: 'Whole indicator' }],
    };
    const message =
      'This finding is suppressed with its whole indicator: undo that suppression in the Global rules repository.';
    const fake = host('/incident-management/i-1', ANALYST, {
      getIncident: async () => marked,
      undoFalsePositive: () => Promise.reject(apiFailure(409, message)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Undo false positive' }));
    const row = screen.getByTestId('evidence-row');
    expect((await within(row).findByRole('alert')).textContent).toBe(message);
    expect(fake.undoFalsePositive.mock.calls).toHaveLength(1);
    expect(row.dataset.suppressed).toBe('true');
  });

  it('a false positive the API refuses (400) shows its message by the form, with no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const fake = host('/incident-management/i-1', ANALYST, {
        getIncident: async () => incident,
        markFalsePositive: () => Promise.reject(apiFailure(400, 'body/reason must NOT have more than 2000 characters')),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Mark false positive' }));
      const reason = screen.getByRole('textbox', { name: 'Reason' });
      // The input stops where the server's schema does (maxLength 2000).
      expect(reason.getAttribute('maxlength')).toBe('2000');
      await userEvent.type(reason, 'Test device');
      await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      expect((await screen.findByRole('alert')).textContent).toBe(
        'body/reason must NOT have more than 2000 characters',
      );
      expect(fake.markFalsePositive.mock.calls).toHaveLength(1);
      // The form stays open with the reason to correct; the finding is not marked.
      expect((screen.getByRole('textbox', { name: 'Reason' }) as HTMLInputElement).value).toBe('Test device');
      expect(screen.getByTestId('evidence-row').dataset.suppressed).toBe('false');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a reader (gln#rpt#r) sees the evidence without triage', async () => {
    host('/incident-management/i-1', ['gln#rpt#r'], {
      getIncident: async () => ({
        ...incident,
        evidence: [incident.evidence[0]!, { ...incident.evidence[0]!, id: 'f-2', suppressed: true }],
      }),
    });
    await screen.findByRole('heading', { name: 'DarkSword on iPhone' });
    expect(screen.queryByRole('form', { name: 'Triage' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark false positive' })).toBeNull();
    expect(screen.getByText('False positive')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo false positive' })).toBeNull();
    // No neutrino permission: no fleet link.
    expect(screen.queryByRole('link', { name: 'Other devices with this indicator' })).toBeNull();
  });

  it('a user who may hunt follows a finding to the other devices that observed its value (neutrino)', async () => {
    host('/incident-management/i-1', ['gln#rpt#r', 'ntr#hnt#r'], { getIncident: async () => incident });
    const link = await screen.findByRole('link', { name: 'Other devices with this indicator' });
    expect(link.getAttribute('href')).toBe(
      '/neutrino/campaigns/indicator/%2Fprivate%2Fvar%2Ftmp%2Ficloud_dump%2Fhelper',
    );
  });

  it("an address whose id is not an id reads as an unknown incident, not as the API's parameter message", async () => {
    host('/incident-management/nonsense', ['gln#rpt#r'], {
      getIncident: () => Promise.reject(apiFailure(400, 'params id must match format "uuid"')),
    });
    expect(await screen.findByText('Incident not found')).toBeTruthy();
    expect(screen.queryByText(/must match format/)).toBeNull();
  });

  it('without gln#rpt#r: says so and asks the server nothing', async () => {
    const fake = host('/incident-management/i-1', ['gln#upl#w'], { getIncident: async () => incident });
    expect(await screen.findByText('Your account cannot view incidents.')).toBeTruthy();
    expect(callsTo(fake)).toEqual([]);
  });
});
