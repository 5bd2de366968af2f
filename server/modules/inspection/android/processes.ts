import type { ObservationList } from './collect';
import type { LineSink } from './text';

const NAME_COLUMNS = new Set(['NAME', 'CMD', 'COMMAND', 'ARGS', 'CMDLINE']);

/** A process name as an observation: `path` when it is an absolute path, else `process`. */
function addProcess(
  list: ObservationList,
  name: string,
  line: number | undefined,
  raw: string,
  jsonPath?: string,
  pid?: number,
): void {
  let value = name.trim();
  // Kernel threads show as `[kthreadd]`; zombies and /proc/<pid>/stat names as `(name)`.
  if (/^\[.+\]$/.test(value) || /^\(.+\)$/.test(value)) value = value.slice(1, -1);
  if (value === '' || value.length > 4096) return;
  const executable = value.startsWith('/') ? value.split(/\s+/, 1)[0]! : value;
  list.add({
    kind: executable.startsWith('/') ? 'path' : 'process',
    value: executable,
    ...(line !== undefined ? { line } : {}),
    raw,
    ...(jsonPath ? { jsonPath } : {}),
    ...(pid !== undefined ? { detail: { pid } } : {}),
  });
}

/**
 * toybox `ps` output: AndroidQF's processes.txt (`ps -A`) and a bugreport's `PROCESSES AND
 * THREADS` section (`ps -A -T -Z -O ...`). The header names the columns and the name column
 * (NAME, CMD) is the last, so a row's name is what follows the columns before it. With a TID
 * column (threads listed), only each process's main thread (TID = PID) is read.
 */
export class PsParser implements LineSink {
  private columns: string[] | null = null;
  private pidColumn = -1;
  private tidColumn = -1;
  rows = 0;
  skipped = 0;

  constructor(private readonly list: ObservationList) {}

  line(text: string, lineNo: number): void {
    const trimmed = text.trim();
    if (trimmed === '') return;
    if (!this.columns) {
      const words = trimmed.split(/\s+/);
      if (words.includes('PID') && NAME_COLUMNS.has(words[words.length - 1]!)) {
        this.columns = words;
        this.pidColumn = words.indexOf('PID');
        this.tidColumn = words.indexOf('TID');
      }
      return;
    }
    const before = this.columns.length - 1;
    const words = trimmed.split(/\s+/);
    if (words.length <= before) {
      this.skipped += 1;
      return;
    }
    const pid = Number(words[this.pidColumn]);
    if (!Number.isInteger(pid)) {
      // A second header (ps printed twice) or noise.
      if (words.includes('PID')) return;
      this.skipped += 1;
      return;
    }
    if (this.tidColumn >= 0 && words[this.tidColumn] !== words[this.pidColumn]) return;
    this.rows += 1;
    addProcess(this.list, words.slice(before).join(' '), lineNo, trimmed, undefined, pid);
  }

  get sawHeader(): boolean {
    return this.columns !== null;
  }
}

/**
 * AndroidQF's processes.json (its collector's `ps`, read from /proc): an array of
 * `{ pid, ppid, uid, filename, command_line: [...], context, cwd, ... }`; the name is the command
 * line's first word, else the `filename` from /proc/<pid>/stat.
 */
export function processFromJson(list: ObservationList, value: unknown, index: number, line: number): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const record = value as Record<string, unknown>;
  const commandLine = Array.isArray(record.command_line) ? record.command_line : [];
  const first = typeof commandLine[0] === 'string' ? commandLine[0] : undefined;
  const filename = typeof record.filename === 'string' ? record.filename : undefined;
  const name = first?.trim() || filename?.trim();
  if (!name) return false;
  const pid = typeof record.pid === 'number' && Number.isInteger(record.pid) ? record.pid : undefined;
  const raw = `pid ${pid ?? '?'} ${commandLine.filter((w): w is string => typeof w === 'string').join(' ') || filename}`;
  addProcess(list, name, line, raw, `$[${index}]${first ? '.command_line[0]' : '.filename'}`, pid);
  return true;
}
