import { EMPTY } from 'rxjs';
import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import type { DownloadRequest, DownloadService } from '@core/downloads/DownloadService';
import { createFakeHttpService, type FakeRequest } from '@core/testing';

import { DefaultMonitoringApi } from './DefaultMonitoringApi';
import type { MonitoringApi } from './MonitoringApi';

const sent = (r: FakeRequest) => ({ method: r.method, url: r.url, params: r.config.params as unknown, data: r.data });

function client(reply: unknown = null) {
  const { http, requests } = createFakeHttpService(() => ({ status: 200, data: reply }));
  const started: DownloadRequest[] = [];
  const downloads: DownloadService = {
    items$: EMPTY,
    dismiss: () => undefined,
    start: async (request) => void started.push(request),
  };
  return { api: new DefaultMonitoringApi(new DefaultApiClient(http), downloads), requests, started };
}

describe('DefaultMonitoringApi: each call as the API expects it', () => {
  const cases: Array<[string, (api: MonitoringApi) => Promise<unknown>, ReturnType<typeof sent>]> = [
    [
      'getOverview',
      (api) => api.getOverview(90),
      { method: 'GET', url: '/monitoring-backend/overview', params: { days: 90 }, data: undefined },
    ],
    [
      'getAlerts (a blank search is not sent)',
      (api) => api.getAlerts({ page: 1, size: 20, search: ' ', severity: 'high' }),
      {
        method: 'GET',
        url: '/monitoring-backend/alerts',
        params: { page: 1, size: 20, severity: 'high' },
        data: undefined,
      },
    ],
    [
      'setAlertStatus',
      (api) => api.setAlertStatus('a/1', 'resolved'),
      {
        method: 'PUT',
        url: '/monitoring-backend/alerts/a%2F1/status',
        params: undefined,
        data: { status: 'resolved' },
      },
    ],
    [
      'getOverview (a week)',
      (api) => api.getOverview(7),
      { method: 'GET', url: '/monitoring-backend/overview', params: { days: 7 }, data: undefined },
    ],
    [
      'getFamilies',
      (api) => api.getFamilies(),
      { method: 'GET', url: '/monitoring-backend/families', params: undefined, data: undefined },
    ],
    [
      'deleteRule',
      (api) => api.deleteRule('r1'),
      { method: 'DELETE', url: '/monitoring-backend/rules/r1', params: undefined, data: undefined },
    ],
    [
      'resubscribe',
      (api) => api.resubscribe('a@example.com', null),
      {
        method: 'POST',
        url: '/monitoring-backend/unsubscribed/resubscribe',
        params: undefined,
        data: { email: 'a@example.com', ruleId: null },
      },
    ],
    [
      'getDeliveries',
      (api) => api.getDeliveries(2),
      { method: 'GET', url: '/monitoring-backend/deliveries', params: { page: 2, size: 20 }, data: undefined },
    ],
  ];
  it.each(cases)('%s', async (_name, call, request) => {
    const { api, requests } = client({ id: 'x' });
    await call(api);
    expect(requests.map(sent)).toEqual([request]);
  });

  it('exports the filtered alerts (not the page) through the downloads panel', async () => {
    const { api, started } = client();
    await api.exportAlerts({ page: 3, size: 20, status: 'active' });
    expect(started).toEqual([
      expect.objectContaining({
        fileName: 'monitoring-alerts.csv',
        request: { method: 'GET', url: '/monitoring-backend/alerts/export', params: { status: 'active' } },
      }),
    ]);
  });
});
