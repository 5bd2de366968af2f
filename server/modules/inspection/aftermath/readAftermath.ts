import { openZip, type SafeZip, type ZipEntryInfo, type ZipInput, type ZipLimits } from '../android/safeZip';
import { ArchiveError } from '../archiveError';
import { extractArtefact } from '../artefacts';
import { isDict, parseXmlPlist, type PlistValue } from '../iosBackup/plist';
import { TEAM_ID } from '../stixPattern';
import { clipRaw, type Observation } from '../types';
import { type ExecPolicy, execPolicyObservations, execPolicyTimeline, readExecPolicy } from './execPolicy';
import { execPolicyHeuristics } from './execPolicyHeuristics';
import { hostOfUrl, macHeuristics } from './macHeuristics';
import type { MacArtefact, MacReport, PersistenceItem, TimelineEvent } from './macTypes';
import { remoteLoginHeuristics, type RemoteLogins } from './remoteLoginHeuristics';
import { readQuarantine, readTcc, readXprotect } from './sqliteReaders';
import { applyWal } from './sqliteWal';
import {
  hostOf,
  parseBtm,
  parseCrontab,
  parseCrontabs,
  parseDownloadsCsv,
  parseHistoryCsv,
  parseLaunchItems,
  parseLaunchPlist,
  parseLsof,
  parseSystemExtensions,
  parseSystemInformation,
  parseTrueTree,
  splitAftermathCsv,
} from './textParsers';
import { readUnifiedLog } from './unifiedLog';

/**
 * The bounds of an Aftermath archive: the zip's own checks (inspection's safeZip: traversal,
 * links, bombs, entry counts) with these limits, then what one artefact may hold when read.
 */
export const AFTERMATH_LIMITS: ZipLimits = {
  maxEntries: 200_000,
  maxEntryBytes: 2 * 1024 ** 3,
  maxTotalBytes: 8 * 1024 ** 3,
  maxCompressionRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxReadBytes: 2 * 1024 ** 3,
  maxDepth: 32,
  maxPathLength: 1024,
};
/** A text artefact or SQLite database read whole at most this big (bigger: skipped with a warning). */
export const MAX_MAC_ARTEFACT_BYTES = 64 * 1024 * 1024;
/** Timeline events one archive keeps (metadata.csv alone can hold millions of lines). */
export const MAX_TIMELINE_EVENTS = 50_000;

/** Visits one browser history file yields (a profile used for years holds hundreds of thousands). */
export const MAX_HISTORY_ROWS = 200_000;
/** Downloads one browser's downloads_output.csv yields. */
export const MAX_DOWNLOAD_ROWS = 50_000;
/** The first date field of a metadata.csv line (birth), after the path's comma. */
const METADATA_DATE = /,\s*(\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}[^,]*)/;

/** `into.push(...items)` without the spread: a spread of more than ~100,000 items overflows the stack. */
function append<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

const AFTERMATH_FOLDERS = [
  'Recon/',
  'Persistence/',
  'Artifacts/',
  'Processes/',
  'Network/',
  'Browser/',
  'Filesystem/',
  'UnifiedLog/',
];
/** Where Aftermath copies syspolicyd's database (macOS 13+), beside its -shm and -wal. */
const EXEC_POLICY = 'Artifacts/raw/provenance/ExecPolicy';
const EXEC_POLICY_WAL = `${EXEC_POLICY}-wal`;

/**
 * The prefix every Aftermath path sits under: `Aftermath_<serial>/` as the tool writes it, any one
 * top folder when the output folder was zipped by hand, or none.
 */
function rootOf(zip: SafeZip): string {
  const tops = new Set(zip.entries.map((e) => e.path.split('/')[0]!));
  const files = zip.entries.filter((e) => !e.directory);
  if (tops.size === 1 && files.some((e) => e.path.includes('/'))) {
    const [top] = [...tops];
    if (!AFTERMATH_FOLDERS.includes(`${top}/`)) return `${top}/`;
  }
  return '';
}

interface Reader {
  match: (path: string) => boolean;
  read: (data: Buffer, path: string, into: Collected) => Promise<number> | number;
  /** Read from the entry's chunks instead (bounded by MAX_STREAMED_ARTEFACT_BYTES, not read whole). */
  stream?: (chunks: AsyncIterable<Buffer>, path: string, into: Collected) => Promise<number>;
}

