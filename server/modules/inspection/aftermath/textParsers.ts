import { isDict, parsePlist, PlistError, type PlistLimits, type PlistValue } from '../iosBackup/plist';
import type {
  MacIdentity,
  MacProcess,
  MacSecurity,
  NetworkConnection,
  PersistenceItem,
  PersistenceKind,
} from './macTypes';

/** Seconds between the Unix epoch and Core Foundation's (2001-01-01T00:00:00Z). */
export const CF_ABSOLUTE_EPOCH_S = 978_307_200;

/** A CFAbsoluteTime (seconds since 2001, what macOS databases store) as ISO 8601; null when unusable. */
export function cfAbsoluteToIso(value: unknown): string | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (!Number.isFinite(n)) return null;
  const ms = (n + CF_ABSOLUTE_EPOCH_S) * 1000;
  if (ms < 0 || ms > 8.64e15) return null;
  return new Date(ms).toISOString();
}

const onOff = (value: string): boolean | null => {
  const v = value.toLowerCase();
  if (/\b(disabled|off|not enabled|no)\b/.test(v)) return false;
  if (/\b(enabled|on|yes|assessments enabled)\b/.test(v)) return true;
  return null;
};

/**
 * Recon/system_information.txt: `Key: Value` lines (system_profiler's names and Aftermath's own);
 * the keys we know are taken, the rest ignored.
 */
export function parseSystemInformation(text: string): { identity: MacIdentity; security: MacSecurity } {
  const identity: MacIdentity = {};
  const security: MacSecurity = { sip: null, gatekeeper: null, fileVault: null };
  for (const line of text.split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim().toLowerCase();
    const value = line.slice(at + 1).trim();
    if (!value) continue;
    if (key === 'serial number' || key === 'serial number (system)' || key === 'serial') identity.serial ??= value;
    else if (key === 'model identifier' || key === 'model') identity.model ??= value;
    else if (key === 'productversion' || key === 'macos version' || key === 'system version' || key === 'os version')
      identity.osVersion ??= value.startsWith('macOS') ? value : `macOS ${value}`;
    else if (key === 'hostname' || key === 'computer name') identity.hostname ??= value;
    else if (key.includes('system integrity protection') || key === 'sip status' || key === 'sip')
      security.sip = onOff(value);
    else if (key.includes('gatekeeper')) security.gatekeeper = onOff(value);
    else if (key.includes('filevault')) security.fileVault = onOff(value);
  }
  return { identity, security };
}

function persistenceKind(path: string): PersistenceKind {
  return /LaunchDaemons\//i.test(path) ? 'launchDaemon' : 'launchAgent';
}

