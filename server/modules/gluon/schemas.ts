/** JSON schemas of gluon's and the global rules repository's answers (inlined, see server/schemas.ts). */

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nint = { type: ['integer', 'null'] } as const;
const bool = { type: 'boolean' } as const;

function obj(properties: Record<string, unknown>, required: string[] = Object.keys(properties)) {
  return { type: 'object', properties, required, additionalProperties: false } as const;
}

export const idParams = obj({ id: { type: 'string', format: 'uuid' } });

export const pageQuery = {
  page: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
  size: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
  search: { type: 'string', maxLength: 200 },
} as const;

export function paged(item: unknown) {
  return obj({ items: { type: 'array', items: item }, total: int, page: int, size: int });
}

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
  type: str,
  value: str,
  pattern: str,
  familyName: str,
  suppression: { anyOf: [{ type: 'null' }, obj({ id: str, reason: str, author: nstr, createdAt: str })] },
});

export const suppressionSchema = obj({ id: str, indicatorId: str, kind: nstr, value: nstr, reason: str, author: nstr, createdAt: str });

export const uploadSchema = obj({
  inspectionId: str,
  fileId: nstr,
  fileName: str,
  size: nint,
  sha256: nstr,
  origin: str,
  status: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
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

export const deviceSchema = obj({
  id: str,
  name: str,
  modelCode: nstr,
  osVersion: nstr,
  crashReporterKey: nstr,
  lastInspectionAt: nstr,
  inspections: int,
  openIncidents: int,
  severity: { type: 'string', enum: ['high', 'none'] },
});

export const inspectionSchema = obj({
  id: str,
  origin: str,
  fileId: nstr,
  fileName: nstr,
  status: str,
  progress: int,
  error: nstr,
  ruleSetVersions: { type: 'array', items: obj({ id: str, name: str, version: str, revision: int }) },
  observations: int,
  findings: int,
  newFindings: int,
  heuristics: { type: 'array', items: obj({ rule: str, message: str, source: str, line: nint }) },
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
  state: { type: 'string', enum: ['open', 'confirmed', 'benign', 'false_positive'] },
  severity: str,
  findings: int,
  activeFindings: int,
  createdAt: str,
  updatedAt: str,
});

export const deviceDetailSchema = obj({
  device: deviceSchema,
  inspections: { type: 'array', items: inspectionSchema },
  incidents: { type: 'array', items: incidentSummarySchema },
});

export const findingSchema = obj({
  id: str,
  indicatorId: str,
  indicatorType: str,
  indicatorValue: str,
  pattern: str,
  ruleSetName: str,
  ruleSetVersion: str,
  route: str,
  kind: str,
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
  timeline: { type: 'array', items: obj({ at: str, kind: str, fromState: nstr, toState: nstr, comment: nstr, author: nstr }) },
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
  incidentState: str,
  indicatorId: str,
  indicatorType: str,
  indicatorValue: str,
  ruleSet: str,
  ruleSetVersion: str,
  kind: str,
  value: str,
  source: str,
  line: nint,
  observedAt: nstr,
  foundAt: str,
  suppressed: bool,
});

export const jobAnswerSchema = obj({ queued: bool });
