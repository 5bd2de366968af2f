import type { FromSchema } from 'json-schema-to-ts';

import type { Observation } from '../types';
import type {
  downloadSchema,
  macArtefactSchema,
  macHeuristicSchema,
  macProcessSchema,
  macSecuritySchema,
  networkConnectionSchema,
  PERSISTENCE_KINDS,
  persistenceItemSchema,
  tccGrantSchema,
  timelineEventSchema,
} from './macSchemas';

/** How bad a Mac heuristic is: the Mac's risk is the worst of them (an open incident is High). */
export const MAC_LEVELS = ['low', 'medium', 'high'] as const;
export type MacLevel = (typeof MAC_LEVELS)[number];

/** A Mac's risk on its page and in the list: `none` when nothing was found. */
export const MAC_RISKS = ['none', ...MAC_LEVELS] as const;
export type MacRisk = (typeof MAC_RISKS)[number];

export const MAC_HEURISTIC_RULES = [
  'macos.persistence-user-writable',
  'macos.persistence-unsigned',
  'macos.persistence-downloaded',
  'macos.tcc-risky-grant',
  'macos.xprotect-detection',
  'macos.sip-disabled',
  'macos.gatekeeper-disabled',
  'macos.filevault-off',
  'macos.unexpected-parent',
  'macos.unsigned-execution',
  'macos.remote-login-outside',
] as const;
export type MacHeuristicRule = (typeof MAC_HEURISTIC_RULES)[number];

/** What Recon/system_information.txt says about the Mac. */
export interface MacIdentity {
  serial?: string;
  model?: string;
  osVersion?: string;
  hostname?: string;
}

export type MacSecurity = FromSchema<typeof macSecuritySchema>;

export type PersistenceKind = (typeof PERSISTENCE_KINDS)[number];

export type PersistenceItem = FromSchema<typeof persistenceItemSchema>;

export type TccGrant = FromSchema<typeof tccGrantSchema>;

export type MacProcess = FromSchema<typeof macProcessSchema>;

export type NetworkConnection = FromSchema<typeof networkConnectionSchema>;

export type Download = FromSchema<typeof downloadSchema>;

export interface XprotectDetection {
  rule: string;
  path: string;
  teamId: string | null;
  signingId: string | null;
  sha256: string | null;
  at: string | null;
}

export type TimelineEvent = FromSchema<typeof timelineEventSchema>;

export type MacHeuristic = FromSchema<typeof macHeuristicSchema>;

export type MacArtefact = FromSchema<typeof macArtefactSchema>;

export interface MacReport {
  identity: MacIdentity;
  security: MacSecurity;
  persistence: PersistenceItem[];
  tcc: TccGrant[];
  processes: MacProcess[];
  network: NetworkConnection[];
  downloads: Download[];
  xprotect: XprotectDetection[];
  timeline: TimelineEvent[];
  observations: Observation[];
  heuristics: MacHeuristic[];
  artefacts: MacArtefact[];
  warnings: string[];
}
