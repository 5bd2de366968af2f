import type { Observation } from '../types';

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

/** Security settings as collected; absent when the archive does not say. */
export interface MacSecurity {
  sip?: boolean;
  gatekeeper?: boolean;
  fileVault?: boolean;
}

export type PersistenceKind =
  'launchAgent' | 'launchDaemon' | 'cron' | 'loginItem' | 'btm' | 'systemExtension' | 'profile';

export interface PersistenceItem {
  kind: PersistenceKind;
  /** The plist, crontab or login item as the Mac names it. */
  path: string;
  label: string | null;
  /** The binary it starts (Program, or ProgramArguments[0]; a cron line's command). */
  program: string | null;
  sha256: string | null;
  /** `unsigned`, `apple`, or the team id that signed the binary; null when not collected. */
  signer: string | null;
  source: string;
}

export interface TccGrant {
  service: string;
  client: string;
  /** 0: bundle id, 1: absolute path (TCC's client_type). */
  clientType: 'bundle' | 'path';
  auth: 'denied' | 'unknown' | 'allowed' | 'limited';
  at: string | null;
  source: string;
}

export interface MacProcess {
  pid: number;
  ppid: number | null;
  path: string;
  depth: number;
}

export interface NetworkConnection {
  command: string;
  pid: number | null;
  local: string | null;
  remote: string | null;
  state: string | null;
}

export interface Download {
  at: string | null;
  agent: string | null;
  url: string | null;
  origin: string | null;
  source: string;
}

export interface XprotectDetection {
  rule: string;
  path: string;
  teamId: string | null;
  signingId: string | null;
  sha256: string | null;
  at: string | null;
}

export interface TimelineEvent {
  at: string;
  source: string;
  /** `execution`: ExecPolicy's measured runs and apps leaving quarantine; `log`: a unified-log entry. */
  kind: 'download' | 'tcc' | 'xprotect' | 'file' | 'history' | 'execution' | 'log';
  text: string;
}

export interface MacHeuristic {
  rule: MacHeuristicRule;
  level: MacLevel;
  message: string;
  why: string;
  source: string;
  evidence: string[];
}

export interface MacArtefact {
  path: string;
  records: number;
  error?: string;
}

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
