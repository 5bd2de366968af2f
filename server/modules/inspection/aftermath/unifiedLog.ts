import { MAX_LINES_PER_FILE, MAX_OBSERVATIONS_PER_FILE } from '../bounds';
import { findLinks } from '../links';
import { isIpv4 } from '../stixPattern';
import { clipRaw, type Observation } from '../types';
import type { TimelineEvent } from './macTypes';
import { MAX_REMOTE_ADDRESSES, type RemoteAttempt, type RemoteLogins, RemoteLoginTally } from './remoteLoginHeuristics';
import { streamLines } from './streamLines';
import { firstShellWord } from './textParsers';

/** One entry of `log show` in its default style (what Aftermath runs: no `--style`). */
export interface LogEntry {
  at: string;
  thread: string;
  type: string;
  activity: string;
  pid: number;
  ttl: number;
  process: string;
  /** The image that logged it, `(Security)`, when the line names one. */
  sender: string | null;
  /** `subsystem:category`, when the line names one. */
  subsystem: string | null;
  message: string;
}

// `2024-06-02 10:16:05.733001+0200 0x2b1c4 Error 0x0 7402 0 sudo: (image) [subsystem:category] message`
const ENTRY =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d+))?([+-]\d{2}):?(\d{2}) +(0x[0-9a-f]+) +(\S+) +(0x[0-9a-f]+) +(\d+) +(\d+) +(.*)$/;
const PROCESS = /^(?:\(([^)]*)\) )?(?:\[([^\]]*)\](?: |$))?/;
/** What `log show` writes around the entries: its banner, the column header, the closing counts. */
const FRAME =
  /^(Filtering the log data|Skipping |Timestamp\s+Thread\s|-{8,}\s*$|Log\s+- |Activity\s+- |Soft-?fault|Timesync|Ending |Showing )/;

// Consecutive entries mostly share their second: its Date.parse is kept (a third of a line's cost).
let lastSecond = '';
let lastSecondMs = NaN;

/** One `log show` line as an entry; null when it is not one (a date that does not parse included). */
export function parseLogShowLine(line: string): LogEntry | null {
  const m = ENTRY.exec(line);
  if (!m) return null;
  const second = `${m[1]}T${m[2]}${m[4]}:${m[5]}`;
  if (second !== lastSecond) {
    lastSecond = second;
    lastSecondMs = Date.parse(second);
  }
  if (!Number.isFinite(lastSecondMs)) return null;
  const ms = lastSecondMs + Number((m[3] ?? '').padEnd(3, '0').slice(0, 3));
  const rest = m[11]!;
  // The process name ends at its first `: ` (or a final `:`); the sender and subsystem may follow.
  const colon = rest.indexOf(': ');
  const end = colon >= 0 ? colon : rest.endsWith(':') ? rest.length - 1 : -1;
  if (end <= 0) return null;
  const who = PROCESS.exec(rest.slice(end + 2));
  return {
    at: new Date(ms).toISOString(),
    thread: m[6]!,
    type: m[7]!,
    activity: m[8]!,
    pid: Number(m[9]),
    ttl: Number(m[10]),
    process: rest.slice(0, end).trim(),
    sender: who?.[1] ?? null,
    subsystem: who?.[2] ?? null,
    message: rest.slice(end + 2 + (who?.[0].length ?? 0)).trim(),
  };
}

export interface UnifiedLogRead {
  /** Entries read (the artefact's records). */
  entries: number;
  /** Lines that are neither an entry, its continuation nor log's own frame, and lines too long. */
  skipped: number;
  events: TimelineEvent[];
  observations: Observation[];
  /** Logins by ssh or screen sharing from outside private networks, per service and address. */
  remoteLogins: RemoteLogins[];
  warnings: string[];
}

export interface UnifiedLogBounds {
  maxLines?: number;
  /** Entries one file puts on the timeline (tccd alone logs thousands a day). */
  maxEvents?: number;
  maxLineBytes?: number;
}

export const MAX_LOG_EVENTS_PER_FILE = 10_000;
/** A log line longer than this is skipped: `log show` truncates nothing, but a real message is far shorter. */
const MAX_LOG_LINE_BYTES = 64 * 1024;
const MAX_EVENT_TEXT = 500;

const SSH_REMOTE = /\b(?:Accepted \S+ for|Failed \S+ for(?: invalid user)?|Invalid user) \S+ from (\S+) port \d+/;
const VIEWER = /\bViewer Address: (\S+)/;

/**
 * What a message says about who ran what or came from where: the command of a sudo line
 * (`COMMAND=...`, the failed_sudo predicate), the remote address of an ssh login or a screen
 * sharing session. Read only from the process the predicate is about.
 */
function actorsOf(entry: LogEntry): { kind: Observation['kind']; value: string }[] {
  const out: { kind: Observation['kind']; value: string }[] = [];
  const name = entry.process.slice(entry.process.lastIndexOf('/') + 1);
  if (name === 'sudo') {
    const command = /\bCOMMAND=(.+)$/.exec(entry.message)?.[1];
    const program = command ? firstShellWord(command) : null;
    if (program) {
      out.push({ kind: 'process', value: program });
      if (program.startsWith('/')) out.push({ kind: 'path', value: program });
    }
  }
  const remote =
    name === 'sshd'
      ? SSH_REMOTE.exec(entry.message)?.[1]
      : /^screensharingd$|^ScreensharingAgent$/.test(name)
        ? VIEWER.exec(entry.message)?.[1]
        : undefined;
  if (remote && !remote.startsWith('127.') && remote !== 'localhost') {
    if (isIpv4(remote)) out.push({ kind: 'ipv4', value: remote });
    else if (/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(remote)) out.push({ kind: 'domain', value: remote.toLowerCase() });
  }
  return out;
}