/** A streamed artefact (metadata.csv) inflated at most this far; the rest is not read, with a warning. */
export const MAX_STREAMED_ARTEFACT_BYTES = 1024 ** 3;
/** A metadata.csv line longer than this is skipped (a path is at most 1,024 bytes on macOS). */
const MAX_METADATA_LINE_BYTES = 64 * 1024;

/** One metadata.csv line as a file event: `file,birth,modified,...`, never quoted (a comma in a path splits it). */
function metadataEvent(line: string, source: string): TimelineEvent | null {
  const date = METADATA_DATE.exec(line);
  if (!date) return null;
  const file = line.slice(0, date.index);
  if (!file) return null;
  const text = date[1]!.trim();
  const at = Date.parse(`${text.replace(' ', 'T')}${/[Zz+]/.test(text) ? '' : 'Z'}`);
  if (!Number.isFinite(at)) return null;
  return { at: new Date(at).toISOString(), source, kind: 'file', text: `created ${file}` };
}

/**
 * metadata.csv line by line from the entry's chunks: a file of millions of lines is never held
 * whole, and reading stops (the rest not inflated) once the timeline holds MAX_TIMELINE_EVENTS.
 */
async function readMetadata(chunks: AsyncIterable<Buffer>, path: string, into: Collected): Promise<number> {
  let n = 0;
  let header = true;
  let rest: Buffer | null = null;
  let skipping = false;
  const take = (bytes: Buffer) => {
    if (skipping) {
      skipping = false;
      return;
    }
    const end = bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;
    if (header) {
      header = false;
      return;
    }
    if (end > MAX_METADATA_LINE_BYTES) return;
    const event = metadataEvent(bytes.toString('utf8', 0, end), path);
    if (event) {
      into.files.push(event);
      n += 1;
    }
  };
  for await (const chunk of chunks) {
    let data: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(10); nl >= 0; nl = data.indexOf(10, start)) {
      take(data.subarray(start, nl));
      start = nl + 1;
      if (into.files.length >= MAX_TIMELINE_EVENTS) return n;
    }
    data = data.subarray(start);
    // An endless line is dropped, not buffered: only its tail is kept to find the next newline.
    if (data.length > MAX_METADATA_LINE_BYTES) {
      skipping = true;
      rest = null;
    } else rest = Buffer.from(data);
  }
  if (rest && rest.length > 0 && into.files.length < MAX_TIMELINE_EVENTS) take(rest);
  return n;
}

type Collected = Omit<MacReport, 'heuristics' | 'observations' | 'timeline'> & {
  history: { at: string | null; url: string; source: string }[];
  files: TimelineEvent[];
  ips: Observation[];
  execPolicy: ExecPolicy[];
  /** ExecPolicy's write-ahead log, read before the database (its newest rows are often only there). */
  execPolicyWal: Buffer | null;
  logEvents: TimelineEvent[];
  logObservations: Observation[];
  remoteLogins: RemoteLogins[];
};

