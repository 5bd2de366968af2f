import { forEachLine, MAX_LINES_PER_FILE, MAX_OBSERVATIONS_PER_FILE } from './bounds';
import { normalizeDevicePath } from './devicePath';
import { clipRaw, type ExtractionResult, type HeuristicFinding, type Observation } from './types';

/** A client still running at this many checks of one shutdown held the reboot back repeatedly. */
export const DELAYED_CLIENT_THRESHOLD = 3;

/** Places spyware implants were seen running from (Kaspersky's and MVT's shutdown.log findings). */
const SUSPICIOUS_PREFIXES = ['/private/var/db/', '/private/var/tmp/'];

/** Why each shutdown.log warning matters, told to the analyst as the Android warnings are. */
export const SHUTDOWN_WHY = {
  'shutdown.delayed-client':
    'When an iPhone shuts down, every process is asked to stop. A process that keeps the shutdown waiting check after check is ' +
    'unusual for system software; Pegasus and other implants were found this way (Kaspersky, 2024), as they hold on to finish ' +
    'their work or hide. Compare its path with the processes the device normally runs.',
  'shutdown.suspicious-path':
    'iOS system daemons run from /System and /usr; /private/var/db and /private/var/tmp are data folders an attacker can write to. ' +
    'Spyware implants (Pegasus, Reign, Triangulation) have been seen running from there, so a process started from them ' +
    'deserves a look even when no rule set names it yet.',
} as const satisfies Record<string, string>;

const CLIENT_LINE = /remaining client pid:\s*(\d+)\s*\((.*)\)\s*$/;
/** `SIGTERM: [1700000000]` (older iOS) or `SIGTERM: ... @1700000000` (newer): the epoch either way. */
const SIGTERM_LINE = /^\s*SIGTERM\b.*?(?:\[(\d+)\]|\s@(\d+)\b)/;

interface Client {
  pid: string;
  path: string;
  line: number;
  raw: string;
  count: number;
}

/**
 * sysdiagnose's shutdown.log: during each shutdown, the processes still running at each check are
 * listed as `remaining client pid: N (path)`, and the shutdown ends with `SIGTERM: [epoch]` (or
 * ` @epoch`). Rotated logs (shutdown.0.log, ...) read the same.
 * Clients are grouped by the SIGTERM that follows them, which dates them.
 */
export function extractShutdownLog(text: string, source: string): ExtractionResult {
  const observations: Observation[] = [];
  const heuristics: HeuristicFinding[] = [];
  let group = new Map<string, Client>();

  const close = (timestamp: string | undefined) => {
    for (const client of group.values()) {
      const isPath = client.path.startsWith('/');
      const observation: Observation = {
        kind: isPath ? 'path' : 'process',
        value: client.path,
        source,
        line: client.line,
        raw: client.raw,
        ...(timestamp ? { timestamp } : {}),
      };
      observations.push(observation);
      if (client.count >= DELAYED_CLIENT_THRESHOLD) {
        heuristics.push({
          rule: 'shutdown.delayed-client',
          message: `${client.path} (pid ${client.pid}) delayed the shutdown ${client.count} times`,
          why: SHUTDOWN_WHY['shutdown.delayed-client'],
          observation,
        });
      }
      const canonical = isPath ? normalizeDevicePath(client.path) : null;
      if (canonical && SUSPICIOUS_PREFIXES.some((p) => canonical.startsWith(p))) {
        heuristics.push({
          rule: 'shutdown.suspicious-path',
          message: `${client.path} ran from ${SUSPICIOUS_PREFIXES.find((p) => canonical.startsWith(p))}, where system daemons do not live`,
          why: SHUTDOWN_WHY['shutdown.suspicious-path'],
          observation,
        });
      }
    }
    group = new Map();
  };

  const warnings: string[] = [];
  let full = false;
  const cut = forEachLine(text, (line, i) => {
    const sigterm = SIGTERM_LINE.exec(line);
    if (sigterm) {
      const seconds = Number(sigterm[1] ?? sigterm[2]);
      const date = new Date(seconds * 1000);
      close(Number.isFinite(date.getTime()) ? date.toISOString() : undefined);
      return;
    }
    const client = CLIENT_LINE.exec(line);
    if (!client) return;
    const [, pid, path] = client as unknown as [string, string, string];
    if (path === '') return;
    const key = `${pid} ${path}`;
    const known = group.get(key);
    if (known) known.count += 1;
    else if (observations.length + group.size < MAX_OBSERVATIONS_PER_FILE)
      group.set(key, { pid, path, line: i + 1, raw: clipRaw(line.trim()), count: 1 });
    else if (!full) {
      full = true;
      warnings.push(`more than ${MAX_OBSERVATIONS_PER_FILE} clients: the rest not read`);
    }
  });
  // Clients after the last SIGTERM belong to a shutdown that did not finish logging: undated.
  close(undefined);
  if (cut) warnings.push(`more than ${MAX_LINES_PER_FILE} lines: the rest not read`);
  return { source, observations, heuristics, device: {}, warnings };
}