/** The plist path of a launchItems.txt header (`----- file:///Library/LaunchAgents/x.plist -----`). */
function headerPath(line: string): string | null {
  const m = /^-{3,}\s*(.+?)\s*-{3,}$/.exec(line.trim());
  if (!m) return null;
  const raw = m[1]!.replace(/^file:\/\//, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A quoted or bare value after `key = ` or `"key": ` in a plist's description. */
function describedValue(block: string, key: string): string | null {
  const re = new RegExp(`["']?${key}["']?\\s*[=:]\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^,;\\n\\]\\)]+))`);
  const m = re.exec(block);
  if (!m) return null;
  return (m[1] ?? m[2] ?? '').trim() || null;
}

/** ProgramArguments' first element: `ProgramArguments = ( "/path", ... )` or a JSON-ish array. */
function firstArgument(block: string): string | null {
  const m = /["']?ProgramArguments["']?\s*[=:]\s*[([]\s*"?((?:[^",)\]\\]|\\.)+)"?/.exec(block);
  return m ? m[1]!.trim() : null;
}

/**
 * Persistence/launchItems.txt: each plist Aftermath copied, as a header line naming it and the
 * plist's description. Our collector profile adds `SHA256:` and `Signature:` lines per item (the
 * binary's digest, `unsigned` or its team id); without them those stay unknown.
 */
export function parseLaunchItems(text: string, source: string): PersistenceItem[] {
  const items: PersistenceItem[] = [];
  let current: { path: string; lines: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const block = current.lines.join('\n');
    const sha = /^\s*SHA256:\s*([0-9a-fA-F]{64})\s*$/m.exec(block)?.[1]?.toLowerCase() ?? null;
    const signer = /^\s*Signature:\s*(\S+)\s*$/m.exec(block)?.[1] ?? null;
    items.push({
      kind: persistenceKind(current.path),
      path: current.path,
      label: describedValue(block, 'Label'),
      program: describedValue(block, 'Program') ?? firstArgument(block),
      sha256: sha,
      signer,
      source,
    });
  };
  for (const line of text.split(/\r?\n/)) {
    const path = headerPath(line);
    if (path) {
      flush();
      current = { path, lines: [] };
    } else current?.lines.push(line);
  }
  flush();
  return items;
}

/**
 * A launch plist's bounds: launchd's own files are a few KiB; a larger or deeper one is not a
 * launch item and is refused in words rather than parsed.
 */
const LAUNCH_PLIST_LIMITS: PlistLimits = { maxBytes: 1024 * 1024, maxObjects: 20_000, maxDepth: 16 };

/**
 * A launch plist's Label, Program and ProgramArguments[0], XML or binary (`bplist00`: what
 * `plutil -convert binary1` and many installers write; launchd reads both), with the shared
 * bounded reader of the backups' plists.
 */
export function parseLaunchPlist(data: Buffer, path: string, source: string): PersistenceItem | { error: string } {
  let root: PlistValue;
  try {
    root = parsePlist(data, LAUNCH_PLIST_LIMITS);
  } catch (error) {
    if (error instanceof PlistError) return { error: `not a readable property list: ${error.message}` };
    throw error;
  }
  if (!isDict(root)) return { error: 'not a launch item: the property list is not a dictionary' };
  const text = (value: PlistValue | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : null);
  const args = root.ProgramArguments;
  return {
    kind: persistenceKind(path),
    path,
    label: text(root.Label),
    program: text(root.Program) ?? (Array.isArray(args) ? text(args[0]) : null),
    sha256: null,
    signer: null,
    source,
  };
}

/**
 * Persistence/crontabs.txt: each crontab behind a header Aftermath writes with a literal `/n` for its
 * newlines (`/n ----- /usr/lib/cron/tabs/alex -----/n`), so a header and the tab's first line share
 * a line. Each part is read as the crontab its header names.
 */
export function parseCrontabs(text: string, source: string): PersistenceItem[] {
  const parts = text.split(/\/n\s*-{3,}\s*(.+?)\s*-{3,}\s*\/n/);
  const items: PersistenceItem[] = parseCrontab(parts[0] ?? '', source, source);
  for (let i = 1; i + 1 < parts.length; i += 2) items.push(...parseCrontab(parts[i + 1]!, parts[i]!, source));
  return items;
}

/** A crontab: every line that is not a comment or a variable is a job; its command is what persists. */
export function parseCrontab(text: string, path: string, source: string): PersistenceItem[] {
  const items: PersistenceItem[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || /^[A-Za-z_]+\s*=/.test(line)) continue;
    // The schedule (five fields, or one @word) and then the command as the shell reads it.
    const schedule = line.startsWith('@') ? /^@\S+\s*/ : /^(?:\S+\s+){5}/;
    const command = schedule.exec(line) ? line.replace(schedule, '') : '';
    if (!command) continue;
    items.push({
      kind: 'cron',
      path,
      label: null,
      program: firstShellWord(command),
      sha256: null,
      signer: null,
      source,
    });
  }
  return items;
}

/**
 * The program a command line starts, as sh splits it: quotes ('…', "…") and backslash escapes
 * keep a path with spaces whole (`"/Users/a/Application Support/x" --flag`). Null for none.
 */
export function firstShellWord(command: string): string | null {
  let word = '';
  let quote: '"' | "'" | null = null;
  let i = 0;
  while (i < command.length && /\s/.test(command[i]!)) i++;
  for (; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) word += command[++i];
      else word += c;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\' && i + 1 < command.length) word += command[++i];
    else if (/\s/.test(c)) break;
    else word += c;
  }
  return word || null;
}

/**
 * Persistence/btm.txt (`sfltool dumpbtm`): items as `Key: value` blocks; each block with a
 * `URL:` or `Executable Path:` is an item (login items and background tasks macOS 13+ records).
 */
export function parseBtm(text: string, source: string): PersistenceItem[] {
  const items: PersistenceItem[] = [];
  let block: Record<string, string> = {};
  const flush = () => {
    const program = block['executable path'] ?? null;
    const url = block['url'] ?? null;
    if (program || url) {
      const type = (block['type'] ?? '').toLowerCase();
      items.push({
        kind: type.includes('daemon') ? 'launchDaemon' : type.includes('agent') ? 'launchAgent' : 'btm',
        path: (url ?? program)!.replace(/^file:\/\//, ''),
        label: block['identifier'] ?? block['name'] ?? null,
        program,
        sha256: null,
        signer: block['team identifier'] ? block['team identifier'] : null,
        source,
      });
    }
    block = {};
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (/^#\d+:?$/.test(line) || line.startsWith('=====') || line === '') {
      flush();
      continue;
    }
    const at = line.indexOf(':');
    if (at > 0) block[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  flush();
  return items;
}

/**
 * Processes/true_tree_output.txt (TrueTree): one process a line, indented under its parent
 * (four spaces or a tab a level), `path pid` with optional text after the pid.
 */
export function parseTrueTree(text: string): MacProcess[] {
  const processes: MacProcess[] = [];
  const stack: { depth: number; pid: number }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const indent = /^[\s│├└─|+\\-]*/.exec(raw)![0];
    const depth = Math.floor(indent.replace(/\t/g, '    ').length / 4);
    const m = /^(.+?)\s+(\d+)(?:\s.*)?$/.exec(raw.slice(indent.length).trim());
    if (!m) continue;
    const pid = Number(m[2]);
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    processes.push({ pid, ppid: stack.length ? stack[stack.length - 1]!.pid : null, path: m[1]!.trim(), depth });
    stack.push({ depth, pid });
  }
  return processes;
}

/** Network/lsof_output.txt (`lsof -i`): the NAME column's `local->remote` and the state. */
export function parseLsof(text: string): NetworkConnection[] {
  const out: NetworkConnection[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('COMMAND')) continue;
    const fields = line.split(/\s+/);
    if (fields.length < 9) continue;
    const stateMatch = /\(([A-Z_]+)\)\s*$/.exec(line);
    const nameField = fields[stateMatch ? fields.length - 2 : fields.length - 1]!;
    const [local, remote] = nameField.split('->');
    out.push({
      command: fields[0]!.replace(/\\x20/g, ' '),
      pid: Number.isFinite(Number(fields[1])) ? Number(fields[1]) : null,
      local: local ?? null,
      remote: remote ?? null,
      state: stateMatch ? stateMatch[1]! : null,
    });
  }
  return out;
}

/** The host of `host:port`, `[v6]:port` or a URL. */
export function hostOf(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) {
    try {
      return new URL(v).hostname || null;
    } catch {
      return null;
    }
  }
  if (v.startsWith('[')) return v.slice(1, v.indexOf(']')) || null;
  const at = v.lastIndexOf(':');
  return (at > 0 ? v.slice(0, at) : v) || null;
}

/**
 * A CSV line the way Aftermath writes it: fields are joined with commas and never quoted, so a
 * comma inside the last field (a page title, a URL) splits it. We keep the first `columns - 1`
 * fields and join the rest back into the last one; quoted fields (a CSV edited elsewhere) are read
 * as quoted.
 */
export function splitAftermathCsv(line: string, columns: number): string[] {
  if (line.includes('"')) {
    const fields: string[] = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (quoted) {
        if (c === '"' && line[i + 1] === '"') {
          cur += '"';
          i++;
        } else if (c === '"') quoted = false;
        else cur += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        fields.push(cur);
        cur = '';
      } else cur += c;
    }
    fields.push(cur);
    if (fields.length <= columns) return fields;
    return [...fields.slice(0, columns - 1), fields.slice(columns - 1).join(',')];
  }
  const parts = line.split(',');
  if (parts.length <= columns) return parts;
  return [...parts.slice(0, columns - 1), parts.slice(columns - 1).join(',')];
}

