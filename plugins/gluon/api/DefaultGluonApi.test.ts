import 'reflect-metadata';

import { EMPTY } from 'rxjs';
import { container as rootContainer } from 'tsyringe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiClientToken } from '@core/api/ApiClient';
import { DefaultApiClient } from '@core/api/DefaultApiClient';
import {
  DOWNLOAD_ERROR,
  type DownloadItem,
  type DownloadRequest,
  type DownloadService,
  DownloadServiceToken,
} from '@core/downloads/DownloadService';
import { readCallFailure } from '@core/http/callFailure';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { registerCoreServices } from '@core/registerCoreServices';
import { SessionServiceToken } from '@core/session/SessionService';
import {
  captureSavedFiles,
  createFakeAxios,
  createFakeHttpService,
  type FakeHandler,
  type FakeRequest,
  type SavedFile,
} from '@core/testing';

import { FakeSessionService } from '../../../tests/harness/fakeSession';
import { makeTestToken } from '../../../tests/harness/tokens';
import { DefaultGluonApi } from './DefaultGluonApi';
import type { DeviceFile, GluonApi } from './GluonApi';

const ID = '11111111-1111-4111-8111-111111111111';

/** What a request carried, as the API reads it. */
const sent = (r: FakeRequest) => ({
  method: r.method,
  url: r.url,
  params: r.config.params as unknown,
  data: r.data,
  skipGlobalErrors: (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
});

/** The client over a fake HTTP service answering `reply` to every request, and a downloads panel that only records. */
function client(reply: unknown = null) {
  const { http, requests } = createFakeHttpService(() => ({ status: 200, data: reply }));
  const started: DownloadRequest[] = [];
  const downloads: DownloadService = {
    items$: EMPTY,
    dismiss: () => undefined,
    start: async (request) => void started.push(request),
  };
  return { api: new DefaultGluonApi(new DefaultApiClient(http), downloads), requests, started };
}

describe('DefaultGluonApi: each call as the API expects it', () => {
  const cases: Array<[string, (api: GluonApi) => Promise<unknown>, ReturnType<typeof sent>, unknown, unknown]> = [
    // [name, call, request, server's answer, what the call resolves]
    [
      'getDevices (a blank search and an unset cursor are not sent)',
      (api) => api.getDevices({ size: 20, search: '  ', after: undefined }),
      {
        method: 'GET',
        url: '/gluon-backend/devices',
        params: { size: 20 },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [] },
      { items: [] },
    ],
    [
      'getDevices (searched, after a cursor)',
      (api) => api.getDevices({ size: 20, search: ' iPhone ', after: 'abc' }),
      {
        method: 'GET',
        url: '/gluon-backend/devices',
        params: { size: 20, search: 'iPhone', after: 'abc' },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [] },
      { items: [] },
    ],
    [
      'getIncidentQueue (blank search and cursor are not sent)',
      (api) =>
        api.getIncidentQueue({ sort: 'family', order: 'asc', state: 'active', search: ' ', after: '', size: 25 }),
      {
        method: 'GET',
        url: '/gluon-backend/incidents',
        params: { sort: 'family', order: 'asc', state: 'active', size: 25 },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [], total: 0, next: null },
      { items: [], total: 0, next: null },
    ],
    [
      'getOverview',
      (api) => api.getOverview(),
      {
        method: 'GET',
        url: '/gluon-backend/overview',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { bySeverity: [] },
      { bySeverity: [] },
    ],
    [
      'getDevice',
      (api) => api.getDevice('d/1'),
      {
        method: 'GET',
        url: '/gluon-backend/devices/d%2F1',
        params: undefined,
        data: undefined,
        skipGlobalErrors: [404],
      },
      { device: {} },
      { device: {} },
    ],
    [
      'rescanDevice',
      (api) => api.rescanDevice('d-1'),
      {
        method: 'POST',
        url: '/gluon-backend/devices/d-1/rescan',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { queued: true },
      undefined,
    ],
    [
      'getProcesses',
      (api) => api.getProcesses('d-1', ' Backup '),
      {
        method: 'GET',
        url: '/gluon-backend/devices/d-1/processes',
        params: { search: 'Backup' },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      [],
      [],
    ],
    [
      'getPackages',
      (api) => api.getPackages('d-1', ' spy '),
      {
        method: 'GET',
        url: '/gluon-backend/devices/d-1/packages',
        params: { search: 'spy' },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { inspectionId: null, inspectedAt: null, total: 0, items: [] },
      { inspectionId: null, inspectedAt: null, total: 0, items: [] },
    ],
    [
      'getProperties',
      (api) => api.getProperties('d/1', ''),
      {
        method: 'GET',
        url: '/gluon-backend/devices/d%2F1/properties',
        params: {},
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { inspectionId: null, inspectedAt: null, total: 0, items: [] },
      { inspectionId: null, inspectedAt: null, total: 0, items: [] },
    ],
    [
      'getCrashes',
      (api) => api.getCrashes('d-1'),
      {
        method: 'GET',
        url: '/gluon-backend/devices/d-1/crashes',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
      },
      [],
      [],
    ],
    [
      'getCrashContent',
      (api) => api.getCrashContent('d-1', { inspectionId: 'n-1', path: 'a/b.ips' }),
      {
        method: 'GET',
        url: '/gluon-backend/devices/d-1/crashes/content',
        params: { inspectionId: 'n-1', path: 'a/b.ips' },
        data: undefined,
        skipGlobalErrors: [404, 422],
      },
      { text: 'report' },
      'report',
    ],
    [
      'getDeviceFiles',
      (api) => api.getDeviceFiles('d-1'),
      {
        method: 'GET',
        url: '/gluon-backend/devices/d-1/files',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
      },
      [],
      [],
    ],
    [
      'getIncident',
      (api) => api.getIncident('i-1'),
      {
        method: 'GET',
        url: '/gluon-backend/incidents/i-1',
        params: undefined,
        data: undefined,
        skipGlobalErrors: [404],
      },
      { id: 'i-1' },
      { id: 'i-1' },
    ],
    [
      'triageIncident',
      (api) => api.triageIncident('i-1', { state: 'benign', comment: 'ok' }),
      {
        method: 'POST',
        url: '/gluon-backend/incidents/i-1/triage',
        params: undefined,
        data: { state: 'benign', comment: 'ok' },
        skipGlobalErrors: [400],
      },
      { id: 'i-1' },
      { id: 'i-1' },
    ],
    [
      'markFalsePositive (answers the incident)',
      (api) => api.markFalsePositive('f-1', 'Test device'),
      {
        method: 'POST',
        url: '/gluon-backend/findings/f-1/falsePositive',
        params: undefined,
        data: { reason: 'Test device' },
        skipGlobalErrors: [400],
      },
      { suppression: {}, incident: { id: 'i-1' } },
      { id: 'i-1' },
    ],
    [
      'undoFalsePositive (answers the incident)',
      (api) => api.undoFalsePositive('f-1'),
      {
        method: 'DELETE',
        url: '/gluon-backend/findings/f-1/falsePositive',
        params: undefined,
        data: undefined,
        skipGlobalErrors: [409],
      },
      { findings: 1, reopenedIncidents: [], incident: { id: 'i-1' } },
      { id: 'i-1' },
    ],
    [
      'getUploads (before a cursor)',
      (api) => api.getUploads({ size: 20, before: 'xyz' }),
      {
        method: 'GET',
        url: '/gluon-backend/uploads',
        params: { size: 20, before: 'xyz' },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [] },
      { items: [] },
    ],
    [
      'getCollectorLinks (unset values are not sent)',
      (api) => api.getCollectorLinks({ page: 0, size: 20, filter: 'field', sort: undefined, order: 'desc' }),
      {
        method: 'GET',
        url: '/gluon-backend/query-api/sharedExtractorLinks',
        params: { page: 0, size: 20, filter: 'field', order: 'desc' },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [] },
      { items: [] },
    ],
    [
      'createCollectorLink',
      (api) => api.createCollectorLink({ name: 'Kiosk', maxInstalls: 1, expiresAt: null }),
      {
        method: 'POST',
        url: '/gluon-backend/sharedExtractorLinks',
        params: undefined,
        data: { name: 'Kiosk', maxInstalls: 1, expiresAt: null },
        skipGlobalErrors: [403],
      },
      { link: { id: ID }, token: 't', url: 'u' },
      { link: { id: ID }, token: 't', url: 'u' },
    ],
    [
      'setCollectorLinkActive',
      (api) => api.setCollectorLinkActive(ID, false),
      {
        method: 'PATCH',
        url: `/gluon-backend/sharedExtractorLinks/${ID}`,
        params: undefined,
        data: { active: false },
        skipGlobalErrors: [403],
      },
      { id: ID },
      { id: ID },
    ],
    [
      'getLinkInstalls (the items)',
      (api) => api.getLinkInstalls(ID),
      {
        method: 'GET',
        url: `/gluon-backend/sharedExtractorLinks/${ID}/installs`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [{ id: 'i1' }] },
      [{ id: 'i1' }],
    ],
    [
      'createQuickLink (the URL)',
      (api) => api.createQuickLink('MAC'),
      {
        method: 'POST',
        url: '/gluon-backend/extractors/quickLink',
        params: undefined,
        data: { os: 'MAC' },
        skipGlobalErrors: [403],
      },
      { url: 'http://q', os: 'MAC' },
      'http://q',
    ],
  ];

  it.each(cases)('%s', async (_name, call, request, reply, result) => {
    const { api, requests } = client(reply);
    expect(await call(api)).toEqual(result);
    expect(requests.map(sent)).toEqual([request]);
  });

  it('upload: the file as raw bytes with its name, its progress, and the refusals the page shows itself', async () => {
    const { api, requests } = client({ upload: { inspectionId: 'n-1' }, duplicate: false });
    const file = new File(['abc'], 'sysdiagnose.tar.gz');
    const progress = vi.fn();
    expect(await api.upload(file, progress)).toEqual({ upload: { inspectionId: 'n-1' }, duplicate: false });
    const [request] = requests;
    expect(sent(request!)).toEqual({
      method: 'POST',
      url: '/gluon-backend/uploads',
      params: { name: 'sysdiagnose.tar.gz' },
      data: file,
      skipGlobalErrors: [400, 403, 413, 415, 422],
    });
    expect(request!.headers['Content-Type']).toBe('application/octet-stream');
    request!.config.onUploadProgress?.({ loaded: 2, bytes: 2, lengthComputable: false });
    expect(progress).toHaveBeenCalledWith(2, 3);
    expect(request!.headers['X-Backup-Password']).toBeUndefined();
  });

  it("upload: an encrypted backup's password in its header, percent-encoded (a header is ASCII)", async () => {
    const { api, requests } = client({ upload: { inspectionId: 'n-2' }, duplicate: false });
    await api.upload(new File(['abc'], 'backup.zip'), vi.fn(), undefined, { backupPassword: 'pässword 1' });
    expect(requests[0]!.headers['X-Backup-Password']).toBe('p%C3%A4ssword%201');
  });

  it('downloads go through the downloads panel: a file, a report, an installer', async () => {
    const { api, started, requests } = client();
    const file: DeviceFile = {
      id: 'f/1',
      name: 'sysdiagnose.tar.gz',
      size: 1,
      sha256: 'ab',
      uploadedAt: '2026-11-23T05:00:00Z',
    };
    await api.downloadFile(file);
    await api.downloadReport('d-1', 'iPhone14,2 · c0ffee00', 'stix');
    await api.downloadLinkInstaller(ID, 'WIN');
    expect(requests).toEqual([]);
    expect(started).toEqual([
      {
        type: 'file',
        titleMessage: 'Downloading file',
        message: 'sysdiagnose.tar.gz',
        fileName: 'sysdiagnose.tar.gz',
        request: { method: 'GET', url: '/gluon-backend/files/f%2F1' },
      },
      {
        type: 'file',
        titleMessage: 'Downloading report',
        message: 'gluon-iPhone14_2_c0ffee00-findings.stix2.json',
        fileName: 'gluon-iPhone14_2_c0ffee00-findings.stix2.json',
        request: { method: 'GET', url: '/gluon-backend/devices/d-1/report', params: { format: 'stix' } },
      },
      {
        type: 'enterprise_installer',
        titleMessage: 'Installer for Windows',
        fileName: 'connector-windows.exe',
        request: {
          method: 'GET',
          url: `/gluon-backend/sharedExtractorLinks/${ID}/installerExtractor`,
          params: { os: 'WIN' },
          skipGlobalErrors: [403],
        },
      },
    ]);
  });
});

/** The client over the console's real HTTP and downloads services (the session's bearer, blobs, the panel). */
function realStack(handler: FakeHandler) {
  const fake = createFakeAxios(handler);
  const services = rootContainer.createChildContainer();
  registerCoreServices(services, {
    services: [
      [SessionServiceToken, new FakeSessionService(makeTestToken(['gln#ext#r']))],
      [NavigationServiceToken, new MemoryNavigationService('/gluon/collector-links')],
    ],
    axios: fake.axios,
  });
  const downloads = services.resolve(DownloadServiceToken);
  let panels: readonly DownloadItem[] = [];
  downloads.items$.subscribe((items) => (panels = items));
  return {
    api: new DefaultGluonApi(services.resolve(ApiClientToken), downloads),
    requests: fake.requests,
    panels: () => panels,
  };
}

describe("DefaultGluonApi: a link's installer through the downloads service", () => {
  let saved: SavedFile[];
  beforeEach(() => {
    saved = captureSavedFiles();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for a blob with the bearer and saves it under the name the answer gives', async () => {
    const { api, requests } = realStack((r) => ({
      status: 200,
      data: new Blob(['x']),
      headers: {
        'content-disposition': `attachment; filename="${r.config.params?.os === 'WIN' ? 'Connector.exe' : 'Connector.pkg'}"`,
      },
    }));
    await api.downloadLinkInstaller(ID, 'WIN');
    await api.downloadLinkInstaller(ID, 'MAC');
    expect(saved.map((file) => file.name)).toEqual(['Connector.exe', 'Connector.pkg']);
    expect(requests.map((r) => [r.method, r.url, r.config.params])).toEqual([
      ['GET', `/gluon-backend/sharedExtractorLinks/${ID}/installerExtractor`, { os: 'WIN' }],
      ['GET', `/gluon-backend/sharedExtractorLinks/${ID}/installerExtractor`, { os: 'MAC' }],
    ]);
    expect(requests[0]!.config.responseType).toBe('blob');
    expect(requests[0]!.headers.Authorization).toMatch(/^Bearer /);
  });

  it("a refusal marks the panel 'Error - File Not Found' and rejects with the API's reason in the Blob", async () => {
    const { api, panels } = realStack(() => ({
      status: 404,
      data: new Blob([JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'The link does not exist.' })]),
    }));
    const failure = await api.downloadLinkInstaller(ID, 'MAC').then(
      () => null,
      (error: unknown) => error,
    );
    expect(await readCallFailure(failure)).toEqual({ status: 404, message: 'The link does not exist.' });
    expect(panels()).toMatchObject([
      { type: 'enterprise_installer', titleMessage: 'Installer for macOS', error: DOWNLOAD_ERROR },
    ]);
    expect(saved).toEqual([]);
  });
});
