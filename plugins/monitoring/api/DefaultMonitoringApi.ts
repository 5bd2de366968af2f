import type { ApiClient } from '@core/api/ApiClient';
import type { DownloadService } from '@core/downloads/DownloadService';

import type {
  Alert,
  AlertPage,
  AlertQuery,
  AlertStatus,
  CreatedRule,
  DeliveryPage,
  DeviceGroup,
  Family,
  MonitoringApi,
  NewDeviceGroup,
  NewRule,
  NewSilence,
  Overview,
  OverviewDays,
  Rule,
  Silence,
  Unsubscribed,
} from './MonitoringApi';

/** Only the query values that say something: a blank search or an unset filter is not sent. */
function given<Q extends object>(query: Q): Partial<Q> {
  const params: Partial<Q> = {};
  for (const key of Object.keys(query) as Array<keyof Q>) {
    const value = query[key];
    const kept = typeof value === 'string' ? value.trim() : value;
    if ((typeof kept === 'string' && kept !== '') || typeof kept === 'number') params[key] = kept as Q[keyof Q];
  }
  return params;
}

/**
 * Monitoring's calls over the console's typed API client (each path, parameter, body and answer
 * checked against the API document) and the downloads panel; tested in DefaultMonitoringApi.test.ts.
 */
export class DefaultMonitoringApi implements MonitoringApi {
  constructor(
    private readonly api: ApiClient,
    private readonly downloads: DownloadService,
  ) {}

  getOverview(days: OverviewDays): Promise<Overview> {
    return this.api.get('/monitoring-backend/overview', { query: { days } });
  }

  getAlerts(query: AlertQuery): Promise<AlertPage> {
    return this.api.get('/monitoring-backend/alerts', { query: given(query) });
  }

  setAlertStatus(alertId: string, status: AlertStatus): Promise<Alert> {
    return this.api.put('/monitoring-backend/alerts/{id}/status', { path: { id: alertId }, body: { status } });
  }

  exportAlerts(query: AlertQuery): Promise<void> {
    const { page: _page, size: _size, ...filter } = query;
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Downloading alerts',
      message: 'monitoring-alerts.csv',
      fileName: 'monitoring-alerts.csv',
      request: this.api.requestConfig('get', '/monitoring-backend/alerts/export', { query: given(filter) }),
    });
  }

  getRules(): Promise<Rule[]> {
    return this.api.get('/monitoring-backend/rules');
  }

  createRule(rule: NewRule): Promise<CreatedRule> {
    return this.api.post('/monitoring-backend/rules', { body: rule, skipGlobalErrors: [400] });
  }

  async deleteRule(ruleId: string): Promise<void> {
    await this.api.delete('/monitoring-backend/rules/{id}', { path: { id: ruleId } });
  }

  getFamilies(): Promise<Family[]> {
    return this.api.get('/monitoring-backend/families');
  }

  getUnsubscribed(): Promise<Unsubscribed[]> {
    return this.api.get('/monitoring-backend/unsubscribed');
  }

  async resubscribe(email: string, ruleId: string | null): Promise<void> {
    await this.api.post('/monitoring-backend/unsubscribed/resubscribe', { body: { email, ruleId } });
  }

  getDeliveries(page: number): Promise<DeliveryPage> {
    return this.api.get('/monitoring-backend/deliveries', { query: { page, size: 20 } });
  }

  getSilences(): Promise<Silence[]> {
    return this.api.get('/monitoring-backend/silences');
  }

  async createSilence(silence: NewSilence): Promise<string> {
    return (await this.api.post('/monitoring-backend/silences', { body: silence, skipGlobalErrors: [400] })).id;
  }

  async deleteSilence(silenceId: string): Promise<void> {
    await this.api.delete('/monitoring-backend/silences/{id}', { path: { id: silenceId } });
  }

  getDeviceGroups(): Promise<DeviceGroup[]> {
    return this.api.get('/monitoring-backend/device-groups');
  }

  async createDeviceGroup(group: NewDeviceGroup): Promise<string> {
    return (await this.api.post('/monitoring-backend/device-groups', { body: group, skipGlobalErrors: [400, 409] })).id;
  }

  async deleteDeviceGroup(groupId: string): Promise<void> {
    await this.api.delete('/monitoring-backend/device-groups/{id}', { path: { id: groupId } });
  }
}
