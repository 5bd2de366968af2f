import type { FromSchema } from 'json-schema-to-ts';

import { named } from '../../schemas';
import { ALERT_SORTS } from './services/alertList';
import { ALERT_CATEGORIES, ALERT_SEVERITIES, ALERT_STATUSES } from './services/alertTypes';
import { RISK_LEVELS } from './services/deviceRisk';
import { RULE_FREQUENCIES } from './services/ruleMatch';

/** JSON schemas of monitoring's answers (`as const`: they type the handlers and the console's generated types). */

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const bool = { type: 'boolean' } as const;
const uuid = { type: 'string', format: 'uuid' } as const;
const nuuid = { type: ['string', 'null'], format: 'uuid' } as const;

function oneOf<const Values extends readonly string[]>(values: Values) {
  return { type: 'string', enum: values } as const;
}
function nullable<const Values extends readonly string[]>(values: Values) {
  return { type: ['string', 'null'], enum: [...values, null] } as const;
}
function obj<const Properties extends Record<string, unknown>>(properties: Properties) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties) as Array<keyof Properties & string>,
    additionalProperties: false,
  } as const;
}

export const idParams = obj({ id: uuid });
export const pageProps = {
  page: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
  size: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
} as const;

const severity = oneOf(ALERT_SEVERITIES);
const category = oneOf(ALERT_CATEGORIES);
const status = oneOf(ALERT_STATUSES);
const frequency = oneOf(RULE_FREQUENCIES);

export const alertSchema = named(
  'AlertView',
  obj({
    id: str,
    category,
    severity,
    title: str,
    deviceId: nstr,
    deviceName: nstr,
    /** The device as every product names it (common/devices/deviceDisplayName); the title uses it too. */
    deviceDisplayName: nstr,
    familyId: nstr,
    familyName: nstr,
    incidentId: nstr,
    inspectionId: nstr,
    huntId: nstr,
    firstSeen: str,
    lastSeen: str,
    status,
    statusBy: nstr,
    statusAt: nstr,
    statusReason: nstr,
    /** The incident's owner (assignee) as gluon answers it; null without an incident or an owner. */
    owner: { anyOf: [obj({ id: str, email: str }), { type: 'null' }] },
  }),
);
export type AlertView = FromSchema<typeof alertSchema>;

export const alertFilterProps = {
  status,
  severity,
  category,
  deviceId: uuid,
  familyId: { type: 'string', maxLength: 200 },
  search: { type: 'string', maxLength: 200 },
  sort: { ...oneOf(ALERT_SORTS), default: 'lastSeen' },
  dir: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
} as const;

export const alertStatusBody = obj({ status });

export const alertPage = named(
  'AlertPage',
  obj({ items: { type: 'array', items: alertSchema }, total: int, page: int, size: int }),
);
export type AlertPage = FromSchema<typeof alertPage>;

const dayCounts = { type: 'array', items: obj({ day: str, count: int }) } as const;

export const overviewSchema = named(
  'MonitoringOverview',
  obj({
    days: int,
    staleDays: int,
    devices: int,
    risk: obj({ secure: int, low: int, medium: int, high: int }),
    incidentsOpened: dayCounts,
    incidentsResolved: dayCounts,
    inspections: dayCounts,
    matchedAgain: dayCounts,
    topFamilies: { type: 'array', items: obj({ familyId: str, familyName: str, devices: int }) },
    staleDevices: int,
    activeAlerts: int,
  }),
);
export type MonitoringOverview = FromSchema<typeof overviewSchema>;

export const deviceRiskSchema = named(
  'DeviceRisk',
  obj({
    deviceId: str,
    name: str,
    displayName: str,
    platform: str,
    serial: nstr,
    riskLevel: oneOf(RISK_LEVELS),
    openIncidents: int,
    lastInspectionAt: nstr,
  }),
);
export type DeviceRisk = FromSchema<typeof deviceRiskSchema>;

