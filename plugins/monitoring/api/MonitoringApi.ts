import type { ApiBody, ApiQuery, ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

// Every shape is named from the generated API document (common/api/openapi.gen.ts).
export type Overview = ApiResponse<'/monitoring-backend/overview', 'get'>;
/** The overview's periods (the range picker). */
export type OverviewDays = NonNullable<ApiQuery<'/monitoring-backend/overview', 'get'>['days']>;
export type DayCount = Overview['incidentsOpened'][number];
export type RiskLevel = keyof Overview['risk'];
export type AlertPage = ApiResponse<'/monitoring-backend/alerts', 'get'>;
export type Alert = AlertPage['items'][number];
export type AlertStatus = Alert['status'];
export type AlertQuery = ApiQuery<'/monitoring-backend/alerts', 'get'>;
export type Rule = ApiResponse<'/monitoring-backend/rules', 'get'>[number];
export type NewRule = ApiBody<'/monitoring-backend/rules', 'post'>;
/** A created rule; `webhooks` carries each webhook's secret, shown this once. */
export type CreatedRule = ApiResponse<'/monitoring-backend/rules', 'post'>;
export type Unsubscribed = ApiResponse<'/monitoring-backend/unsubscribed', 'get'>[number];
export type DeliveryPage = ApiResponse<'/monitoring-backend/deliveries', 'get'>;
export type Delivery = DeliveryPage['items'][number];
export type Silence = ApiResponse<'/monitoring-backend/silences', 'get'>[number];
export type NewSilence = ApiBody<'/monitoring-backend/silences', 'post'>;
export type DeviceGroup = ApiResponse<'/monitoring-backend/device-groups', 'get'>[number];
export type NewDeviceGroup = ApiBody<'/monitoring-backend/device-groups', 'post'>;
export type Family = ApiResponse<'/monitoring-backend/families', 'get'>[number];
export type AlertCategory = NonNullable<Rule['category']>;

/** Monitoring's calls, one method each; pages take it with `useService(MonitoringApiToken)`, tests fake it by the token. */
export interface MonitoringApi {
  getOverview(days: OverviewDays): Promise<Overview>;
  getAlerts(query: AlertQuery): Promise<AlertPage>;
  setAlertStatus(alertId: string, status: AlertStatus): Promise<Alert>;
  /** The filtered alerts as a CSV file, through the downloads panel. */
  exportAlerts(query: AlertQuery): Promise<void>;
  getRules(): Promise<Rule[]>;
  createRule(rule: NewRule): Promise<CreatedRule>;
  deleteRule(ruleId: string): Promise<void>;
  /** The families a rule can select (those the tenant's rule sets name). */
  getFamilies(): Promise<Family[]>;
  getUnsubscribed(): Promise<Unsubscribed[]>;
  resubscribe(email: string, ruleId: string | null): Promise<void>;
  getDeliveries(page: number): Promise<DeliveryPage>;
  getSilences(): Promise<Silence[]>;
  createSilence(silence: NewSilence): Promise<string>;
  deleteSilence(silenceId: string): Promise<void>;
  /** Device groups and watch lists (monitoring admin only). */
  getDeviceGroups(): Promise<DeviceGroup[]>;
  createDeviceGroup(group: NewDeviceGroup): Promise<string>;
  deleteDeviceGroup(groupId: string): Promise<void>;
}

export const MonitoringApiToken = createServiceToken<MonitoringApi>('monitoring.api');
