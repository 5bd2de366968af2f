import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import { likePattern } from '../../../services/listQuery';
import { hostOf, isShortenerHost } from '../../inspection/public';
import type { DeviceLinkPage } from '../schemas';
import { getDevice } from './devices';

/** The kinds the device page's "Links and domains" tab lists. */
export const LINK_KINDS = ['domain', 'url'] as const;

interface LinkRow {
  kind: 'domain' | 'url';
  value: string;
  source: string;
  line: number | null;
  raw: string | null;
  first_seen: Stamp;
  last_seen: Stamp;
  inspections: number;
  flagged_by: string[] | null;
}

/**
 * The links and domains seen on a device over all its inspections (one row per kind and value,
 * with the evidence of its first sighting), flagged ones first; `search` matches the value or the
 * record it was read in (an SMS's text, a dumpsys line). Paged on the server.
 */
export async function listDeviceLinks(
  q: Queryable,
  tenantId: string,
  deviceId: string,
  options: { search?: string; page: number; size: number },
): Promise<DeviceLinkPage> {
  await getDevice(q, tenantId, deviceId);
  const search = likePattern(options.search?.trim().toLowerCase());
  const where = `o.device_id = $1 AND o.kind = ANY($2::text[])
    AND ($3::text IS NULL OR lower(o.value) LIKE $3 OR lower(coalesce(o.raw, '')) LIKE $3)`;
  const params = [deviceId, [...LINK_KINDS], search];
  const [count] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM gluon_observations o WHERE ${where} GROUP BY o.kind, o.value) x`,
    params,
  );
  const rows = await q.query<LinkRow>(
    `WITH links AS (
       SELECT o.kind, o.value, min(o.first_seen) AS first_seen, max(o.last_seen) AS last_seen,
              count(DISTINCT o.inspection_id)::int AS inspections, min(o.id) AS first_id
       FROM gluon_observations o WHERE ${where} GROUP BY o.kind, o.value
     ), flagged AS (
       SELECT l.*, (SELECT array_agg(DISTINCT g.indicator_value ORDER BY g.indicator_value) FROM gluon_findings g
                    WHERE g.device_id = $1 AND g.kind = l.kind AND g.value = l.value AND NOT g.suppressed) AS flagged_by
       FROM links l
     )
     SELECT l.kind, l.value, f.source, f.line, f.raw, l.first_seen, l.last_seen, l.inspections, l.flagged_by
     FROM flagged l JOIN gluon_observations f ON f.id = l.first_id
     ORDER BY (l.flagged_by IS NULL), l.kind, l.value LIMIT $4 OFFSET $5`,
    [...params, options.size, options.page * options.size],
  );
  return {
    total: count?.n ?? 0,
    page: options.page,
    size: options.size,
    items: rows.map((r) => {
      const host = r.kind === 'domain' ? r.value : hostOf(r.value);
      return {
        kind: r.kind,
        value: r.value,
        source: r.source,
        line: r.line,
        raw: r.raw,
        firstSeen: iso(r.first_seen),
        lastSeen: iso(r.last_seen),
        inspections: r.inspections,
        shortener: host !== null && isShortenerHost(host),
        flaggedBy: r.flagged_by ?? [],
      };
    }),
  };
}
