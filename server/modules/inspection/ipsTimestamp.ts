/** The last stamp converted: an archive's reports mostly share few stamps, read once per report. */
let last: { value: string; iso: string | undefined } | undefined;

/**
 * `.ips` stamps look like `2023-09-12 10:17:55.00 +0200`; returns ISO 8601 (UTC), or undefined
 * when the value is not in that form.
 */
export function ipsTimestampToIso(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (last?.value === value) return last.iso;
  const iso = convert(value);
  last = { value, iso };
  return iso;
}

function convert(value: string): string | undefined {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?\s*([+-]\d{2}):?(\d{2})$/.exec(value.trim());
  if (!m) return undefined;
  const fraction = m[3] ? m[3].slice(0, 4).padEnd(4, '0') : '';
  const date = new Date(`${m[1]}T${m[2]}${fraction}${m[4]}:${m[5]}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
