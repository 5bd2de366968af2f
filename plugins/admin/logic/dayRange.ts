/**
 * The audit filter's dates (yyyy-mm-dd from the date inputs) as the API's bounds: `from` at the
 * start of that day and `to` at the start of the day after (the API's upper bound is exclusive),
 * both in the browser's zone; an inverted range is refused before any request.
 */
export function dayRange(from: string, to: string): { from?: string; to?: string; error?: string } {
  const start = parseDay(from);
  const end = parseDay(to);
  if (end) end.setDate(end.getDate() + 1);
  if (start && end && start.getTime() >= end.getTime())
    return { error: 'The start of the date range must be before its end.' };
  return { from: start?.toISOString(), to: end?.toISOString() };
}

function parseDay(value: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(d.getTime()) ? undefined : d;
}
