import { clipRaw, type Observation } from '../types';
import type { TimelineEvent } from './macTypes';
import { columns, MAX_SQLITE_ROWS, rows, str, withDatabase } from './sqliteReaders';

/**
 * One row of executable_measurements_v2: syspolicyd measures an executable when Gatekeeper
 * assesses it at launch (macOS 10.15+), keyed by its cdhash.
 */
export interface ExecMeasurement {
  /** file_identifier: the executable's name (a path when the column holds one). */
  name: string;
  path: string | null;
  signed: boolean | null;
  quarantined: boolean | null;
  bundleId: string | null;
  teamId: string | null;
  signingId: string | null;
  cdhash: string | null;
  /** main_executable_hash, kept only in the 64-hex form of a SHA-256. */
  sha256: string | null;
  /** When it was measured (the row's timestamp, else executable_timestamp). */
  at: string | null;
  source: string;
}

/** One row of provenance_tracking (macOS 13+): an app that cleared quarantine on its first launch. */
export interface ProvenanceRecord {
  path: string;
  bundleId: string | null;
  teamId: string | null;
  signingId: string | null;
  cdhash: string | null;
  at: string | null;
  source: string;
}

/** One row of scan_targets_v2: a path syspolicyd queued to measure, and the app responsible for it. */
export interface ScanTarget {
  path: string;
  responsible: string | null;
  at: string | null;
  source: string;
}

export interface ExecPolicy {
  measurements: ExecMeasurement[];
  provenance: ProvenanceRecord[];
  scanned: ScanTarget[];
}

/** syspolicyd writes Unix seconds (strftime('%s')); a value past year 5138 is read as milliseconds. */
function unixToIso(value: unknown): string | null {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n) || n <= 0) return null;
  const ms = n > 1e11 ? n : n * 1000;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const flag = (v: unknown): boolean | null => (v === null || v === undefined || v === '' ? null : Number(v) !== 0);

