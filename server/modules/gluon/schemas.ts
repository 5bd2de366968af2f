import type { JSONSchema } from 'json-schema-to-ts';
import { HEURISTIC_RULES, INDICATOR_TYPES, MATCH_ROUTES, OBSERVATION_KINDS, PLATFORMS } from '../inspection/public';
import { INCIDENT_EVENT_KINDS, INCIDENT_SEVERITIES, INCIDENT_STATES } from './services/incidents';
import { INSPECTION_ORIGINS, INSPECTION_STATUSES, UPLOAD_ORIGINS } from './services/inspectionStatus';
import { QUEUE_SORTS, QUEUE_STATES } from './services/incidentQueue';
import { MATCHING_STATES } from './services/matchingStatus';
import { cursorAnswer } from '../../schemas';

/**
 * JSON schemas of gluon's and the global rules repository's answers (inlined, see server/schemas.ts).
 * They are `as const` and the helpers keep their literal types: the type provider types each
 * handler by them (server/http/routePlugin.ts), and the console's types are generated from them.
 */

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nint = { type: ['integer', 'null'] } as const;
const bool = { type: 'boolean' } as const;

/** A closed set of strings (the services name each set once). */
function oneOf<const Values extends readonly string[]>(values: Values) {
  return { type: 'string', enum: values } as const;
}

/** The same closed set, or null. */
function nullable<const Values extends readonly string[]>(schema: { type: 'string'; enum: Values }) {
  return { type: ['string', 'null'], enum: [...schema.enum, null] } as const;
}

/** An object whose properties are all required and no other is allowed. */
function obj<const Properties extends Record<string, JSONSchema>>(properties: Properties) {
  return { type: 'object', properties, required: Object.keys(properties) as Array<keyof Properties & string>, additionalProperties: false } as const;
}

/**
 * An object whose `optional` properties may be left out: fields added after the console's fakes
 * were written (the Android fields), so older fakes and answers stay valid.
 */
function objWith<const Required extends Record<string, JSONSchema>, const Optional extends Record<string, JSONSchema>>(properties: Required, optional: Optional) {
  return {
    type: 'object',
    properties: { ...properties, ...optional },
    required: Object.keys(properties) as Array<keyof Required & string>,
    additionalProperties: false,
  } as const;
}

export const idParams = obj({ id: { type: 'string', format: 'uuid' } });

export const pageQuery = {
  page: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
  size: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
  search: { type: 'string', maxLength: 200 },
} as const;

export function paged<const Item extends JSONSchema>(item: Item) {
  return obj({ items: { type: 'array', items: item }, total: int, page: int, size: int });
}

/**
 * A page of a list that grows with the data (server/services/listQuery.ts): `total` counts at most
 * 10,000 rows, `totalCapped` says there are more (the console shows "10,000+"); `nextCursor` /
 * `prevCursor` page on from any row (keyset).
 */
export function cappedPage<const Item extends JSONSchema>(item: Item) {
  return objWith({ items: { type: 'array', items: item }, total: int, page: int, size: int }, { totalCapped: bool, ...cursorAnswer });
}

const incidentState = oneOf(INCIDENT_STATES);
const indicatorType = oneOf(INDICATOR_TYPES);
const observationKind = oneOf(OBSERVATION_KINDS);

export const ruleSetSchema = obj({
  id: str,
  bundleId: str,
  name: str,
  version: str,
  revision: int,
  author: nstr,
  enabled: bool,
  indicatorCount: int,
  counts: { type: 'object', additionalProperties: int },
  families: { type: 'array', items: obj({ id: str, name: str, indicators: int }) },
  unsupported: { type: 'array', items: obj({ id: str, pattern: str, reason: str }) },
  suppressions: int,
  createdAt: str,
  updatedAt: str,
});

export const indicatorSchema = obj({
  id: str,
  type: indicatorType,
  value: str,
  pattern: str,
  familyName: str,
  suppression: { anyOf: [{ type: 'null' }, obj({ id: str, reason: str, author: nstr, createdAt: str, value: nstr })] },
});