const SSH_ATTEMPT = /\b(Accepted|Failed) (\S+) for (?:invalid user )?(\S+) from (\S+) port \d+/;
const SCREEN_ATTEMPT =
  /\bAuthentication: (SUCCEEDED|FAILED) :: User Name: (.*?) :: Viewer Address: (\S+)(?: :: Type: (\S+))?/;

/** A login by ssh or screen sharing the entry tells, with its outcome; null for any other entry. */
export function remoteAttemptOf(entry: LogEntry): Omit<RemoteAttempt, 'line'> | null {
  const name = entry.process.slice(entry.process.lastIndexOf('/') + 1);
  if (name === 'sshd') {
    const m = SSH_ATTEMPT.exec(entry.message);
    // sshd's "Invalid user x from" comes before the "Failed ... for invalid user x" of the same
    // attempt: only the latter counts.
    return m
      ? { service: 'ssh', accepted: m[1] === 'Accepted', method: m[2]!, user: m[3]!, address: m[4]!, at: entry.at }
      : null;
  }
  if (/^screensharingd$|^ScreensharingAgent$/.test(name)) {
    const m = SCREEN_ATTEMPT.exec(entry.message);
    if (m)
      return {
        service: 'screen sharing',
        accepted: m[1] === 'SUCCEEDED',
        user: m[2] || null,
        address: m[3]!,
        method: m[4] ?? null,
        at: entry.at,
      };
  }
  return null;
}

/**
 * UnifiedLog/<predicate>.txt, read line by line from its chunks: each entry a `log` event on the
 * timeline (a message on several lines joined), the links of every line as `url` + `domain`/`ipv4`
 * observations (as textLinks.ts does for sysdiagnose text), and what actorsOf reads. Bounded by
 * lines, line length, timeline events and observations per file; what is cut is said in a warning.
 */
export async function readUnifiedLog(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
  source: string,
  bounds: UnifiedLogBounds = {},
): Promise<UnifiedLogRead> {
  const maxLines = bounds.maxLines ?? MAX_LINES_PER_FILE;
  const maxEvents = bounds.maxEvents ?? MAX_LOG_EVENTS_PER_FILE;
  const predicate = source.slice(source.lastIndexOf('/') + 1).replace(/\.txt$/i, '');
  const out: UnifiedLogRead = { entries: 0, skipped: 0, events: [], observations: [], remoteLogins: [], warnings: [] };
  const remote = new RemoteLoginTally();
  const seen = new Set<string>();
  let full = false;
  let current: LogEntry | null = null;
  let event: TimelineEvent | null = null;
  let lineNo = 0;
  const observe = (kind: Observation['kind'], value: string, raw: string) => {
    const key = `${kind}\u0000${value}`;
    if (full || seen.has(key)) return;
    if (out.observations.length >= MAX_OBSERVATIONS_PER_FILE) {
      full = true;
      out.warnings.push(`${source}: more than ${MAX_OBSERVATIONS_PER_FILE} observations: the rest not read`);
      return;
    }
    seen.add(key);
    out.observations.push({
      kind,
      value,
      source,
      line: lineNo,
      raw: clipRaw(raw.trim()),
      ...(current ? { timestamp: current.at } : {}),
    });
  };
  const links = (text: string, raw: string) => {
    for (const link of findLinks(text)) {
      observe('url', link.url, raw);
      observe(isIpv4(link.host) ? 'ipv4' : 'domain', link.host, raw);
    }
  };
  for await (const line of streamLines(chunks, bounds.maxLineBytes ?? MAX_LOG_LINE_BYTES)) {
    if (lineNo >= maxLines) {
      out.warnings.push(`${source}: more than ${maxLines} lines: the rest not read`);
      break;
    }
    lineNo += 1;
    if (line === null) {
      out.skipped += 1;
      continue;
    }
    if (line.trim() === '' || FRAME.test(line)) continue;
    const entry = parseLogShowLine(line);
    if (entry) {
      current = entry;
      out.entries += 1;
      event = null;
      if (out.events.length < maxEvents) {
        event = {
          at: entry.at,
          source,
          kind: 'log',
          text: clipRaw(`${predicate}: ${entry.process}: ${entry.message}`).slice(0, MAX_EVENT_TEXT),
        };
        out.events.push(event);
      } else if (out.events.length === maxEvents && out.entries === maxEvents + 1)
        out.warnings.push(`${source}: more than ${maxEvents} entries: the rest kept off the timeline`);
      for (const actor of actorsOf(entry)) observe(actor.kind, actor.value, line);
      const attempt = remoteAttemptOf(entry);
      if (attempt) remote.add({ ...attempt, line: clipRaw(`line ${lineNo}: ${line.trim()}`) }, source);
      links(entry.message, line);
      continue;
    }
    // A line that starts like an entry but is not one, or text before any entry, is not log's.
    if (!current || /^\d{4}-\d{2}-\d{2}/.test(line)) {
      out.skipped += 1;
      continue;
    }
    // The rest of a message on several lines (or its backtrace): part of the entry before it.
    if (event && event.text.length < MAX_EVENT_TEXT)
      event.text = `${event.text} ${line.trim()}`.slice(0, MAX_EVENT_TEXT);
    links(line, line);
  }
  out.remoteLogins = remote.logins;
  if (remote.dropped)
    out.warnings.push(
      `${source}: remote logins from more than ${MAX_REMOTE_ADDRESSES} addresses: the rest not counted`,
    );
  if (out.skipped > 0)
    out.warnings.push(`${source}: ${out.skipped} line${out.skipped === 1 ? '' : 's'} not in log show's format skipped`);
  return out;
}
