import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { definePlugin } from '@core/plugin/PluginManifest';
import { apiFailure, createGate, fakeService } from '@core/testing';
import { type Toast, type ToastService, ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../../../../tests/harness/renderHost';
import { type GluonApi, GluonApiToken } from '../../api/GluonApi';
import { ReportExport } from './ReportExport';

/** The component alone on a public test page, over a fake client and the host's own toasts. */
function host(methods: Partial<GluonApi>) {
  const page = definePlugin({
    id: 'report-test',
    title: 'Report test',
    kind: 'public',
    requires: [],
    routes: [
      {
        path: '/report-test',
        page: async () => ({ default: () => <ReportExport deviceId="d-1" deviceName="iPhone 13 Pro" /> }),
      },
    ],
  });
  const fake = fakeService<GluonApi>('GluonApi', methods);
  const h = renderHost({ plugins: [page], path: '/report-test', services: [[GluonApiToken, fake]] });
  const toasts = () => {
    let list: readonly Toast[] = [];
    h.services
      .resolve<ToastService>(ToastServiceToken)
      .toasts$.subscribe((value) => (list = value))
      .unsubscribe();
    return list;
  };
  return { fake, toasts };
}

describe('ReportExport', () => {
  it('says "Preparing…" in place while the report is built, then saved, in place and as a toast', async () => {
    const gate = createGate();
    const { fake, toasts } = host({ downloadReport: () => gate.opened });
    await userEvent.click(await screen.findByRole('button', { name: 'Report CSV' }));
    expect(screen.getByTestId('report-export-status').textContent).toBe('Preparing the CSV report of iPhone 13 Pro…');
    // The other formats wait for this one; a second click on it sends nothing more.
    expect((screen.getByRole('button', { name: 'Report JSON' }) as HTMLButtonElement).disabled).toBe(true);
    gate.open();
    await waitFor(() =>
      expect(screen.getByTestId('report-export-status').textContent).toBe(
        'CSV report of iPhone 13 Pro saved to your downloads.',
      ),
    );
    expect(fake.downloadReport.mock.calls).toEqual([['d-1', 'iPhone 13 Pro', 'csv']]);
    expect(toasts()).toEqual([
      expect.objectContaining({
        intent: 'success',
        title: 'Report exported',
        message: 'CSV report of iPhone 13 Pro saved to your downloads.',
      }),
    ]);
  });

  it("says when an export failed, with the server's reason for a 4xx, and offers to try again", async () => {
    let attempts = 0;
    const { fake, toasts } = host({
      downloadReport: async () => {
        attempts += 1;
        if (attempts === 1) throw apiFailure(404, 'Device not found');
        if (attempts === 2) throw apiFailure(503, 'upstream timeout at 10.0.0.3');
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'STIX sightings' }));
    await waitFor(() =>
      expect(screen.getByTestId('report-export-status').textContent).toContain(
        'The STIX sightings could not be exported. Device not found',
      ),
    );
    expect(toasts()).toEqual([
      expect.objectContaining({
        intent: 'error',
        message: 'The STIX sightings could not be exported. Device not found',
      }),
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // A 5xx's text says nothing the user can act on.
    await waitFor(() =>
      expect(screen.getByTestId('report-export-status').textContent).toContain(
        'The STIX sightings could not be exported. Try again.',
      ),
    );
    expect(fake.downloadReport.mock.calls).toHaveLength(2);
  });
});
