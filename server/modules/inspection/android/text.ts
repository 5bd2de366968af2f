/**
 * Text out of zip entries, bounded: whole small files decoded strictly, large ones (a dumpstate of
 * some hundred MB, a dumpsys) streamed line by line without ever holding more than a line.
 */

/** A consumer of lines, numbered from 1. */
export interface LineSink {
  line(text: string, lineNo: number): void;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A small artefact as text, or why it is not one (binary, not UTF-8). A BOM is dropped. */
export function decodeText(data: Uint8Array): { text: string } | { error: string } {
  if (data.includes(0)) return { error: 'binary content: not a text file' };
  let text: string;
  try {
    text = strictUtf8.decode(data);
  } catch {
    return { error: 'binary content: not valid UTF-8 text' };
  }
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

export interface StreamLimits {
  /** Lines handed over; the rest are not read. */
  maxLines: number;
  /** Longer lines are cut to this many characters. */
  maxLineChars: number;
}

export interface StreamSummary {
  lines: number;
  /** Lines longer than `maxLineChars`, handed over cut. */
  cutLines: number;
  /** The text had more than `maxLines` lines. */
  truncated: boolean;
  /** A NUL byte in the first 64 KiB: not text, nothing handed over past it. */
  binary: boolean;
}

/** 2,000,000 lines covers a dumpstate of some hundred MB; one line of a dumpsys is short. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxLines: 2_000_000, maxLineChars: 64 * 1024 };

/**
 * Hands each line of a byte stream to `visit` (LF or CRLF, UTF-8 with invalid bytes replaced):
 * one await per chunk, lines delivered synchronously, at most one line held at a time (and that
 * one cut at `maxLineChars`).
 */
export async function streamLines(
  chunks: AsyncIterable<Uint8Array>,
  visit: (line: string, lineNo: number) => void,
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): Promise<StreamSummary> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const summary: StreamSummary = { lines: 0, cutLines: 0, truncated: false, binary: false };
  let carry = '';
  let skipping = false; // inside a line already cut
  let seen = 0;
  const emit = (line: string): boolean => {
    if (summary.lines >= limits.maxLines) {
      summary.truncated = true;
      return false;
    }
    summary.lines += 1;
    if (summary.lines === 1 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    visit(line.endsWith('\r') ? line.slice(0, -1) : line, summary.lines);
    return true;
  };
  for await (const chunk of chunks) {
    if (seen < 65536 && chunk.subarray(0, 65536 - seen).includes(0)) {
      summary.binary = true;
      return summary;
    }
    seen += chunk.length;
    const text = decoder.decode(chunk, { stream: true });
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) {
        if (!skipping) {
          carry += text.slice(start);
          if (carry.length > limits.maxLineChars) {
            summary.cutLines += 1;
            if (!emit(carry.slice(0, limits.maxLineChars))) return summary;
            carry = '';
            skipping = true;
          }
        }
        break;
      }
      if (skipping) skipping = false;
      else {
        const line = carry + text.slice(start, end);
        carry = '';
        if (line.length > limits.maxLineChars) summary.cutLines += 1;
        if (!emit(line.length > limits.maxLineChars ? line.slice(0, limits.maxLineChars) : line)) return summary;
      }
      start = end + 1;
    }
  }
  const rest = carry + decoder.decode();
  if (rest.length > 0 && !skipping) emit(rest.slice(0, limits.maxLineChars));
  return summary;
}

/** The same over an in-memory string (tests, small artefacts). */
export function textLines(text: string, sink: LineSink, maxLines = DEFAULT_STREAM_LIMITS.maxLines): boolean {
  let start = 0;
  let lineNo = 0;
  while (start <= text.length) {
    if (lineNo >= maxLines) return true;
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    if (end < 0 && stop === start && lineNo > 0) break; // trailing newline
    lineNo += 1;
    sink.line(text.slice(start, stop > start && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop), lineNo);
    if (end < 0) break;
    start = end + 1;
  }
  return false;
}

/**
 * Local `yyyy-MM-dd HH:mm:ss[.SSS]` as Android prints it: ISO 8601 in UTC when the device's zone
 * is known (`persist.sys.timezone`), else ISO 8601 local time without an offset.
 */
export function androidLocalTime(value: string, timeZone?: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac] = m;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms);
  if (Number.isNaN(wall)) return undefined;
  const local = `${y}-${mo}-${d}T${h}:${mi}:${s}${frac ? `.${String(ms).padStart(3, '0')}` : ''}`;
  if (!timeZone) return local;
  const offset = zoneOffsetMs(wall, timeZone);
  if (offset === undefined) return local;
  // The offset at the wall time read as UTC, corrected once: exact except inside a DST change.
  const guess = wall - offset;
  const corrected = wall - (zoneOffsetMs(guess, timeZone) ?? offset);
  return new Date(corrected).toISOString();
}

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>();

/** Offset of `timeZone` from UTC at `instant`, in ms; undefined for an unknown zone. */
function zoneOffsetMs(instant: number, timeZone: string): number | undefined {
  let format = zoneFormats.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      format = null;
    }
    zoneFormats.set(timeZone, format);
  }
  if (!format) return undefined;
  const parts: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(instant))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}