/** A browser history CSV (`datetime,user,profile,url` and the like): the url column is found by its header. */
export function parseHistoryCsv(
  text: string,
  maxRows = Number.POSITIVE_INFINITY,
): { rows: { at: string | null; url: string }[]; cut: boolean } {
  const rows: { at: string | null; url: string }[] = [];
  let header: string[] | null = null;
  let urlAt = -1;
  let timeAt = -1;
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    if (!line.trim()) continue;
    if (!header) {
      header = line.split(',').map((h) => h.trim().toLowerCase());
      urlAt = header.findIndex((h) => h === 'url');
      timeAt = header.findIndex((h) => h === 'datetime' || h === 'time' || h === 'visit_time');
      if (urlAt < 0) return { rows, cut: false };
      continue;
    }
    if (rows.length >= maxRows) return { rows, cut: true };
    // The url is the last column Aftermath writes, so its commas are kept whole.
    const fields = splitAftermathCsv(line, header.length);
    const url = fields[urlAt]?.trim();
    if (!url) continue;
    const t = timeAt >= 0 ? fields[timeAt]?.trim() : undefined;
    const parsed = t ? Date.parse(t.includes('T') || t.endsWith('Z') ? t : `${t.replace(' ', 'T')}Z`) : NaN;
    rows.push({ at: Number.isFinite(parsed) ? new Date(parsed).toISOString() : null, url });
  }
  return { rows, cut: false };
}

