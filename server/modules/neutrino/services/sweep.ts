import { deviceDisplayName } from '@common/devices/deviceDisplayName';

import { type Database, HttpError, type Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import {
  buildMatcher,
  type Indicator,
  type ObservationKind,
  TRUNCATED_PROCESS_NAME_CHARS,
} from '../../inspection/public';
import type { SweepDevice, SweepMatch, SweepResult } from '../schemas';
import { escapeLike, SEEN_FIRST, SEEN_LAST } from './huntQuery';
import { parseSweep, quoted, sweepBundleText, type SweepInput } from './sweepInput';
import { withTimeBudget } from './timeBudget';

/** Candidate observations read for one sweep; more means the values are too common to sweep for. */
export const MAX_SWEEP_CANDIDATES = 200_000;
/** Matches listed per device in a sweep's answer (the count says how many there are). */
export const MATCHES_PER_DEVICE = 20;

/**
 * The text every observation an indicator can reach contains (case-insensitively), whatever
 * route gluon's matcher takes: a process name in a path or cut to 16 characters, a domain's
 * subdomains, a path prefix, an Android component's package. The trigram index finds those
 * candidates; gluon's matcher then decides, so a sweep matches exactly as an inspection does.
 */
export function needleOf(indicator: Pick<Indicator, 'type' | 'value'>): string {
  return indicator.type === 'process:name' ? indicator.value.slice(0, TRUNCATED_PROCESS_NAME_CHARS) : indicator.value;
}

interface CandidateRow {
  id: string;
  device_id: string;
  inspection_id: string;
  kind: string;
  value: string;
  source: string;
  line: number | null;
  first_seen: Stamp;
  last_seen: Stamp;
}

/** Observations of the tenant (optionally of some inspections only) that match any indicator, by gluon's matcher. */
export async function matchIndicators(
  q: Queryable,
  tenantId: string,
  indicators: Indicator[],
  options: { inspectionIds?: string[] } = {},
): Promise<SweepMatch[]> {
  const needles = [...new Set(indicators.map((i) => `%${escapeLike(needleOf(i))}%`))];
  const params: unknown[] = [tenantId, needles, MAX_SWEEP_CANDIDATES + 1];
  let only = '';
  if (options.inspectionIds) {
    if (options.inspectionIds.length === 0) return [];
    params.push(options.inspectionIds);
    only = `AND o.inspection_id = ANY($4::uuid[])`;
  }
  // One trigram look-up per needle (a nested loop over the list), each observation once.
  // One trigram probe per needle (LATERAL), done once (MATERIALIZED) before the tenant's devices
  // are joined: a planner without statistics would otherwise probe again for every device.
  const rows = await q.query<CandidateRow>(
    `WITH c AS MATERIALIZED (
       SELECT o.* FROM unnest($2::text[]) AS n(pattern)
       CROSS JOIN LATERAL (SELECT * FROM gluon_observations o WHERE o.value ILIKE n.pattern ${only} OFFSET 0) o
     )
     SELECT DISTINCT ON (o.id) o.id, o.device_id, o.inspection_id, o.kind, o.value, o.source, o.line, ${SEEN_FIRST} AS first_seen, ${SEEN_LAST} AS last_seen
     FROM c o
     JOIN gluon_devices d ON d.id = o.device_id
     JOIN gluon_inspections i ON i.id = o.inspection_id
     WHERE d.tenant_id = $1
     ORDER BY o.id LIMIT $3`,
    params,
  );
  if (rows.length > MAX_SWEEP_CANDIDATES) {
    throw new HttpError(
      422,
      `These values occur in more than ${MAX_SWEEP_CANDIDATES.toLocaleString('en-US')} observations: sweep for fewer or more specific values.`,
    );
  }
  const matcher = buildMatcher(indicators);
  const out: SweepMatch[] = [];
  for (const r of rows) {
    const findings = matcher.match({
      kind: r.kind as ObservationKind,
      value: r.value,
      source: r.source,
      ...(r.line !== null ? { line: r.line } : {}),
    });
    for (const f of findings) {
      out.push({
        inspectionId: r.inspection_id,
        deviceId: r.device_id,
        kind: r.kind,
        value: r.value,
        source: r.source,
        line: r.line,
        firstSeen: iso(r.first_seen)!,
        lastSeen: iso(r.last_seen)!,
        indicator: { id: f.indicator.id, type: f.indicator.type, value: f.indicator.value },
        family: f.family,
        route: f.route,
      });
    }
  }
  return out;
}

/** Which devices ever observed any of the indicators, without creating a rule set. */
export async function sweep(db: Database, tenantId: string, input: SweepInput): Promise<SweepResult> {
  const parsed = parseSweep(sweepBundleText(input));
  const matches = await withTimeBudget(db, (q) => matchIndicators(q, tenantId, parsed.indicators), undefined, {
    indexOnly: true,
  });
  const byDevice = new Map<string, SweepMatch[]>();
  for (const m of matches) {
    const list = byDevice.get(m.deviceId);
    if (list) list.push(m);
    else byDevice.set(m.deviceId, [m]);
  }
  const ids = [...byDevice.keys()];
  const names = ids.length
    ? await db.query<{ id: string; name: string; platform: string }>(
        'SELECT id, name, platform FROM gluon_devices WHERE tenant_id = $1 AND id = ANY($2::uuid[])',
        [tenantId, ids],
      )
    : [];
  const devices = names.map((d): SweepDevice => {
    const list = byDevice.get(d.id)!.sort((a, b) => b.lastSeen.localeCompare(a.lastSeen));
    return {
      device: { ...d, displayName: deviceDisplayName(d.name) },
      firstSeen: list.reduce((min, m) => (m.firstSeen < min ? m.firstSeen : min), list[0]!.firstSeen),
      lastSeen: list[0]!.lastSeen,
      matchCount: list.length,
      indicators: [...new Set(list.map((m) => m.indicator.value))],
      matches: list.slice(0, MATCHES_PER_DEVICE),
    };
  });
  devices.sort((a, b) => b.lastSeen.localeCompare(a.lastSeen) || a.device.id.localeCompare(b.device.id));
  return {
    indicators: parsed.indicators.length,
    matchedIndicators: new Set(matches.map((m) => m.indicator.id)).size,
    unsupported: parsed.unsupported.map((u) => ({ pattern: quoted(u.pattern), reason: u.reason })),
    devices,
  };
}