export const suppressionSchema = obj({ id: str, indicatorId: str, kind: nullable(observationKind), value: nstr, reason: str, author: nstr, createdAt: str });

export const uploadSchema = obj({
  inspectionId: str,
  fileId: nstr,
  fileName: str,
  size: nint,
  sha256: nstr,
  origin: oneOf(UPLOAD_ORIGINS),
  status: oneOf(INSPECTION_STATUSES),
  progress: int,
  error: nstr,
  deviceId: nstr,
  deviceName: nstr,
  findings: int,
  createdAt: str,
  finishedAt: nstr,
  warnings: { type: 'array', items: str },
});

/** The answer of an upload (signed-in or from a collector's connector). */
export const uploadAnswerSchema = obj({ upload: uploadSchema, duplicate: bool });

export const deviceSchema = objWith(
  {
    id: str,
    name: str,
    modelCode: nstr,
    osVersion: nstr,
    crashReporterKey: nstr,
    lastInspectionAt: nstr,
    inspections: int,
    openIncidents: int,
    severity: { type: 'string', enum: ['high', 'none'] },
  },
  // Android: the platform, and what getprop identifies the phone by.
  { platform: oneOf(PLATFORMS), securityPatch: nstr, buildFingerprint: nstr, serial: nstr },
);

export const inspectionSchema = obj({
  id: str,
  origin: oneOf(INSPECTION_ORIGINS),
  fileId: nstr,
  fileName: nstr,
  status: oneOf(INSPECTION_STATUSES),
  progress: int,
  error: nstr,
  ruleSetVersions: { type: 'array', items: obj({ id: str, name: str, version: str, revision: int }) },
  observations: int,
  findings: int,
  newFindings: int,
  heuristics: {
    type: 'array',
    items: objWith(
      { rule: oneOf(HEURISTIC_RULES), message: str, source: str, line: nint },
      // Android heuristics: why the warning matters, and the further records it rests on.
      { why: nstr, evidence: { type: 'array', items: obj({ kind: str, value: str, source: str, line: nint, raw: nstr }) } },
    ),
  },
  warnings: { type: 'array', items: str },
  createdAt: str,
  finishedAt: nstr,
});

export const incidentSummarySchema = obj({
  id: str,
  deviceId: str,
  deviceName: str,
  familyId: str,
  familyName: str,
  state: incidentState,
  severity: oneOf(INCIDENT_SEVERITIES),
  findings: int,
  activeFindings: int,
  createdAt: str,
  updatedAt: str,
});

/** A rescan job of one device (gluon_jobs): the device page follows it until it ends. */
export const rescanJobSchema = obj({ id: str, status: oneOf(['queued', 'running', 'done', 'failed'] as const), error: nstr, createdAt: str, finishedAt: nstr });

export const deviceDetailSchema = objWith(
  {
    device: deviceSchema,
    inspections: { type: 'array', items: inspectionSchema },
    incidents: { type: 'array', items: incidentSummarySchema },
  },
  // The device's latest rescan (null: never rescanned); optional so older fakes stay valid.
  { lastRescan: { anyOf: [rescanJobSchema, { type: 'null' }] } },
);

export const findingSchema = obj({
  id: str,
  indicatorId: str,
  indicatorType: indicatorType,
  indicatorValue: str,
  pattern: str,
  ruleSetName: str,
  ruleSetVersion: str,
  route: oneOf(MATCH_ROUTES),
  kind: observationKind,
  value: str,
  source: str,
  line: nint,
  raw: nstr,
  observedAt: nstr,
  inspectionId: nstr,
  suppressed: bool,
  suppressionReason: nstr,
  createdAt: str,
});

export const incidentDetailSchema = obj({
  ...incidentSummarySchema.properties,
  evidence: { type: 'array', items: findingSchema },
  timeline: {
    type: 'array',
    items: obj({ at: str, kind: oneOf(INCIDENT_EVENT_KINDS), fromState: nullable(incidentState), toState: nullable(incidentState), comment: nstr, author: nstr }),
  },
});

