import type { AxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { HttpService } from '../http/HttpService';
import { captureSavedFiles, type SavedFile } from '../testing/captureSavedFiles';
import { createFakeAxios, type FakeHandler } from '../testing/createFakeAxios';
import { createGate } from '../testing/createGate';
import { DefaultDownloadService, formatProgress } from './DefaultDownloadService';
import { DOWNLOAD_ERROR, type DownloadItem, formatMegabytes } from './DownloadService';
import { fileNameFromContentDisposition } from './saveBlob';

const MB = 1024 * 1024;

/** Just enough HttpService for downloads: the request goes to the fake server. */
function httpOver(handler: FakeHandler): {
  http: HttpService;
  requests: ReturnType<typeof createFakeAxios>['requests'];
} {
  const { axios, requests } = createFakeAxios(handler);
  const http = { axios, request: (config: AxiosRequestConfig) => axios.request(config) } as unknown as HttpService;
  return { http, requests };
}

function latest(service: DefaultDownloadService): readonly DownloadItem[] {
  let items: readonly DownloadItem[] = [];
  service.items$.subscribe((v) => (items = v)).unsubscribe();
  return items;
}

let saved: SavedFile[];
beforeEach(() => {
  saved = captureSavedFiles();
});
afterEach(() => vi.restoreAllMocks());

describe('formatting', () => {
  it.each([
    [0, '0.00'],
    [1.5 * MB, '1.50'],
    [1234567, '1.18'],
    [10 * MB + 4000, '10.00'],
  ])('%d bytes -> %s MB', (bytes, text) => {
    expect(formatMegabytes(bytes)).toBe(text);
  });

  it('progress text with and without a known total', () => {
    expect(formatProgress({ loaded: 0.5 * MB, total: 2 * MB })).toBe('0.50 MB / 2.00 MB');
    expect(formatProgress({ loaded: 0.25 * MB })).toBe('0.25 MB');
  });

  it.each([
    ['attachment; filename="collector.pkg"', 'collector.pkg'],
    ["attachment; filename*=UTF-8''Collector%20Setup.exe", 'Collector Setup.exe'],
    ['attachment; filename=plain.zip', 'plain.zip'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['inline', null],
    [undefined, null],
  ])('file name from %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });
});

describe('DefaultDownloadService', () => {
  it('shows progress while receiving, then saves the file and removes the panel', async () => {
    const gate = createGate();
    const { http, requests } = httpOver(async (req) => {
      req.config.onDownloadProgress?.({ loaded: 0.5 * MB, total: 2 * MB, bytes: 0.5 * MB, lengthComputable: true });
      await gate.opened;
      return {
        status: 200,
        data: new Blob(['x'.repeat(16)]),
        headers: { 'content-disposition': 'attachment; filename="jamf-collector.pkg"' },
      };
    });
    const service = new DefaultDownloadService(http);
    const done = service.start({
      type: 'collector',
      titleMessage: 'Downloading collector',
      request: { method: 'POST', url: '/gluon-backend/sharedExtractorLinks/abc', data: { fullName: 'Ann' } },
      fileName: 'collector.zip',
    });
    await vi.waitFor(() => expect(latest(service)[0]?.loaded).toBe(0.5 * MB));
    const item = latest(service)[0]!;
    expect(item).toMatchObject({
      type: 'collector',
      titleMessage: 'Downloading collector',
      total: 2 * MB,
      done: false,
    });
    expect(formatProgress(item)).toBe('0.50 MB / 2.00 MB');
    expect(requests[0]!.config.responseType).toBe('blob');

    gate.open();
    await done;
    expect(saved).toEqual([{ name: 'jamf-collector.pkg', href: 'blob:fake/1' }]);
    expect(latest(service)).toEqual([]);
  });

  it('uses the given file name when the answer names none', async () => {
    const { http } = httpOver(() => ({ status: 200, data: new Blob(['a']) }));
    const service = new DefaultDownloadService(http);
    await service.start({
      type: 'quick_link',
      titleMessage: 'Quick link',
      request: { url: '/q' },
      fileName: 'connector.exe',
    });
    expect(saved.map((s) => s.name)).toEqual(['connector.exe']);
  });

  it('a failure marks the panel with the error and keeps it until dismissed', async () => {
    const { http } = httpOver(() => ({ status: 404 }));
    const service = new DefaultDownloadService(http);
    await expect(
      service.start({
        type: 'enterprise_installer',
        titleMessage: 'Installer',
        request: { url: '/missing' },
        fileName: 'a.pkg',
      }),
    ).rejects.toThrow();
    const [item] = latest(service);
    expect(item).toMatchObject({ error: DOWNLOAD_ERROR, done: true });
    expect(DOWNLOAD_ERROR).toBe('Error - File Not Found');
    expect(saved).toEqual([]);
    service.dismiss(item!.id);
    expect(latest(service)).toEqual([]);
  });

  it('stacks several downloads, newest last', async () => {
    const gates: Array<() => void> = [];
    const { http } = httpOver(
      () => new Promise((resolve) => gates.push(() => resolve({ status: 200, data: new Blob(['z']) }))),
    );
    const service = new DefaultDownloadService(http);
    const a = service.start({ type: 'file', titleMessage: 'A', request: { url: '/a' }, fileName: 'a' });
    const b = service.start({ type: 'file', titleMessage: 'B', request: { url: '/b' }, fileName: 'b' });
    expect(latest(service).map((i) => i.titleMessage)).toEqual(['A', 'B']);
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[0]!();
    await a;
    expect(latest(service).map((i) => i.titleMessage)).toEqual(['B']);
    gates[1]!();
    await b;
  });
});