const recipientInput = {
  anyOf: [
    obj({ userId: uuid }),
    obj({ email: { type: 'string', format: 'email', maxLength: 254 } }),
    obj({ webhookUrl: { type: 'string', minLength: 1, maxLength: 2000 } }),
  ],
} as const;

export const ruleBody = named('RuleInput', {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    enabled: bool,
    minSeverity: severity,
    category: nullable(ALERT_CATEGORIES),
    familyId: { type: ['string', 'null'], maxLength: 200 },
    groupId: nuuid,
    frequency,
    groupWindowSeconds: { type: 'integer', minimum: 0, maximum: 3600 },
    recipients: { type: 'array', minItems: 1, maxItems: 50, items: recipientInput },
  },
  required: ['name', 'minSeverity', 'frequency', 'recipients'],
  additionalProperties: false,
} as const);
export type RuleInput = FromSchema<typeof ruleBody>;

export const ruleSchema = named(
  'RuleView',
  obj({
    id: str,
    name: str,
    enabled: bool,
    minSeverity: severity,
    category: nullable(ALERT_CATEGORIES),
    familyId: nstr,
    groupId: nstr,
    frequency,
    groupWindowSeconds: int,
    // A webhook's `email` is its host: never its path, query or secret.
    recipients: {
      type: 'array',
      items: obj({ id: str, userId: nstr, email: str, channel: oneOf(['email', 'webhook'] as const) }),
    },
  }),
);
export type RuleView = FromSchema<typeof ruleSchema>;

export const silenceBody = obj({
  ruleId: nuuid,
  deviceId: nuuid,
  startsAt: { type: 'string', format: 'date-time' },
  endsAt: { type: 'string', format: 'date-time' },
  reason: { type: 'string', minLength: 1, maxLength: 500 },
});

export const silenceSchema = named(
  'SilenceView',
  obj({
    id: str,
    ruleId: nstr,
    deviceId: nstr,
    deviceName: nstr,
    deviceDisplayName: nstr,
    startsAt: str,
    endsAt: str,
    reason: str,
    createdBy: nstr,
  }),
);
export type SilenceView = FromSchema<typeof silenceSchema>;

export const unsubscribedSchema = named(
  'UnsubscribedRecipient',
  obj({ email: str, ruleId: nstr, ruleName: nstr, at: str }),
);
export type UnsubscribedRecipient = FromSchema<typeof unsubscribedSchema>;

export const resubscribeBody = obj({ email: { type: 'string', format: 'email', maxLength: 254 }, ruleId: nuuid });

export const deliverySchema = named(
  'DeliveryView',
  obj({
    id: str,
    ruleId: nstr,
    ruleName: nstr,
    email: str,
    channel: str,
    frequency: str,
    status: str,
    alerts: int,
    attempts: int,
    dueAt: str,
    sentAt: nstr,
    lastError: nstr,
    createdAt: str,
  }),
);
export type DeliveryView = FromSchema<typeof deliverySchema>;

export const deviceGroupBody = obj({
  name: { type: 'string', minLength: 1, maxLength: 200 },
  watched: bool,
  deviceIds: { type: 'array', maxItems: 10000, items: uuid },
});

export const deviceGroupSchema = named(
  'DeviceGroupView',
  obj({ id: str, name: str, watched: bool, deviceIds: { type: 'array', items: str } }),
);
export type DeviceGroupView = FromSchema<typeof deviceGroupSchema>;

/** A family a rule can select: those the tenant's rule sets name. */
export const familySchema = named('MonitoringFamily', obj({ id: str, name: str }));
export type MonitoringFamily = FromSchema<typeof familySchema>;

/** POST rules' answer: each webhook's secret, shown this once and never again. */
export const ruleCreated = named(
  'RuleCreated',
  obj({ id: str, webhooks: { type: 'array', items: obj({ recipientId: str, host: str, secret: str }) } }),
);
export type RuleCreated = FromSchema<typeof ruleCreated>;

/** Parts of the answers above that services build on their own. */
export type DayCount = MonitoringOverview['inspections'][number];
export type CreatedWebhook = RuleCreated['webhooks'][number];