export const processSchema = obj({ name: str, firstSeen: nstr, lastSeen: nstr, sources: { type: 'array', items: str }, records: int });

export const crashSchema = obj({
  inspectionId: str,
  path: str,
  observations: int,
  error: nstr,
  processes: { type: 'array', items: str },
  at: nstr,
  uploadedAt: str,
});

export const deviceFileSchema = obj({ id: str, name: str, size: int, sha256: str, uploadedAt: str });

export const reportFindingSchema = obj({
  id: str,
  incidentId: str,
  family: str,
  incidentState: incidentState,
  indicatorId: str,
  indicatorType: indicatorType,
  indicatorValue: str,
  ruleSet: str,
  ruleSetVersion: str,
  kind: observationKind,
  value: str,
  source: str,
  line: nint,
  observedAt: nstr,
  foundAt: str,
  suppressed: bool,
});

export const jobAnswerSchema = obj({ queued: bool });

const nbool = { type: ['boolean', 'null'] } as const;
const strings = { type: 'array', items: str } as const;

/** A page of an Android inspection's facts: the inspection they come from (null: the device has none), the rows matched and those shown. */
function factPage<const Item extends JSONSchema>(item: Item) {
  return obj({ inspectionId: nstr, inspectedAt: nstr, total: int, items: { type: 'array', items: item } });
}

/** An Android package as the device page shows it (services/androidFacts.ts). */
export const packageSchema = obj({
  name: str,
  versionName: nstr,
  installer: nstr,
  initiatingInstaller: nstr,
  sideloaded: bool,
  system: nbool,
  thirdParty: nbool,
  disabled: nbool,
  firstInstallTime: nstr,
  lastUpdateTime: nstr,
  dangerousPermissions: strings,
  grantedDangerousPermissions: { type: ['array', 'null'], items: str },
  files: {
    type: 'array',
    items: obj({
      path: str,
      md5: nstr,
      sha1: nstr,
      sha256: nstr,
      certificate: { anyOf: [obj({ md5: nstr, sha1: nstr, sha256: nstr, subject: nstr, issuer: nstr }), { type: 'null' }] },
    }),
  },
  source: str,
  line: nint,
});

export const packagePageSchema = factPage(packageSchema);

/** A system property (getprop) or a setting (`global/adb_enabled`) with its value. */
export const propertySchema = obj({ kind: oneOf(['property', 'setting'] as const), name: str, value: str, source: str, line: nint });

export const propertyPageSchema = factPage(propertySchema);
/** The landing's incident queue: filters and a keyset cursor, not a page number. */
export const incidentQueueQuery = {
  type: 'object',
  properties: {
    sort: { type: 'string', enum: QUEUE_SORTS, default: 'updated' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
    state: { type: 'string', enum: QUEUE_STATES, default: 'active' },
    severity: oneOf(INCIDENT_SEVERITIES),
    search: { type: 'string', maxLength: 200 },
    size: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
    after: { type: 'string', maxLength: 1000 },
  },
  additionalProperties: false,
} as const;

export const incidentQueueSchema = obj({ items: { type: 'array', items: incidentSummarySchema }, total: int, next: nstr });

export const overviewSchema = obj({
  bySeverity: { type: 'array', items: obj({ severity: oneOf(INCIDENT_SEVERITIES), incidents: int }) },
  byState: obj({ open: int, confirmed: int, benign: int, false_positive: int }),
  latestInspections: {
    type: 'array',
    items: obj({
      id: str,
      deviceId: nstr,
      deviceName: nstr,
      fileName: nstr,
      origin: oneOf(INSPECTION_ORIGINS),
      status: oneOf(INSPECTION_STATUSES),
      progress: int,
      findings: int,
      newFindings: int,
      createdAt: str,
      finishedAt: nstr,
    }),
  },
});

/** Where "stored observations are being matched again" stands. */
export const matchingStatusSchema = obj({
  state: oneOf(MATCHING_STATES),
  queuedAt: nstr,
  finishedAt: nstr,
  devicesDone: int,
  devicesTotal: int,
  newFindings: int,
  error: nstr,
});
