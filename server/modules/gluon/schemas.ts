import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

import { cursorAnswer, named } from '../../schemas';
import { HEURISTIC_RULES, INDICATOR_TYPES, MATCH_ROUTES, OBSERVATION_KINDS, PLATFORMS } from '../inspection/public';
import { QUEUE_SORTS, QUEUE_STATES } from './services/incidentQueue';
import { INCIDENT_EVENT_KINDS, INCIDENT_SEVERITIES, INCIDENT_STATES } from './services/incidents';
import { INSPECTION_ORIGINS, INSPECTION_STATUSES, UPLOAD_ORIGINS } from './services/inspectionStatus';
import { MATCHING_STATES } from './services/matchingStatus';

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
  return {
    type: 'object',
    properties,
    required: Object.keys(properties) as Array<keyof Properties & string>,
    additionalProperties: false,
  } as const;
}

/**
 * An object whose `optional` properties may be left out: fields added after the console's fakes
 * were written (the Android fields), so older fakes and answers stay valid.
 */
function objWith<const Required extends Record<string, JSONSchema>, const Optional extends Record<string, JSONSchema>>(
  properties: Required,
  optional: Optional,
) {
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
  return objWith(
    { items: { type: 'array', items: item }, total: int, page: int, size: int },
    { totalCapped: bool, ...cursorAnswer },
  );
}

const incidentState = oneOf(INCIDENT_STATES);
const indicatorType = oneOf(INDICATOR_TYPES);
const observationKind = oneOf(OBSERVATION_KINDS);

export const ruleSetSchema = named(
  'RuleSetSummary',
  obj({
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
  }),
);
export type RuleSetSummary = FromSchema<typeof ruleSetSchema>;

export const indicatorSchema = named(
  'IndicatorItem',
  obj({
    id: str,
    type: indicatorType,
    value: str,
    pattern: str,
    familyName: str,
    suppression: {
      anyOf: [{ type: 'null' }, obj({ id: str, reason: str, author: nstr, createdAt: str, value: nstr })],
    },
  }),
);
export type IndicatorItem = FromSchema<typeof indicatorSchema>;

export const suppressionSchema = named(
  'SuppressionItem',
  obj({
    id: str,
    indicatorId: str,
    kind: nullable(observationKind),
    value: nstr,
    reason: str,
    author: nstr,
    createdAt: str,
  }),
);
export type SuppressionItem = FromSchema<typeof suppressionSchema>;

export const uploadSchema = named(
  'UploadItem',
  obj({
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
    /** The device as people read it (common/devices/deviceDisplayName). */
    deviceDisplayName: nstr,
    findings: int,
    createdAt: str,
    finishedAt: nstr,
    warnings: { type: 'array', items: str },
  }),
);
export type UploadItem = FromSchema<typeof uploadSchema>;

/** The answer of an upload (signed-in or from a collector's connector). */
export const uploadAnswerSchema = named('UploadAnswer', obj({ upload: uploadSchema, duplicate: bool }));
export type UploadAnswer = FromSchema<typeof uploadAnswerSchema>;

export const deviceSchema = named(
  'DeviceSummary',
  objWith(
    {
      id: str,
      name: str,
      /** The name as people read it, the same in every product (common/devices/deviceDisplayName). */
      displayName: str,
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
  ),
);
export type DeviceSummary = FromSchema<typeof deviceSchema>;

export const inspectionSchema = named(
  'InspectionItem',
  obj({
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
        {
          why: nstr,
          evidence: { type: 'array', items: obj({ kind: str, value: str, source: str, line: nint, raw: nstr }) },
        },
      ),
    },
    warnings: { type: 'array', items: str },
    createdAt: str,
    finishedAt: nstr,
  }),
);
export type InspectionItem = FromSchema<typeof inspectionSchema>;

