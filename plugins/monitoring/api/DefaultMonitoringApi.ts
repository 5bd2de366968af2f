import type { DownloadService } from '@core/downloads/DownloadService';
import type { HttpService } from '@core/http/HttpService';

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

const MNT = '/monitoring-backend';
const id = encodeURIComponent;

/** Only the query values that say something: a blank search or an unset filter is not sent. */
function given(query: Record<string, unknown>): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    const kept = typeof value === 'string' ? value.trim() : value;
    if ((typeof kept === 'string' && kept !== '') || typeof kept === 'number') params[key] = kept;
  }
  return params;
}

/** Monitoring's calls over the console's HTTP service and the downloads panel (tested in DefaultMonitoringApi.test.ts). */
export class DefaultMonitoringApi implements MonitoringApi {
  constructor(
    private readonly http: HttpService,
    private readonly downloads: DownloadService,
  ) {}

  async getOverview(days: OverviewDays): Promise<Overview> {
    return (await this.http.get<Overview>(`${MNT}/overview`, { params: { days } })).data;
  }

  async getAlerts(query: AlertQuery): Promise<AlertPage> {
    return (await this.http.get<AlertPage>(`${MNT}/alerts`, { params: given(query) })).data;
  }

  async setAlertStatus(alertId: string, status: AlertStatus): Promise<Alert> {
    return (await this.http.put<Alert>(`${MNT}/alerts/${id(alertId)}/status`, { status })).data;
  }

  exportAlerts(query: AlertQuery): Promise<void> {
    const { page: _page, size: _size, ...filter } = query;
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Downloading alerts',
      message: 'monitoring-alerts.csv',
      fileName: 'monitoring-alerts.csv',
      request: { method: 'GET', url: `${MNT}/alerts/export`, params: given(filter) },
    });
  }

  async getRules(): Promise<Rule[]> {
    return (await this.http.get<Rule[]>(`${MNT}/rules`)).data;
  }

  async createRule(rule: NewRule): Promise<CreatedRule> {
    return (await this.http.post<CreatedRule>(`${MNT}/rules`, rule, { skipGlobalErrors: [400] })).data;
  }

  async deleteRule(ruleId: string): Promise<void> {
    await this.http.delete(`${MNT}/rules/${id(ruleId)}`);
  }

  async getFamilies(): Promise<Family[]> {
    return (await this.http.get<Family[]>(`${MNT}/families`)).data;
  }

  async getUnsubscribed(): Promise<Unsubscribed[]> {
    return (await this.http.get<Unsubscribed[]>(`${MNT}/unsubscribed`)).data;
  }

  async resubscribe(email: string, ruleId: string | null): Promise<void> {
    await this.http.post(`${MNT}/unsubscribed/resubscribe`, { email, ruleId });
  }

  async getDeliveries(page: number): Promise<DeliveryPage> {
    return (await this.http.get<DeliveryPage>(`${MNT}/deliveries`, { params: { page, size: 20 } })).data;
  }

  async getSilences(): Promise<Silence[]> {
    return (await this.http.get<Silence[]>(`${MNT}/silences`)).data;
  }

  async createSilence(silence: NewSilence): Promise<string> {
    return (await this.http.post<{ id: string }>(`${MNT}/silences`, silence, { skipGlobalErrors: [400] })).data.id;
  }

  async deleteSilence(silenceId: string): Promise<void> {
    await this.http.delete(`${MNT}/silences/${id(silenceId)}`);
  }

  async getDeviceGroups(): Promise<DeviceGroup[]> {
    return (await this.http.get<DeviceGroup[]>(`${MNT}/device-groups`)).data;
  }

  async createDeviceGroup(group: NewDeviceGroup): Promise<string> {
    return (await this.http.post<{ id: string }>(`${MNT}/device-groups`, group, { skipGlobalErrors: [400, 409] })).data
      .id;
  }

  async deleteDeviceGroup(groupId: string): Promise<void> {
    await this.http.delete(`${MNT}/device-groups/${id(groupId)}`);
  }
}
