import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { DefaultDownloadService } from '@core/downloads/DefaultDownloadService';
import { captureSavedFiles, createFakeHttpService, type FakeHandler, type FakeRequest } from '@core/testing';

import { DefaultCollectorApi } from './DefaultCollectorApi';

const MB = 1024 * 1024;
const options = (r: FakeRequest) => ({
  authMode: (r.config as { authMode?: unknown }).authMode,
  skipGlobalErrors: (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
});

/** The client over a fake HTTP service and the real downloads panel (its items and what it saves). */
function client(handler: FakeHandler) {
  const { http, requests } = createFakeHttpService(handler);
  const downloads = new DefaultDownloadService(http);
  return {
    api: new DefaultCollectorApi(new DefaultApiClient(http), downloads),
    downloads,
    requests,
    saved: captureSavedFiles(),
  };
}

afterEach(() => vi.restoreAllMocks());

describe('DefaultCollectorApi', () => {
  it('validateLink asks the link check, public, the page showing its own errors', async () => {
    const { api, requests } = client(() => ({
      status: 200,
      data: { valid: true, remainingInstalls: 3, expiresAt: null },
    }));
    expect(await api.validateLink('a/b')).toEqual({ valid: true, remainingInstalls: 3, expiresAt: null });
    expect(requests.map((r) => [r.method, r.url, r.data, options(r)])).toEqual([
      [
        'GET',
        '/gluon-backend/sharedExtractorLinks/a%2Fb/validate',
        undefined,
        { authMode: { kind: 'public' }, skipGlobalErrors: true },
      ],
    ]);
  });

  it('downloadConnector posts the details (public) and downloads through the panel: progress in MB, saved under the server name, panel removed', async () => {
    let progress: Promise<unknown> = Promise.resolve();
    const { api, downloads, requests, saved } = client((request) => {
      request.config.onDownloadProgress?.({ loaded: 1.5 * MB, total: 3 * MB, bytes: 1.5 * MB, lengthComputable: true });
      progress = firstValueFrom(downloads.items$);
      return {
        status: 200,
        data: new Blob(['installer bytes']),
        headers: { 'content-disposition': 'attachment; filename="Connector Setup.exe"' },
      };
    });
    await api.downloadConnector('link-1', { fullName: 'Ada Lovelace', email: 'ada@example.com', os: 'WIN' });
    expect(await progress).toEqual([
      expect.objectContaining({
        type: 'collector',
        titleMessage: 'Connector for Windows',
        loaded: 1.5 * MB,
        total: 3 * MB,
        done: false,
      }),
    ]);
    expect(requests.map((r) => [r.method, r.url, r.data, options(r)])).toEqual([
      [
        'POST',
        '/gluon-backend/sharedExtractorLinks/link-1',
        { fullName: 'Ada Lovelace', email: 'ada@example.com', os: 'WIN' },
        { authMode: { kind: 'public' }, skipGlobalErrors: true },
      ],
    ]);
    expect(saved.map((file) => file.name)).toEqual(['Connector Setup.exe']);
    expect(await firstValueFrom(downloads.items$)).toEqual([]);
  });

  it("a failed download rejects, the panel keeping 'Error - File Not Found'; nothing is saved", async () => {
    const { api, downloads, saved } = client(() => ({
      status: 500,
      data: new Blob([JSON.stringify({ message: 'Internal Server Error' })]),
    }));
    await expect(
      api.downloadConnector('link-1', { fullName: 'Ada', email: 'ada@example.com', os: 'MAC' }),
    ).rejects.toMatchObject({ response: { status: 500 } });
    expect(await firstValueFrom(downloads.items$)).toEqual([
      expect.objectContaining({ titleMessage: 'Connector for macOS', error: 'Error - File Not Found', done: true }),
    ]);
    expect(saved).toEqual([]);
  });

  it('quickDownload gets the installer with the quick-link token as bearer, saved under the server name (else a name by OS)', async () => {
    // The first answer names its file, the second does not.
    const names = ['attachment; filename="Connector.pkg"'];
    const { api, requests, saved } = client(() => {
      const disposition = names.shift();
      const headers: Record<string, string> = disposition ? { 'content-disposition': disposition } : {};
      return { status: 200, data: new Blob(['x']), headers };
    });
    await api.quickDownload('quick-token', 'MAC');
    await api.quickDownload('quick-token', 'WIN');
    expect(requests.map((r) => [r.method, r.url, options(r)])).toEqual([
      [
        'GET',
        '/gluon-backend/extractors/quickdownload',
        { authMode: { kind: 'quickLink', token: 'quick-token' }, skipGlobalErrors: true },
      ],
      [
        'GET',
        '/gluon-backend/extractors/quickdownload',
        { authMode: { kind: 'quickLink', token: 'quick-token' }, skipGlobalErrors: true },
      ],
    ]);
    expect(saved.map((file) => file.name)).toEqual(['Connector.pkg', 'connector-windows.exe']);
  });
});
