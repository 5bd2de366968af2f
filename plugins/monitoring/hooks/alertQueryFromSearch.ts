import type { AlertQuery } from '../api/MonitoringApi';

const STATUSES = ['active', 'acknowledged', 'resolved', 'ignored'] as const;
const SEVERITIES = ['low', 'medium', 'high'] as const;
const CATEGORIES = ['incident', 'finding', 'inspection_failed', 'stale', 'hunt'] as const;

const pick = <const T extends readonly string[]>(values: T, value: string | null): T[number] | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T[number]) : undefined;

/** The alert filter an overview link carries (`?severity=high&status=active`); unknown values are dropped. */
export function alertQueryFromSearch(search: string): AlertQuery {
  const params = new URLSearchParams(search);
  const query: AlertQuery = { page: 0, size: 20, sort: 'lastSeen', dir: 'desc' };
  const status = pick(STATUSES, params.get('status'));
  const severity = pick(SEVERITIES, params.get('severity'));
  const category = pick(CATEGORIES, params.get('category'));
  const text = params.get('search')?.slice(0, 200);
  return {
    ...query,
    ...(status ? { status } : {}),
    ...(severity ? { severity } : {}),
    ...(category ? { category } : {}),
    ...(text ? { search: text } : {}),
  };
}