const READERS: Reader[] = [
  {
    match: (p) => p === 'Recon/system_information.txt',
    read: (data, _path, into) => {
      const { identity, security } = parseSystemInformation(data.toString('utf8'));
      Object.assign(into.identity, identity);
      // A setting the file does not state is null: it leaves what is known alone and is no record.
      const stated = Object.entries(security).filter(([, v]) => v !== null);
      Object.assign(into.security, Object.fromEntries(stated));
      return Object.keys(identity).length + stated.length;
    },
  },
  {
    match: (p) => p === 'Persistence/launchItems.txt',
    read: (data, path, into) => {
      const items = parseLaunchItems(data.toString('utf8'), path);
      mergePersistence(into.persistence, items);
      return items.length;
    },
  },
  {
    match: (p) => /^Persistence\/raw\/[^/]+\.plist$/.test(p),
    read: (data, path, into) => {
      const name = path.slice(path.lastIndexOf('/') + 1);
      // The raw copy keeps only the file name: where it came from is read in launchItems.txt.
      const known = into.persistence.find((i) => i.path.endsWith(`/${name}`));
      const item = parseLaunchPlist(data, known?.path ?? `/Library/LaunchAgents/${name}`, path);
      if ('error' in item) throw new Error(item.error);
      mergePersistence(into.persistence, [item]);
      return 1;
    },
  },
  {
    match: (p) => p === 'Persistence/btm.txt',
    read: (data, path, into) => {
      const items = parseBtm(data.toString('utf8'), path);
      mergePersistence(into.persistence, items);
      return items.length;
    },
  },
  {
    match: (p) => /^Persistence\/(crontab|cron)[^/]*$|^Persistence\/raw\/(crontabs?|cron\/cron_tabs)\//.test(p),
    read: (data, path, into) => {
      // The raw copy of /usr/lib/cron/tabs/<user> and its text in crontabs.txt are the same jobs.
      const raw = /^Persistence\/raw\/cron\/cron_tabs\/([^/]+)$/.exec(path);
      const text = data.toString('utf8');
      const items = raw
        ? parseCrontab(text, `/usr/lib/cron/tabs/${raw[1]}`, path)
        : /^Persistence\/crontabs\.txt$/.test(path)
          ? parseCrontabs(text, path)
          : parseCrontab(text, path, path);
      for (const item of items)
        if (!into.persistence.some((p) => p.kind === 'cron' && p.path === item.path && p.program === item.program))
          into.persistence.push(item);
      return items.length;
    },
  },
  {
    match: (p) => /^Artifacts\/raw\/(tcc_[^/]+|TCC\.db)$/.test(p),
    read: async (data, path, into) => {
      const grants = await readTcc(data, path);
      append(into.tcc, grants);
      return grants.length;
    },
  },
  {
    match: (p) => /^Artifacts\/raw\/(lsquarantine_[^/]+|QuarantineEventsV2)$/.test(p),
    read: async (data, path, into) => {
      const downloads = await readQuarantine(data, path);
      append(into.downloads, downloads);
      return downloads.length;
    },
  },
  {
    match: (p) => /^Artifacts\/raw\/xbs\/XPdb$/.test(p),
    read: async (data, _path, into) => {
      const detections = await readXprotect(data);
      append(into.xprotect, detections);
      return detections.length;
    },
  },
  {
    match: (p) => p === EXEC_POLICY_WAL,
    read: (data, _path, into) => {
      into.execPolicyWal = data;
      return 0;
    },
  },
  {
    match: (p) => p === EXEC_POLICY,
    read: async (data, path, into) => {
      let bytes: Uint8Array = data;
      if (into.execPolicyWal) {
        const wal = into.artefacts.find((a) => a.path === EXEC_POLICY_WAL);
        try {
          const applied = applyWal(data, into.execPolicyWal);
          bytes = applied.bytes;
          if (wal) wal.records = applied.frames;
        } catch (error) {
          const why = error instanceof Error ? error.message : 'unreadable';
          if (wal) wal.error = `not applied: ${why}`;
          into.warnings.push(`${EXEC_POLICY_WAL}: not applied (${why}): the database read without it`);
        }
      }
      const policy = await readExecPolicy(bytes, path);
      into.execPolicy.push(policy);
      return policy.measurements.length + policy.provenance.length + policy.scanned.length;
    },
  },
  {
    match: (p) => /^UnifiedLog\/[^/]+\.txt$/.test(p),
    read: () => 0,
    stream: async (chunks, path, into) => {
      const log = await readUnifiedLog(chunks, path);
      append(into.logEvents, log.events);
      append(into.logObservations, log.observations);
      append(into.remoteLogins, log.remoteLogins);
      append(into.warnings, log.warnings);
      return log.entries;
    },
  },
  {
    match: (p) => p === 'Processes/true_tree_output.txt',
    read: (data, _path, into) => {
      into.processes = parseTrueTree(data.toString('utf8'));
      return into.processes.length;
    },
  },
  {
    match: (p) => p === 'Network/lsof_output.txt',
    read: (data, _path, into) => {
      into.network = parseLsof(data.toString('utf8'));
      return into.network.length;
    },
  },
  {
    match: (p) => p === 'Persistence/systemExtensions.txt',
    read: (data, path, into) => {
      const items = parseSystemExtensions(data.toString('utf8'), path);
      mergePersistence(into.persistence, items);
      return items.length;
    },
  },
  {
    match: (p) => p === 'Artifacts/config_profiles.txt',
    read: (data, path, into) => {
      const items = configurationProfiles(data.toString('utf8'), path);
      mergePersistence(into.persistence, items);
      return items.length;
    },
  },
  {
    match: (p) => /^Browser\/[^/]+\/downloads_output\.csv$/i.test(p),
    read: (data, path, into) => {
      const { rows, cut } = parseDownloadsCsv(data.toString('utf8'), MAX_DOWNLOAD_ROWS);
      const agent = path.split('/')[1] ?? null;
      for (const r of rows) into.downloads.push({ at: r.at, agent, url: r.url, origin: null, source: path });
      if (cut) into.warnings.push(`${path}: more than ${MAX_DOWNLOAD_ROWS} downloads: the rest not read`);
      return rows.length;
    },
  },
  {
    match: (p) => /^Browser\/.+\.csv$/i.test(p) && /history/i.test(p),
    read: (data, path, into) => {
      const { rows, cut } = parseHistoryCsv(data.toString('utf8'), MAX_HISTORY_ROWS);
      for (const r of rows) into.history.push({ at: r.at, url: r.url, source: path });
      if (cut) into.warnings.push(`${path}: more than ${MAX_HISTORY_ROWS} visits: the rest not read`);
      return rows.length;
    },
  },
  {
    match: (p) => /(^|\/)metadata\.csv$/.test(p),
    read: () => 0,
    stream: readMetadata,
  },
  {
    match: (p) => p.toLowerCase().endsWith('.ips'),
    read: (data, path, into) => {
      const result = extractArtefact(path, data);
      if (result.error) throw new Error(result.error);
      append(into.ips, result.observations);
      return result.observations.length;
    },
  },
];

