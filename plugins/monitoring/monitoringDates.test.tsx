import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { type LocaleService, LocaleServiceToken } from '@core/locale/LocaleService';
import { fakeService } from '@core/testing';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { type Alert, type MonitoringApi, MonitoringApiToken } from './api/MonitoringApi';
import { monitoringPlugin } from './index';

const ALERT: Alert = {
  id: 'a1',
  category: 'incident',
  severity: 'high',
  title: 'New incident: DarkSword on iPhone 13 Pro · c0ffee00',
  deviceId: 'd1',
  deviceName: 'iPhone14,2 · c0ffee00',
  deviceDisplayName: 'iPhone 13 Pro · c0ffee00',
  familyId: 'malware--dark',
  familyName: 'DarkSword',
  incidentId: 'i1',
  inspectionId: null,
  huntId: null,
  firstSeen: '2026-12-31T18:29:00.000Z',
  lastSeen: '2026-12-31T18:29:00.000Z',
  status: 'acknowledged',
  statusBy: 'me@example.com',
  statusAt: '2026-12-31T18:29:00.000Z',
  statusReason: null,
  owner: null,
};

/** Monitoring's dates follow Options (spec §4): the chosen zone and date format, not the browser's. */
describe('monitoring dates', () => {
  async function open(path: string, perms: string[]) {
    const api = fakeService<MonitoringApi>('MonitoringApi', {
      getAlerts: async () => ({ items: [ALERT], total: 1, page: 0, size: 20 }),
      getRules: async () => [],
      getUnsubscribed: async () => [
        { email: 'gone@example.com', ruleId: null, ruleName: null, at: '2026-12-31T18:29:00.000Z' },
      ],
      getDeliveries: async () => ({ items: [], total: 0, page: 0, size: 20 }),
      getSilences: async () => [
        {
          id: 's1',
          ruleId: null,
          deviceId: 'd1',
          deviceName: 'iPhone14,2 · c0ffee00',
          deviceDisplayName: 'iPhone 13 Pro · c0ffee00',
          startsAt: '2026-12-31T10:00:00.000Z',
          endsAt: '2026-12-31T18:29:00.000Z',
          reason: 'Lab',
          createdBy: null,
        },
      ],
      getDeviceGroups: async () => [],
    });
    const host = renderHost({
      plugins: [monitoringPlugin],
      token: makeTestToken(perms),
      path,
      services: [[MonitoringApiToken, api]],
    });
    const locale = host.services.resolve<LocaleService>(LocaleServiceToken);
    await locale.ready();
    await locale.setTimeZone('IST');
    locale.setDateFormat('dd/MM/yyyy HH:mm');
    await waitFor(() => expect(locale.timeZone().offset).toBe(5.5));
  }

  it('the alerts list shows first seen, last seen and status time in the Options zone and format', async () => {
    await open('/monitoring/alerts', ['mnt#rpt#rw']);
    await waitFor(() => expect(screen.getAllByText('31/12/2026 23:59')).toHaveLength(2));
    expect(screen.getByText('me@example.com, 31/12/2026 23:59')).toBeTruthy();
  });

  it('the settings page shows unsubscriptions and silences in the Options zone and format', async () => {
    await open('/monitoring/settings', ['mnt#cfg#rw']);
    expect(await screen.findByText(/since 31\/12\/2026 23:59/)).toBeTruthy();
    expect(await screen.findByText(/until 31\/12\/2026 23:59/)).toBeTruthy();
  });
});