/**
 * Persistence/systemExtensions.txt: a title line, then every file under /Library/SystemExtensions/
 * one a line. Each `.systemextension` bundle is one item (its folder name is its bundle id), its
 * binary the file under `Contents/MacOS/`.
 */
export function parseSystemExtensions(text: string, source: string): PersistenceItem[] {
  const items = new Map<string, PersistenceItem>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const m = /^(\/.*?\/([^/]+)\.systemextension)(\/.*)?$/.exec(line);
    if (!m) continue;
    const bundle = m[1]!;
    const item = items.get(bundle) ?? {
      kind: 'systemExtension' as const,
      path: bundle,
      label: m[2]!,
      program: null,
      sha256: null,
      signer: null,
      source,
    };
    if (m[3] && /^\/Contents\/MacOS\/[^/]+$/.test(m[3])) item.program = line;
    items.set(bundle, item);
  }
  return [...items.values()];
}

/** A browser download as Aftermath's downloads_output.csv writes it. */
export interface CsvDownload {
  at: string | null;
  url: string;
  target: string | null;
}

const csvDate = (t: string | undefined): string | null => {
  const v = t?.trim();
  if (!v || v === 'unknown') return null;
  const parsed = Date.parse(v.includes('T') || v.endsWith('Z') ? v : `${v.replace(' ', 'T')}Z`);
  return Number.isFinite(parsed) ? new Date(parsed).toISOString() : null;
};

/**
 * Browser/<browser>/downloads_output.csv. Chromium browsers: `datetime,user,profile,url,target_path,
 * danger_type,opened` (rows with a leading space); Firefox: `datetime,url,contents`; Safari:
 * `timestamp,url`. Nothing is quoted, so a comma in the URL or path splits them: the fixed fields
 * are taken from both ends, and the URL is cut from the target path at the last `,/`.
 */
export function parseDownloadsCsv(
  text: string,
  maxRows = Number.POSITIVE_INFINITY,
): { rows: CsvDownload[]; cut: boolean } {
  const rows: CsvDownload[] = [];
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  const chromium = header.includes('target_path');
  const firefox = header.includes('contents');
  for (const raw of lines.slice(1)) {
    const line = raw.trim();
    if (!line) continue;
    if (rows.length >= maxRows) return { rows, cut: true };
    if (chromium) {
      const parts = line.split(',');
      if (parts.length < 7) continue;
      const middle = parts.slice(3, parts.length - 2).join(',');
      const cut = middle.lastIndexOf(',/');
      const [url, target] =
        cut >= 0 ? [middle.slice(0, cut), middle.slice(cut + 1)] : [middle.slice(0, middle.lastIndexOf(',')), ''];
      if (url) rows.push({ at: csvDate(parts[0]), url, target: target || null });
    } else if (firefox) {
      const first = line.indexOf(',');
      const rest = line.slice(first + 1);
      // The content (the target as file:// URI) is the last field; the URL may hold commas.
      const cut = rest.lastIndexOf(',file://');
      const url = cut >= 0 ? rest.slice(0, cut) : rest;
      const target = cut >= 0 ? rest.slice(cut + 1) : null;
      if (first > 0 && url)
        rows.push({ at: csvDate(line.slice(0, first)), url, target: target ? decodeFileUri(target) : null });
    } else {
      const first = line.indexOf(',');
      const url = line.slice(first + 1).trim();
      if (first > 0 && url && url !== 'unknown') rows.push({ at: csvDate(line.slice(0, first)), url, target: null });
    }
  }
  return { rows, cut: false };
}

function decodeFileUri(uri: string): string {
  const path = uri.replace(/^file:\/\//, '');
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
