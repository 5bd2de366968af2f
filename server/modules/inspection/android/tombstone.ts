import type { Tombstone, TombstoneFrame } from './androidTypes';
import type { ObservationList } from './collect';
import type { LineSink } from './text';

/** Frames kept from the crashing thread's backtrace. */
export const MAX_TOMBSTONE_FRAMES = 64;
const MAX_FIELD_CHARS = 2048;

/** `signal 11 (SIGSEGV), code 1 (SEGV_MAPERR), fault addr 0x0`; the code may carry ` from pid N, uid N`. */
const SIGNAL = /^signal (\d+) \(([A-Z0-9]+)\), code (-?\d+) \(([^),\s]*)[^)]*\)(?:, fault addr (\S+))?/;

const clip = (s: string): string => (s.length > MAX_FIELD_CHARS ? `${s.slice(0, MAX_FIELD_CHARS)}…` : s);
const quoted = (s: string): string => {
  const v = s.trim();
  return v.length >= 2 && v.startsWith("'") && v.endsWith("'") ? v.slice(1, -1) : v;
};

/** `2024-05-01 10:11:12.123456789+0200` (debuggerd's stamp) as ISO 8601 UTC. */
export function tombstoneTime(value: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(\.\d+)?([+-])(\d{2}):?(\d{2})$/.exec(value.trim());
  if (!m) return undefined;
  const fraction = m[3] ? m[3].slice(0, 4).padEnd(4, '0') : '';
  const date = new Date(`${m[1]}T${m[2]}${fraction}${m[4]}${m[5]}:${m[6]}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * `#00 pc 000000000004c1ac  /apex/.../libc.so (abort+164) (BuildId: 3e7c...)`: the symbol is the
 * last parenthesised group ending in `+offset` (C++ names hold parentheses of their own).
 */
export function parseFrame(text: string): TombstoneFrame | null {
  const m = /^#(\d+) pc ([0-9a-fA-F]+)\s+(.*)$/.exec(text.trim());
  if (!m) return null;
  let rest = m[3]!.trim();
  const frame: TombstoneFrame = { index: Number(m[1]), pc: m[2]!.toLowerCase(), file: '' };
  const buildId = /\s*\(BuildId: ([0-9a-fA-F]+)\)$/.exec(rest);
  if (buildId) {
    frame.buildId = buildId[1]!.toLowerCase();
    rest = rest.slice(0, buildId.index);
  }
  const offset = /\+(\d+)\)$/.exec(rest);
  if (offset) {
    // Walk back to the parenthesis that opens the symbol group.
    let depth = 0;
    for (let i = rest.length - 1; i >= 0; i--) {
      const c = rest[i];
      if (c === ')') depth += 1;
      else if (c === '(') {
        depth -= 1;
        if (depth === 0) {
          frame.symbol = clip(rest.slice(i + 1, offset.index));
          frame.offset = Number(offset[1]);
          rest = rest.slice(0, i);
          break;
        }
      }
    }
  }
  frame.file = clip(rest.trim());
  return frame;
}

/**
 * A tombstone as debuggerd writes it (/data/tombstones/tombstone_NN, in a bugreport under
 * FS/data/tombstones/): the header (`Build fingerprint: '...'`, `ABI:`, `Timestamp:`, `Cmdline:`),
 * `pid: N, tid: N, name: thread  >>> process <<<`, `uid: N`, `signal N (SIGX), code N (NAME),
 * fault addr X`, `Cause:`, `Abort message: '...'`, then the crashing thread's `backtrace:` frames.
 * Other threads follow a `--- --- ---` line and are not read.
 */
export class TombstoneParser implements LineSink {
  readonly tombstone: Tombstone;
  private inBacktrace = false;
  private backtraceDone = false;
  private otherThreads = false;
  private headerLine = 0;

  constructor(private readonly list: ObservationList) {
    this.tombstone = { source: list.source, backtrace: [] };
  }

  line(text: string, lineNo: number): void {
    if (this.otherThreads) return;
    const t = this.tombstone;
    const trimmed = text.trim();
    if (trimmed.startsWith('--- --- ---')) {
      this.otherThreads = true;
      this.inBacktrace = false;
      return;
    }
    if (this.inBacktrace) {
      const frame = parseFrame(trimmed);
      if (frame) {
        if (t.backtrace.length < MAX_TOMBSTONE_FRAMES) {
          t.backtrace.push(frame);
          if (frame.file.startsWith('/')) {
            const file = frame.file.split(' ', 1)[0]!;
            this.list.add({
              kind: 'path',
              value: file,
              line: lineNo,
              raw: trimmed,
              ...(t.process ? { detail: { process: t.process } } : {}),
            });
          }
        }
        return;
      }
      this.inBacktrace = false;
      this.backtraceDone = true;
    }
    if (trimmed === 'backtrace:' && !this.backtraceDone) {
      this.inBacktrace = true;
      return;
    }
    if (t.pid === undefined) {
      const head = /^pid: (\d+), tid: (\d+), name: (.*?)\s+>>> (.*) <<<$/.exec(trimmed);
      if (head) {
        t.pid = Number(head[1]);
        t.tid = Number(head[2]);
        t.threadName = clip(head[3]!);
        t.process = clip(head[4]!);
        this.headerLine = lineNo;
        return;
      }
    }
    if (!t.signal && trimmed.startsWith('signal ')) {
      const signal = SIGNAL.exec(trimmed);
      if (signal) {
        t.signal = { number: Number(signal[1]), name: signal[2]!, code: Number(signal[3]), codeName: signal[4]! };
        if (signal[5]) t.signal.faultAddress = signal[5];
        return;
      }
    }
    const colon = trimmed.indexOf(': ');
    if (colon < 0) return;
    const key = trimmed.slice(0, colon);
    const value = trimmed.slice(colon + 2);
    switch (key) {
      case 'Build fingerprint':
        t.fingerprint ??= clip(quoted(value));
        break;
      case 'ABI':
        t.abi ??= clip(quoted(value));
        break;
      case 'Timestamp': {
        const time = tombstoneTime(value);
        if (time) t.timestamp ??= time;
        break;
      }
      case 'Cmdline':
        t.cmdline ??= clip(value);
        break;
      case 'uid':
        if (/^\d+$/.test(value)) t.uid ??= Number(value);
        break;
      case 'Cause':
        t.cause ??= clip(value);
        break;
      case 'Abort message':
        t.abortMessage ??= clip(quoted(value));
        break;
    }
  }

  /** The tombstone and its observations, or an error when the text is not one. */
  finish(): { tombstone: Tombstone } | { error: string } {
    const t = this.tombstone;
    if (t.pid === undefined || !t.process)
      return { error: 'not a tombstone: no `pid: N, tid: N, name: ... >>> process <<<` line' };
    const summary = [
      `${t.process} pid ${t.pid}`,
      t.signal ? `signal ${t.signal.number} (${t.signal.name})` : undefined,
      t.abortMessage ? `abort: ${t.abortMessage}` : undefined,
    ]
      .filter(Boolean)
      .join(', ');
    const detail: Record<string, string | number> = { pid: t.pid };
    if (t.signal) detail.signal = t.signal.name;
    if (t.abortMessage) detail.abortMessage = t.abortMessage;
    const dated = t.timestamp ? { timestamp: t.timestamp } : {};
    this.list.add({ kind: 'tombstone', value: t.process, line: this.headerLine, raw: summary, detail, ...dated });
    const name = t.process.split(/\s+/, 1)[0]!;
    this.list.add({
      kind: name.startsWith('/') ? 'path' : 'process',
      value: name,
      line: this.headerLine,
      raw: summary,
      ...dated,
    });
    return { tombstone: t };
  }
}