/**
 * Artifacts/config_profiles.txt (`profiles -C -o stdout-xml`): an XML plist whose keys are the
 * profiles' scopes (`_computerlevel`, a user's name), each an array of profiles. A profile is an
 * item of persistence (it can install certificates, VPNs, managed settings): its identifier, name
 * and organisation, and its payloads' identifiers as bundle-id-like names the rules can match.
 */
function configurationProfiles(text: string, source: string): PersistenceItem[] {
  if (!text.includes('<plist')) return [];
  const root = parseXmlPlist(text);
  if (!isDict(root)) throw new Error('not a profiles list');
  const items: PersistenceItem[] = [];
  const s = (v: PlistValue | undefined) => (typeof v === 'string' && v ? v : null);
  for (const list of Object.values(root)) {
    if (!Array.isArray(list)) continue;
    for (const p of list) {
      if (!isDict(p)) continue;
      const id = s(p.ProfileIdentifier);
      if (!id) continue;
      const payloads = Array.isArray(p.ProfileItems) ? p.ProfileItems.filter(isDict) : [];
      items.push({
        kind: 'profile',
        path: id,
        label: s(p.ProfileDisplayName) ?? id,
        program:
          payloads
            .map((x) => s(x.PayloadType))
            .filter(Boolean)
            .join(', ') || null,
        sha256: null,
        signer: s(p.ProfileOrganization),
        source,
      });
    }
  }
  return items;
}

/** The same item seen in launchItems.txt and its raw plist is one: what each adds is kept. */
function mergePersistence(into: PersistenceItem[], items: PersistenceItem[]): void {
  for (const item of items) {
    const known = into.find((i) => i.path === item.path && i.kind === item.kind);
    if (!known) {
      into.push(item);
      continue;
    }
    known.label ??= item.label;
    known.program ??= item.program;
    known.sha256 ??= item.sha256;
    known.signer ??= item.signer;
  }
}

const obs = (kind: Observation['kind'], value: string, source: string, raw?: string, timestamp?: string | null) => ({
  kind,
  value,
  source,
  ...(raw ? { raw: clipRaw(raw) } : {}),
  ...(timestamp ? { timestamp } : {}),
});

