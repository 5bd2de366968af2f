/**
 * One value as one path segment: encoded, so a value with `/`, `?` or `#` (an indicator path,
 * a URL) stays one parameter and reaches the page decoded (host/routing/decideRoute).
 */
export function pathSegment(value: string | number): string {
  return encodeURIComponent(String(value));
}

/** `?a=1&b=2` from the given entries (undefined and empty values left out), or '' when none are left. */
export function queryString(params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '',
  );
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
}
