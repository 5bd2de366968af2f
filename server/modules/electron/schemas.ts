import type { FromSchema } from 'json-schema-to-ts';

import { array, int, nint, nstr, obj, oneOf, str } from '../../schemaBuilders';
import { named } from '../../schemas';
import {
  downloadSchema,
  MAC_RISKS,
  macArtefactSchema,
  macHeuristicSchema,
  macProcessSchema,
  macSecuritySchema,
  networkConnectionSchema,
  persistenceItemSchema,
  tccGrantSchema,
  TIMELINE_KINDS,
  timelineEventSchema,
} from '../inspection/public';

/** JSON schemas of electron's answers (inlined, `as const`: they type the handlers and the console). */

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
  ...macHeuristicSchema.properties,
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
    // The engine's own schemas (inspection/aftermath/macSchemas.ts): what the report stores is answered.
    security: macSecuritySchema,
    heuristics: array(heuristicSchema),
    incidents: array(incidentSchema),
    persistence: array(persistenceItemSchema),
    tcc: array(tccGrantSchema),
    processes: array(macProcessSchema),
    network: array(networkConnectionSchema),
    downloads: array(downloadSchema),
    artefacts: array(macArtefactSchema),
    warnings: array(str),
    archives: array(archiveSchema),
  }),
);
export type MacDetail = FromSchema<typeof macDetailSchema>;

export { TIMELINE_KINDS };

export const timelineSchema = obj({
  items: array(timelineEventSchema),
  total: int,
  page: int,
  size: int,
});