/** An incident's owner (assignee): a user of the tenant, by e-mail (users have no other name). */
export const incidentOwnerSchema = named('IncidentOwner', obj({ id: str, email: str }));
export type IncidentOwner = FromSchema<typeof incidentOwnerSchema>;

const incidentSummaryProperties = {
  id: str,
  deviceId: str,
  deviceName: str,
  deviceDisplayName: str,
  familyId: str,
  familyName: str,
  state: incidentState,
  severity: oneOf(INCIDENT_SEVERITIES),
  findings: int,
  activeFindings: int,
  createdAt: str,
  updatedAt: str,
} as const;

// The owner came after the console's fakes: optional in the schema, always sent (null: nobody).
const incidentOwnerField = { owner: { anyOf: [incidentOwnerSchema, { type: 'null' }] } } as const;

export const incidentSummarySchema = named('IncidentSummary', objWith(incidentSummaryProperties, incidentOwnerField));
export type IncidentSummary = FromSchema<typeof incidentSummarySchema>;

/** A rescan job of one device (on the job queue, `gluon.rescan`): the device page follows it until it ends. */
export const rescanJobSchema = named(
  'RescanJob',
  obj({
    id: str,
    status: oneOf(['queued', 'running', 'done', 'failed'] as const),
    error: nstr,
    createdAt: str,
    finishedAt: nstr,
  }),
);
export type RescanJob = FromSchema<typeof rescanJobSchema>;

export const deviceDetailSchema = named(
  'DeviceDetail',
  objWith(
    {
      device: deviceSchema,
      inspections: { type: 'array', items: inspectionSchema },
      incidents: { type: 'array', items: incidentSummarySchema },
    },
    // The device's latest rescan (null: never rescanned); optional so older fakes stay valid.
    { lastRescan: { anyOf: [rescanJobSchema, { type: 'null' }] } },
  ),
);
export type DeviceDetail = FromSchema<typeof deviceDetailSchema>;

export const findingSchema = named(
  'IncidentFinding',
  obj({
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
  }),
);
export type IncidentFinding = FromSchema<typeof findingSchema>;

export const incidentDetailSchema = named(
  'IncidentDetail',
  objWith(
    {
      ...incidentSummaryProperties,
      // What the rule sets' bundle says about the family (null / empty when it says nothing).
      familyDescription: nstr,
      familyReferences: { type: 'array', items: obj({ source: str, url: str }) },
      evidence: { type: 'array', items: findingSchema },
      timeline: {
        type: 'array',
        items: obj({
          at: str,
          kind: oneOf(INCIDENT_EVENT_KINDS),
          fromState: nullable(incidentState),
          toState: nullable(incidentState),
          comment: nstr,
          author: nstr,
        }),
      },
    },
    incidentOwnerField,
  ),
);
export type IncidentDetail = FromSchema<typeof incidentDetailSchema>;

export const processSchema = named(
  'ProcessItem',
  obj({
    name: str,
    firstSeen: nstr,
    lastSeen: nstr,
    sources: { type: 'array', items: str },
    records: int,
    // The incidents whose active findings name this process (the explorer marks it).
    incidents: { type: 'array', items: obj({ id: str, familyName: str }) },
  }),
);
export type ProcessItem = FromSchema<typeof processSchema>;

export const crashSchema = named(
  'CrashItem',
  obj({
    inspectionId: str,
    path: str,
    observations: int,
    error: nstr,
    processes: { type: 'array', items: str },
    at: nstr,
    uploadedAt: str,
  }),
);
export type CrashItem = FromSchema<typeof crashSchema>;

export const deviceFileSchema = named(
  'DeviceFile',
  obj({ id: str, name: str, size: int, sha256: str, uploadedAt: str }),
);
export type DeviceFile = FromSchema<typeof deviceFileSchema>;

export const reportFindingSchema = named(
  'ReportFinding',
  obj({
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
  }),
);
export type ReportFinding = FromSchema<typeof reportFindingSchema>;

