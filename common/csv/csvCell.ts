/**
 * CSV as the API exports it (the audit log, a device's findings): RFC 4180 cells and lines, and
 * formula injection defused. One escaper for every export; the console builds no CSV today, but
 * would use this one.
 */

/**
 * `always`: every cell in quotes (the audit log, whose columns hold free text);
 * `when-needed`: only cells with a quote, comma or line break (the findings report).
 */
export type CsvQuoting = 'always' | 'when-needed';

/** A leading = + - @ (or tab / CR) makes a spreadsheet read a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * One cell: text as is, numbers and booleans as written, null and undefined empty, anything else
 * as JSON; a cell a spreadsheet would run as a formula gets a leading `'`; quotes are doubled.
 */
export function csvCell(value: unknown, quoting: CsvQuoting = 'when-needed'): string {
  const text = cellText(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return quoting === 'always' || NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole document: the header line, then one line per row, each ended by CRLF (RFC 4180). */
export function csvDocument(
  header: readonly string[],
  rows: Iterable<readonly unknown[]>,
  quoting: CsvQuoting = 'when-needed',
): string {
  const lines = [header.map((name) => csvCell(name, 'when-needed')).join(',')];
  for (const row of rows) lines.push(row.map((value) => csvCell(value, quoting)).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