/** `file:///Applications/X.app/` as the path it names; anything else as written. */
function pathOfUrl(url: string): string {
  if (!/^file:\/\//i.test(url)) return url;
  let path = url.slice(7);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray % is kept as written: the path still says where the app was.
  }
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Artifacts/raw/provenance/ExecPolicy, syspolicyd's database. The tables and columns differ by
 * macOS release, so each column is read only when the table has it; a database with none of the
 * three tables is refused.
 */
export async function readExecPolicy(data: Uint8Array, source: string): Promise<ExecPolicy> {
  return withDatabase(data, (db) => {
    const measured = columns(db, 'executable_measurements_v2');
    const tracked = columns(db, 'provenance_tracking');
    const targets = columns(db, 'scan_targets_v2');
    if (!measured.has('file_identifier') && !tracked.has('url') && !targets.has('path'))
      throw new Error('no ExecPolicy tables (executable_measurements_v2, provenance_tracking, scan_targets_v2)');
    const col = (have: Set<string>, name: string) => (have.has(name) ? name : 'NULL');
    const out: ExecPolicy = { measurements: [], provenance: [], scanned: [] };
    if (measured.has('file_identifier')) {
      const m = (name: string) => col(measured, name);
      for (const r of rows(
        db,
        `SELECT file_identifier AS file, ${m('is_signed')} AS signed, ${m('is_quarantined')} AS quarantined,
                ${m('bundle_identifier')} AS bundle, ${m('team_identifier')} AS team, ${m('signing_identifier')} AS signing,
                ${m('cdhash')} AS cdhash, ${m('main_executable_hash')} AS hash, ${m('timestamp')} AS t,
                ${m('executable_timestamp')} AS et FROM executable_measurements_v2`,
        MAX_SQLITE_ROWS,
      )) {
        const file = str(r.file);
        if (!file) continue;
        const hash = str(r.hash)?.toLowerCase() ?? null;
        out.measurements.push({
          name: file.startsWith('/') ? file.slice(file.lastIndexOf('/') + 1) : file,
          path: file.startsWith('/') ? file : null,
          signed: flag(r.signed),
          quarantined: flag(r.quarantined),
          bundleId: str(r.bundle),
          teamId: str(r.team),
          signingId: str(r.signing),
          cdhash: str(r.cdhash)?.toLowerCase() ?? null,
          sha256: hash && /^[0-9a-f]{64}$/.test(hash) ? hash : null,
          at: unixToIso(r.t) ?? unixToIso(r.et),
          source,
        });
      }
    }
    if (tracked.has('url')) {
      const p = (name: string) => col(tracked, name);
      for (const r of rows(
        db,
        `SELECT url, ${p('bundle_id')} AS bundle, ${p('team_identifier')} AS team, ${p('signing_identifier')} AS signing,
                ${p('cdhash')} AS cdhash, ${p('timestamp')} AS t FROM provenance_tracking`,
        MAX_SQLITE_ROWS,
      )) {
        const url = str(r.url);
        if (!url) continue;
        out.provenance.push({
          path: pathOfUrl(url),
          bundleId: str(r.bundle),
          teamId: str(r.team),
          signingId: str(r.signing),
          cdhash: str(r.cdhash)?.toLowerCase() ?? null,
          at: unixToIso(r.t),
          source,
        });
      }
    }
    if (targets.has('path')) {
      const t = (name: string) => col(targets, name);
      for (const r of rows(
        db,
        `SELECT path, ${t('responsible_path')} AS responsible, ${t('timestamp')} AS t FROM scan_targets_v2`,
        MAX_SQLITE_ROWS,
      )) {
        const path = str(r.path);
        if (path) out.scanned.push({ path, responsible: str(r.responsible), at: unixToIso(r.t), source });
      }
    }
    return out;
  });
}

const signature = (m: ExecMeasurement) =>
  m.signed === false
    ? 'unsigned'
    : m.signed
      ? m.teamId
        ? `signed by team ${m.teamId}`
        : 'signed'
      : 'signature unknown';

/**
 * What the matcher can meet: names and paths, bundle and signing ids (as `bundleId`, the way
 * XProtect's signing ids are, for `app:id` rules), SHA-256s, and the code signature itself
 * (`teamId`, `signingId`, `cdhash`) for the code-signing extension's rules.
 */
export function execPolicyObservations(policy: ExecPolicy): Observation[] {
  const out: Observation[] = [];
  const add = (kind: Observation['kind'], value: string | null, source: string, raw: string, at: string | null) => {
    if (value) out.push({ kind, value, source, raw: clipRaw(raw), ...(at ? { timestamp: at } : {}) });
  };
  for (const m of policy.measurements) {
    const raw = `measured ${m.path ?? m.name} ${signature(m)}${m.quarantined ? ' quarantined' : ''}${m.signingId ? ` signing id ${m.signingId}` : ''}${m.cdhash ? ` cdhash ${m.cdhash}` : ''}`;
    add('process', m.path ?? m.name, m.source, raw, m.at);
    add('path', m.path, m.source, raw, m.at);
    add('bundleId', m.bundleId, m.source, raw, m.at);
    if (m.signingId !== m.bundleId) add('bundleId', m.signingId, m.source, raw, m.at);
    add('fileHash', m.sha256, m.source, `${raw} SHA256 ${m.sha256 ?? ''}`, m.at);
    add('teamId', m.teamId, m.source, raw, m.at);
    add('signingId', m.signingId, m.source, raw, m.at);
    add('cdhash', m.cdhash, m.source, raw, m.at);
  }
  for (const p of policy.provenance) {
    const raw = `provenance ${p.path}${p.teamId ? ` team ${p.teamId}` : ''}${p.signingId ? ` signing id ${p.signingId}` : ''}`;
    if (p.path.startsWith('/')) add('path', p.path, p.source, raw, p.at);
    add('bundleId', p.bundleId, p.source, raw, p.at);
    if (p.signingId !== p.bundleId) add('bundleId', p.signingId, p.source, raw, p.at);
    add('teamId', p.teamId, p.source, raw, p.at);
    add('signingId', p.signingId, p.source, raw, p.at);
    add('cdhash', p.cdhash, p.source, `${raw}${p.cdhash ? ` cdhash ${p.cdhash}` : ''}`, p.at);
  }
  for (const t of policy.scanned) {
    const raw = `scan target ${t.path}${t.responsible ? ` for ${t.responsible}` : ''}`;
    add('path', t.path, t.source, raw, t.at);
    if (t.responsible?.startsWith('/')) add('path', t.responsible, t.source, raw, t.at);
  }
  return out;
}

/** First measured runs and apps leaving quarantine, in the database's order (the timeline sorts). */
export function execPolicyTimeline(policy: ExecPolicy): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  for (const m of policy.measurements)
    if (m.at)
      events.push({
        at: m.at,
        source: m.source,
        kind: 'execution',
        text: `first measured run of ${m.path ?? m.name}${m.bundleId ? ` (${m.bundleId})` : ''}: ${signature(m)}${m.quarantined ? ', quarantined' : ''}`,
      });
  for (const p of policy.provenance)
    if (p.at)
      events.push({
        at: p.at,
        source: p.source,
        kind: 'execution',
        text: `${p.path} left quarantine on its first launch${p.teamId ? ` (team ${p.teamId})` : ', no developer team'}`,
      });
  return events;
}
