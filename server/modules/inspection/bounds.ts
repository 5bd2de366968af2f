/**
 * What one artefact may cost to read, whatever it holds. Uploads are public (collector links) and
 * inspections run in the API's process: a few hundred KB of gzip can unpack to a file of tens of
 * MB made to multiply work (a line per warning, an object per JSON brace). Real sysdiagnose
 * artefacts stay far below every bound (a ps.txt of some hundred lines, crash reports of some
 * hundred KB, stackshots of a few MB).
 */

/** Distinct observations kept from one artefact; the rest are counted in a warning. */
export const MAX_OBSERVATIONS_PER_FILE = 20_000;
/** Warnings kept from one artefact; the rest are counted in a last one. */
export const MAX_WARNINGS_PER_FILE = 100;
/** Lines read from one text artefact (ps.txt, shutdown.log). */
export const MAX_LINES_PER_FILE = 500_000;
/** JSON objects and arrays in one .ips report, counted before it is parsed. */
export const MAX_JSON_CONTAINERS = 200_000;

/** Warnings of one artefact, kept up to MAX_WARNINGS_PER_FILE and counted past it. */
export class WarningList {
  readonly items: string[] = [];
  private dropped = 0;

  push(warning: string): void {
    if (this.items.length < MAX_WARNINGS_PER_FILE) this.items.push(warning);
    else this.dropped += 1;
  }

  /** The kept warnings, and one that says how many more there were. */
  done(): string[] {
    return this.dropped ? [...this.items, `${this.dropped} more warnings not kept`] : this.items;
  }
}

/**
 * Calls `visit(line, index)` for each line of `text` (LF or CRLF) without building the array of
 * all lines, up to `maxLines`; answers whether the text had more lines than that.
 */
export function forEachLine(
  text: string,
  visit: (line: string, index: number) => void,
  maxLines = MAX_LINES_PER_FILE,
): boolean {
  let start = 0;
  for (let index = 0; start <= text.length; index++) {
    if (index >= maxLines) return true;
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    visit(text.slice(start, stop > start && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop), index);
    if (end < 0) break;
    start = end + 1;
  }
  return false;
}

/** JSON objects and arrays in `text` (an upper bound: braces inside strings count too). */
export function countJsonContainers(text: string, stopAt = MAX_JSON_CONTAINERS + 1): number {
  let n = 0;
  for (let i = 0; i < text.length && n < stopAt; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 || c === 91) n++;
  }
  return n;
}

/**
 * Whether `text` holds more than `max` JSON objects and arrays. Each needs a character, so a text
 * of at most `max` characters (every real crash report against MAX_JSON_CONTAINERS) is answered
 * without reading it.
 */
export function exceedsJsonContainers(text: string, max = MAX_JSON_CONTAINERS): boolean {
  return text.length > max && countJsonContainers(text, max + 1) > max;
}
