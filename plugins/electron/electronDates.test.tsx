import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiClientToken } from '@core/api/ApiClient';
import { type LocaleService, LocaleServiceToken } from '@core/locale/LocaleService';
import { createFakeApiClient, type FakeApiHandlers } from '@core/testing/createFakeApiClient';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import type { MacDetail } from './api/getMac';
import { electronPlugin } from './index';
import { fakeArchive, fakeMac, MAC_ID } from './testing/fakeMacs';

// 18:29 UTC on 12/31 is 23:59 in UTC+05:30: only a page that uses the Options zone prints 31/12/2026 23:59.
const AT = '2026-12-31T18:29:00.000Z';
const mac = fakeMac({ openIncidents: 0, heuristics: 0, lastInspectionAt: AT });
const archive = fakeArchive({ findings: 0, heuristics: 0, createdAt: AT, finishedAt: AT });

async function open(path: string, handlers: FakeApiHandlers) {
  const fake = createFakeApiClient(handlers);
  const host = renderHost({
    plugins: [electronPlugin],
    token: makeTestToken(['elc#rpt#r']),
    path,
    services: [[ApiClientToken, fake.api]],
  });
  const locale = host.services.resolve<LocaleService>(LocaleServiceToken);
  await locale.ready();
  await locale.setTimeZone('IST');
  locale.setDateFormat('dd/MM/yyyy HH:mm');
  await waitFor(() => expect(locale.timeZone().offset).toBe(5.5));
}

describe('electron dates', () => {
  it('the archives list shows the upload time in the Options zone and format', async () => {
    await open('/electron', { 'GET /electron-backend/macs': () => ({ items: [mac], archives: [archive] }) });
    expect(await screen.findByText('31/12/2026 23:59')).toBeTruthy();
  });

  it("a Mac's timeline, downloads and archives show their times in the Options zone and format", async () => {
    const detail = {
      mac,
      security: { sip: true, gatekeeper: true, fileVault: null },
      heuristics: [],
      incidents: [],
      persistence: [],
      tcc: [],
      processes: [],
      network: [],
      downloads: [{ at: AT, agent: 'Safari', url: 'https://example.com/x.dmg', origin: null }],
      artefacts: [],
      warnings: [],
      archives: [archive],
    } as unknown as MacDetail;
    await open(`/electron/devices/${MAC_ID}`, {
      'GET /electron-backend/macs/{id}': () => detail,
      'GET /electron-backend/macs/{id}/timeline': () => ({
        items: [{ at: AT, source: 'Artifacts/raw/tcc_alex', kind: 'tcc', text: 'granted' }],
        total: 1,
        page: 0,
        size: 50,
      }),
    });
    expect(await screen.findByText('granted')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('31/12/2026 23:59').length).toBeGreaterThanOrEqual(3));
  });
});
