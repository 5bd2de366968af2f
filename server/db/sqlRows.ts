/** Small conversions of SQL answers shared by the modules' repositories (gluon, neutrino). */

export type Stamp = Date | string | null;

/** A timestamp column as ISO 8601 (PGlite and pg both answer Date objects; strings pass through). */
export function iso(value: Stamp): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** jsonb columns come back parsed from pg and PGlite alike; a text answer is parsed here. */
export function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}