export const jobAnswerSchema = named('JobAnswer', obj({ queued: bool }));
export type JobAnswer = FromSchema<typeof jobAnswerSchema>;

const nbool = { type: ['boolean', 'null'] } as const;
const strings = { type: 'array', items: str } as const;

/** A page of an Android inspection's facts: the inspection they come from (null: the device has none), the rows matched and those shown. */
function factPage<const Item extends JSONSchema>(item: Item) {
  return obj({ inspectionId: nstr, inspectedAt: nstr, total: int, items: { type: 'array', items: item } });
}

/** An Android package as the device page shows it (services/androidFacts.ts). */
export const packageSchema = named(
  'PackageItem',
  obj({
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
        certificate: {
          anyOf: [obj({ md5: nstr, sha1: nstr, sha256: nstr, subject: nstr, issuer: nstr }), { type: 'null' }],
        },
      }),
    },
    source: str,
    line: nint,
  }),
);
export type PackageItem = FromSchema<typeof packageSchema>;

export const packagePageSchema = named('PackagePage', factPage(packageSchema));
export type PackagePage = FromSchema<typeof packagePageSchema>;

/** A system property (getprop) or a setting (`global/adb_enabled`) with its value. */
export const propertySchema = named(
  'PropertyItem',
  obj({ kind: oneOf(['property', 'setting'] as const), name: str, value: str, source: str, line: nint }),
);
export type PropertyItem = FromSchema<typeof propertySchema>;

export const propertyPageSchema = named('PropertyPage', factPage(propertySchema));
export type PropertyPage = FromSchema<typeof propertyPageSchema>;

/**
 * A link or a domain seen on the device (services/deviceLinks.ts), over all its inspections: where
 * it was first read (file, line, the record), when, whether a finding flags it, and whether its
 * host is a link shortener (kept as seen, never followed).
 */
export const linkSchema = named(
  'DeviceLinkItem',
  obj({
    kind: oneOf(['domain', 'url'] as const),
    value: str,
    source: str,
    line: nint,
    raw: nstr,
    firstSeen: nstr,
    lastSeen: nstr,
    inspections: int,
    shortener: bool,
    flaggedBy: { type: 'array', items: str },
  }),
);
export type DeviceLinkItem = FromSchema<typeof linkSchema>;
export const linkPageSchema = named('DeviceLinkPage', paged(linkSchema));
export type DeviceLinkPage = FromSchema<typeof linkPageSchema>;
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
    // `me`: only the incidents the caller owns ("Assigned to me").
    owner: { type: 'string', enum: ['me'] },
  },
  additionalProperties: false,
} as const;

export const incidentQueueSchema = named(
  'QueuePage',
  obj({ items: { type: 'array', items: incidentSummarySchema }, total: int, next: nstr }),
);
export type QueuePage = FromSchema<typeof incidentQueueSchema>;

export const overviewSchema = named(
  'GluonOverview',
  obj({
    bySeverity: { type: 'array', items: obj({ severity: oneOf(INCIDENT_SEVERITIES), incidents: int }) },
    byState: obj({ open: int, confirmed: int, benign: int, false_positive: int }),
    latestInspections: {
      type: 'array',
      items: obj({
        id: str,
        deviceId: nstr,
        deviceName: nstr,
        deviceDisplayName: nstr,
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
  }),
);
export type GluonOverview = FromSchema<typeof overviewSchema>;

/** Where "stored observations are being matched again" stands. */
export const matchingStatusSchema = named(
  'MatchingStatus',
  obj({
    state: oneOf(MATCHING_STATES),
    queuedAt: nstr,
    finishedAt: nstr,
    devicesDone: int,
    devicesTotal: int,
    newFindings: int,
    error: nstr,
  }),
);
export type MatchingStatus = FromSchema<typeof matchingStatusSchema>;

/** Parts of the answers above that services build on their own. */
export type FamilySummary = RuleSetSummary['families'][number];
