import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

import { named } from '../../schemas';
import { MAC_HEURISTIC_RULES, MAC_LEVELS, MAC_RISKS } from '../inspection/public';

/** JSON schemas of electron's answers (inlined, `as const`: they type the handlers and the console). */

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nint = { type: ['integer', 'null'] } as const;
const nbool = { type: ['boolean', 'null'] } as const;

function oneOf<const Values extends readonly string[]>(values: Values) {
  return { type: 'string', enum: values } as const;
}

function obj<const Properties extends Record<string, JSONSchema>>(properties: Properties) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties) as Array<keyof Properties & string>,
    additionalProperties: false,
  } as const;
}

const array = <const Item extends JSONSchema>(items: Item) => ({ type: 'array', items }) as const;

export const ARCHIVE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

export const archiveSchema = named(
  'ElectronArchive',
  obj({
    inspectionId: str,
    fileName: str,
    size: nint,
    sha256: nstr,
    status: oneOf(ARCHIVE_STATUSES),
    progress: int,
    error: nstr,
    deviceId: nstr,
    deviceName: nstr,
    findings: int,
    heuristics: int,
    createdAt: str,
    finishedAt: nstr,
  }),
);
export type ArchiveItem = FromSchema<typeof archiveSchema>;

export const uploadAnswerSchema = obj({ archive: archiveSchema });

export const macSummarySchema = named(
  'ElectronMac',
  obj({
    id: str,
    name: str,
    displayName: str,
    serial: nstr,
    model: nstr,
    osVersion: nstr,
    risk: oneOf(MAC_RISKS),
    openIncidents: int,
    heuristics: int,
    lastInspectionAt: nstr,
  }),
);
export type MacSummary = FromSchema<typeof macSummarySchema>;

export const macListSchema = obj({ items: array(macSummarySchema), archives: array(archiveSchema) });

/** A heuristic triaged benign: who, when and why (null while it counts). */
const heuristicTriageSchema = {
  type: ['object', 'null'],
  properties: { state: { type: 'string', enum: ['benign'] }, comment: str, by: nstr, at: str },
  required: ['state', 'comment', 'by', 'at'],
  additionalProperties: false,
} as const;

const heuristicSchema = obj({
  /** `<rule> <message>`: the heuristic's identity across archives, what triage names. */
  key: str,
  rule: oneOf(MAC_HEURISTIC_RULES),
  level: oneOf(MAC_LEVELS),
  message: str,
  why: str,
  source: str,
  evidence: array(str),
  triage: heuristicTriageSchema,
});

/** The longest heuristic key triage accepts (a rule and a message naming a path). */
export const MAX_HEURISTIC_KEY = 2400;

export const heuristicTriageBody = {
  type: 'object',
  properties: {
    key: { type: 'string', minLength: 1, maxLength: MAX_HEURISTIC_KEY },
    state: { type: 'string', enum: ['benign', 'open'] },
    comment: { type: 'string', maxLength: 2000 },
  },
  required: ['key', 'state'],
  additionalProperties: false,
} as const;

const incidentSchema = obj({ id: str, familyName: str, state: str, findings: int, updatedAt: str });

export const macDetailSchema = named(
  'ElectronMacDetail',
  obj({
    mac: macSummarySchema,
    security: obj({ sip: nbool, gatekeeper: nbool, fileVault: nbool }),
    heuristics: array(heuristicSchema),
    incidents: array(incidentSchema),
    persistence: array(
      obj({ kind: str, path: str, label: nstr, program: nstr, sha256: nstr, signer: nstr, source: str }),
    ),
    tcc: array(obj({ service: str, client: str, clientType: str, auth: str, at: nstr, source: str })),
    processes: array(obj({ pid: int, ppid: nint, path: str, depth: int })),
    network: array(obj({ command: str, pid: nint, local: nstr, remote: nstr, state: nstr })),
    downloads: array(obj({ at: nstr, agent: nstr, url: nstr, origin: nstr, source: str })),
    artefacts: array({
      type: 'object',
      properties: { path: str, records: int, error: str },
      required: ['path', 'records'],
      additionalProperties: false,
    } as const),
    warnings: array(str),
    archives: array(archiveSchema),
  }),
);
export type MacDetail = FromSchema<typeof macDetailSchema>;

export const TIMELINE_KINDS = ['download', 'tcc', 'xprotect', 'file', 'history', 'execution', 'log'] as const;

export const timelineSchema = obj({
  items: array(obj({ at: str, source: str, kind: oneOf(TIMELINE_KINDS), text: str })),
  total: int,
  page: int,
  size: int,
});
