import { int, nbool, nint, nstr, obj, oneOf, str } from '../../../schemaBuilders';
import { MAC_HEURISTIC_RULES, MAC_LEVELS } from './macTypes';

/**
 * JSON schemas of what the Aftermath readers yield and a Mac's report stores: the engine's types
 * are derived from them (macTypes.ts) and electron's answers reuse them, so the two cannot drift.
 */

/** Security settings as collected; null when the archive does not say. */
export const macSecuritySchema = obj({ sip: nbool, gatekeeper: nbool, fileVault: nbool });

export const PERSISTENCE_KINDS = [
  'launchAgent',
  'launchDaemon',
  'cron',
  'loginItem',
  'btm',
  'systemExtension',
  'profile',
] as const;

export const persistenceItemSchema = obj({
  kind: oneOf(PERSISTENCE_KINDS),
  /** The plist, crontab or login item as the Mac names it. */
  path: str,
  label: nstr,
  /** The binary it starts (Program, or ProgramArguments[0]; a cron line's command). */
  program: nstr,
  sha256: nstr,
  /** `unsigned`, `apple`, or the team id that signed the binary; null when not collected. */
  signer: nstr,
  source: str,
});

export const tccGrantSchema = obj({
  service: str,
  client: str,
  /** 0: bundle id, 1: absolute path (TCC's client_type). */
  clientType: oneOf(['bundle', 'path'] as const),
  auth: oneOf(['denied', 'unknown', 'allowed', 'limited'] as const),
  at: nstr,
  source: str,
});

export const macProcessSchema = obj({ pid: int, ppid: nint, path: str, depth: int });

export const networkConnectionSchema = obj({ command: str, pid: nint, local: nstr, remote: nstr, state: nstr });

export const downloadSchema = obj({ at: nstr, agent: nstr, url: nstr, origin: nstr, source: str });

/** `execution`: ExecPolicy's measured runs and apps leaving quarantine; `log`: a unified-log entry. */
export const TIMELINE_KINDS = ['download', 'tcc', 'xprotect', 'file', 'history', 'execution', 'log'] as const;

export const timelineEventSchema = obj({ at: str, source: str, kind: oneOf(TIMELINE_KINDS), text: str });

/** An artefact read: its records, or why it could not be. */
export const macArtefactSchema = {
  type: 'object',
  properties: { path: str, records: int, error: str },
  required: ['path', 'records'],
  additionalProperties: false,
} as const;

/** A heuristic as the readers raise it; electron's answer adds its triage. */
export const macHeuristicSchema = obj({
  rule: oneOf(MAC_HEURISTIC_RULES),
  level: oneOf(MAC_LEVELS),
  message: str,
  why: str,
  source: str,
  evidence: { type: 'array', items: str },
});