const isIpv4 = (v: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(v);

/** What the matcher looks at, from everything read: paths, process names, hashes, bundle ids, hosts, URLs. */
function observationsOf(c: Collected): Observation[] {
  const out: Observation[] = [];
  const host = (h: string | null, source: string, raw: string, at?: string | null) => {
    if (!h || h === '*' || h === 'localhost' || h.startsWith('127.') || h === '::1') return;
    out.push(obs(isIpv4(h) ? 'ipv4' : 'domain', h, source, raw, at));
  };
  for (const p of c.persistence) {
    if (p.kind === 'profile') {
      // A profile's identifier is reverse-DNS like a bundle id; its payload types are not paths.
      out.push(obs('bundleId', p.path, p.source, `profile ${p.path} ${p.label ?? ''}`));
      continue;
    }
    out.push(obs('path', p.path, p.source, `${p.kind} ${p.path}`));
    if (p.program) {
      out.push(obs('path', p.program, p.source, `${p.label ?? p.path} starts ${p.program}`));
      out.push(obs('process', p.program, p.source, `${p.label ?? p.path} starts ${p.program}`));
    }
    if (p.label) out.push(obs('bundleId', p.label, p.source, `Label ${p.label}`));
    if (p.sha256) out.push(obs('fileHash', p.sha256, p.source, `${p.program ?? p.path} SHA256 ${p.sha256}`));
    // The signer is `unsigned`, `apple` or the team id that signed the program.
    if (p.signer && TEAM_ID.test(p.signer))
      out.push(obs('teamId', p.signer, p.source, `${p.program ?? p.path} signed by team ${p.signer}`));
  }
  for (const g of c.tcc) {
    const raw = `${g.service} ${g.client} ${g.auth}`;
    out.push(obs(g.clientType === 'path' ? 'path' : 'bundleId', g.client, g.source, raw, g.at));
  }
  for (const p of c.processes) {
    out.push(obs('process', p.path, 'Processes/true_tree_output.txt', `${p.path} ${p.pid}`));
    if (p.path.startsWith('/')) out.push(obs('path', p.path, 'Processes/true_tree_output.txt', `${p.path} ${p.pid}`));
  }
  for (const n of c.network) {
    if (n.remote)
      host(hostOf(n.remote), 'Network/lsof_output.txt', `${n.command} ${n.pid ?? ''} ${n.local ?? ''}->${n.remote}`);
    out.push(obs('process', n.command, 'Network/lsof_output.txt', `${n.command} ${n.pid ?? ''}`));
  }
  for (const d of c.downloads) {
    for (const u of [d.url, d.origin]) {
      if (!u) continue;
      if (/^https?:/i.test(u)) {
        out.push(obs('url', u, d.source, `${d.agent ?? ''} ${u}`, d.at));
        host(hostOfUrl(u), d.source, `${d.agent ?? ''} ${u}`, d.at);
      } else if (u.startsWith('file://')) out.push(obs('path', decodeURIComponent(u.slice(7)), d.source, u, d.at));
    }
  }
  for (const x of c.xprotect) {
    if (x.path) out.push(obs('path', x.path, 'Artifacts/raw/xbs/XPdb', `${x.rule} ${x.path}`, x.at));
    if (x.sha256) out.push(obs('fileHash', x.sha256, 'Artifacts/raw/xbs/XPdb', `${x.rule} ${x.sha256}`, x.at));
    if (x.signingId) {
      out.push(obs('bundleId', x.signingId, 'Artifacts/raw/xbs/XPdb', `signing id ${x.signingId}`, x.at));
      out.push(obs('signingId', x.signingId, 'Artifacts/raw/xbs/XPdb', `${x.rule} signing id ${x.signingId}`, x.at));
    }
    if (x.teamId) out.push(obs('teamId', x.teamId, 'Artifacts/raw/xbs/XPdb', `${x.rule} team id ${x.teamId}`, x.at));
  }
  for (const h of c.history) {
    out.push(obs('url', h.url, h.source, h.url, h.at));
    host(hostOfUrl(h.url), h.source, h.url, h.at);
  }
  append(out, c.ips);
  for (const policy of c.execPolicy) append(out, execPolicyObservations(policy));
  append(out, c.logObservations);
  return out;
}

/** One storyline across sources, oldest first: downloads, grants, detections, visits, files. */
function timelineOf(c: Collected): TimelineEvent[] {
  const events: TimelineEvent[] = [...c.files];
  for (const d of c.downloads)
    if (d.at)
      events.push({
        at: d.at,
        source: d.source,
        kind: 'download',
        text: `${d.agent ?? 'An app'} downloaded ${d.url ?? 'a file'}${d.origin ? ` from ${d.origin}` : ''}`,
      });
  for (const g of c.tcc)
    if (g.at) events.push({ at: g.at, source: g.source, kind: 'tcc', text: `${g.service} ${g.auth} for ${g.client}` });
  for (const x of c.xprotect)
    if (x.at)
      events.push({
        at: x.at,
        source: 'Artifacts/raw/xbs/XPdb',
        kind: 'xprotect',
        text: `XProtect: ${x.rule} by ${x.path}`,
      });
  for (const h of c.history)
    if (h.at) events.push({ at: h.at, source: h.source, kind: 'history', text: `visited ${h.url}` });
  for (const policy of c.execPolicy) append(events, execPolicyTimeline(policy));
  append(events, c.logEvents);
  events.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return events.slice(0, MAX_TIMELINE_EVENTS);
}

export interface AftermathOptions {
  now?: Date;
  limits?: ZipLimits;
}

/**
 * Reads an Aftermath archive (the zip the tool writes, or its output folder zipped by hand): the
 * zip is checked whole before any entry is inflated (ArchiveError with the reason), then each
 * artefact we know is read; one that cannot be read is reported and the others still count.
 */
export async function readAftermath(input: ZipInput, options: AftermathOptions = {}): Promise<MacReport> {
  const zip = await openZip(input, options.limits ?? AFTERMATH_LIMITS);
  try {
    const root = rootOf(zip);
    const collected: Collected = {
      identity: {},
      security: { sip: null, gatekeeper: null, fileVault: null },
      persistence: [],
      tcc: [],
      processes: [],
      network: [],
      downloads: [],
      xprotect: [],
      artefacts: [],
      warnings: [],
      history: [],
      files: [],
      ips: [],
      execPolicy: [],
      execPolicyWal: null,
      logEvents: [],
      logObservations: [],
      remoteLogins: [],
    };
    const files = zip.entries.filter((e) => !e.directory && e.path.startsWith(root));
    const relative = (e: ZipEntryInfo) => e.path.slice(root.length);
    if (!files.some((e) => AFTERMATH_FOLDERS.some((f) => relative(e).startsWith(f))))
      throw new ArchiveError(
        'not-an-archive',
        'This zip is not an Aftermath archive (no Recon, Persistence, Artifacts, Processes or Network folder)',
      );
    // launchItems.txt first: the raw plists are matched to the paths it names; ExecPolicy's log
    // before the database it completes.
    const order = (e: ZipEntryInfo) =>
      relative(e) === 'Persistence/launchItems.txt' || relative(e) === EXEC_POLICY_WAL ? 0 : 1;
    for (const entry of [...files].sort((a, b) => order(a) - order(b))) {
      const path = relative(entry);
      const reader = READERS.find((r) => r.match(path));
      if (!reader) continue;
      const artefact: MacArtefact = { path, records: 0 };
      collected.artefacts.push(artefact);
      if (reader.stream) {
        try {
          artefact.records = await reader.stream(zip.chunks(entry, MAX_STREAMED_ARTEFACT_BYTES), path, collected);
          if (entry.size > MAX_STREAMED_ARTEFACT_BYTES && collected.files.length < MAX_TIMELINE_EVENTS)
            collected.warnings.push(`${path}: only its first ${MAX_STREAMED_ARTEFACT_BYTES} bytes read`);
        } catch (error) {
          if (error instanceof ArchiveError) throw error;
          artefact.error = error instanceof Error ? error.message.slice(0, 300) : 'could not be read';
        }
        continue;
      }
      if (entry.size > MAX_MAC_ARTEFACT_BYTES) {
        artefact.error = `larger than ${MAX_MAC_ARTEFACT_BYTES} bytes: not read`;
        continue;
      }
      const data = await zip.read(entry);
      try {
        artefact.records = await reader.read(data, path, collected);
      } catch (error) {
        artefact.error = error instanceof Error ? error.message.slice(0, 300) : 'could not be read';
      }
    }
    if (!collected.identity.serial) {
      const fromRoot = /^Aftermath_([A-Za-z0-9]+)\/$/.exec(root)?.[1];
      if (fromRoot) collected.identity.serial = fromRoot;
    }
    const {
      history,
      files: fileEvents,
      ips,
      execPolicy,
      execPolicyWal,
      logEvents,
      logObservations,
      remoteLogins,
      ...rest
    } = collected;
    void history;
    void fileEvents;
    void ips;
    void execPolicyWal;
    void logEvents;
    void logObservations;
    const report: MacReport = {
      ...rest,
      observations: observationsOf(collected),
      timeline: timelineOf(collected),
      heuristics: [],
    };
    report.heuristics = macHeuristics(report, options.now ?? new Date());
    for (const policy of execPolicy) append(report.heuristics, execPolicyHeuristics(policy));
    append(report.heuristics, remoteLoginHeuristics(remoteLogins));
    return report;
  } finally {
    zip.close();
  }
}

export { splitAftermathCsv };
