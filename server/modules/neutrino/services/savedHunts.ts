import { deviceDisplayName } from '@common/devices/deviceDisplayName';

import { type Database, HttpError, type Queryable } from '../../../contracts';
import { iso, json, type Stamp } from '../../../db/sqlRows';
import type { Indicator, IndicatorType } from '../../inspection/public';
import type { HuntMatch, SavedHunt } from '../schemas';
import { type HuntQuery, huntSql, validateHunt } from './huntQuery';
import { matchIndicators } from './sweep';
import { parseSweep, sweepBundleText, type SweepInput } from './sweepInput';

/** Most saved hunts per tenant: each runs on every inspection. */
export const MAX_SAVED_HUNTS = 200;
/** A full run over everything collected, at most this often per hunt (the schedule). */
export const FULL_RUN_EVERY_HOURS = 24;
/** Inspections finished this long before the cursor are matched again: a transaction committed late is not missed (matches are idempotent). */
const CURSOR_OVERLAP = "interval '1 minute'";

type StoredIndicator = Pick<Indicator, 'id' | 'type' | 'value'> & { family: Indicator['family'] };
type StoredQuery = { hunt: HuntQuery } | { indicators: StoredIndicator[] };

interface HuntRow {
  id: string;
  tenant_id: string;
  name: string;
  type: 'hunt' | 'sweep';
  query: unknown;
  created_at: Stamp;
  scanned_until: Stamp;
  last_full_run_at: Stamp;
}

function toSaved(row: HuntRow & { matches: number; devices: number }): SavedHunt {
  const query = json<StoredQuery>(row.query, { indicators: [] });
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    hunt: 'hunt' in query ? query.hunt : null,
    indicators: 'indicators' in query ? query.indicators.length : 0,
    matches: row.matches,
    devices: row.devices,
    createdAt: iso(row.created_at)!,
    matchedUntil: iso(row.scanned_until),
  };
}

const SELECT_SAVED = `SELECT h.*, (SELECT count(*)::int FROM neutrino_hunt_matches m WHERE m.hunt_id = h.id) AS matches,
  (SELECT count(DISTINCT m.device_id)::int FROM neutrino_hunt_matches m WHERE m.hunt_id = h.id) AS devices FROM neutrino_saved_hunts h`;

export async function listSavedHunts(q: Queryable, tenantId: string): Promise<SavedHunt[]> {
  return (
    await q.query<HuntRow & { matches: number; devices: number }>(
      `${SELECT_SAVED} WHERE h.tenant_id = $1 ORDER BY h.name`,
      [tenantId],
    )
  ).map(toSaved);
}

/** Saves a hunt or a sweep under a name (unique per tenant) and runs it over everything collected. */
export async function saveHunt(
  db: Database,
  input: { tenantId: string; userId: string | null; name: string; hunt?: HuntQuery; sweep?: SweepInput },
): Promise<SavedHunt> {
  if (!input.hunt === !input.sweep) throw new HttpError(400, 'Save either a hunt or a sweep.');
  const name = input.name.trim();
  if (!name) throw new HttpError(400, 'Name the hunt.');
  let type: 'hunt' | 'sweep';
  let query: StoredQuery;
  if (input.hunt) {
    type = 'hunt';
    const { mode, value, kinds } = validateHunt(input.hunt);
    // A saved hunt watches what comes: the time range of the search that found it does not apply.
    query = { hunt: { mode, value, ...(kinds && kinds.length ? { kinds } : {}) } };
  } else {
    type = 'sweep';
    const parsed = parseSweep(sweepBundleText(input.sweep!));
    query = {
      indicators: parsed.indicators.map((i) => ({ id: i.id, type: i.type, value: i.value, family: i.family })),
    };
  }
  const id = await db.tx(async (q) => {
    const [{ n }] = (await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM neutrino_saved_hunts WHERE tenant_id = $1',
      [input.tenantId],
    )) as [{ n: number }];
    if (n >= MAX_SAVED_HUNTS)
      throw new HttpError(409, `A tenant keeps at most ${MAX_SAVED_HUNTS} saved hunts: delete one first.`);
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO neutrino_saved_hunts (tenant_id, name, type, query, created_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (tenant_id, name) DO NOTHING RETURNING id`,
      [input.tenantId, name, type, JSON.stringify(query), input.userId],
    );
    if (!row) throw new HttpError(409, `A saved hunt is already named "${name}".`);
    return row.id;
  });
  await runSavedHunt(db, id, { full: true });
  const [row] = await db.query<HuntRow & { matches: number; devices: number }>(`${SELECT_SAVED} WHERE h.id = $1`, [id]);
  return toSaved(row!);
}

export async function deleteSavedHunt(q: Queryable, tenantId: string, id: string): Promise<{ name: string }> {
  const [row] = await q.query<{ name: string }>(
    'DELETE FROM neutrino_saved_hunts WHERE tenant_id = $1 AND id = $2 RETURNING name',
    [tenantId, id],
  );
  if (!row) throw new HttpError(404, 'No such saved hunt.');
  return row;
}

/** A saved hunt's matches, newest first (at most 500; each is one row, however often the hunt runs). */
export async function listMatches(q: Queryable, tenantId: string, huntId: string): Promise<HuntMatch[]> {
  const [hunt] = await q.query('SELECT 1 FROM neutrino_saved_hunts WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    huntId,
  ]);
  if (!hunt) throw new HttpError(404, 'No such saved hunt.');
  const rows = await q.query<{
    id: string;
    device_id: string;
    name: string;
    inspection_id: string;
    kind: string;
    value: string;
    source: string | null;
    line: number | null;
    created_at: Stamp;
  }>(
    `SELECT m.id, m.device_id, d.name, m.inspection_id, m.kind, m.value, m.source, m.line, m.created_at FROM neutrino_hunt_matches m JOIN gluon_devices d ON d.id = m.device_id
     WHERE m.tenant_id = $1 AND m.hunt_id = $2 ORDER BY m.created_at DESC, m.id LIMIT 500`,
    [tenantId, huntId],
  );
  return rows.map((r) => ({
    id: r.id,
    deviceId: r.device_id,
    deviceName: r.name,
    deviceDisplayName: deviceDisplayName(r.name),
    inspectionId: r.inspection_id,
    kind: r.kind,
    value: r.value,
    source: r.source,
    line: r.line,
    createdAt: iso(r.created_at)!,
  }));
}

interface MatchRow {
  deviceId: string;
  inspectionId: string;
  kind: string;
  value: string;
  source: string;
  line: number | null;
}

async function matchesOf(q: Queryable, hunt: HuntRow, inspectionIds?: string[]): Promise<MatchRow[]> {
  const query = json<StoredQuery>(hunt.query, { indicators: [] });
  if ('hunt' in query) {
    const where = huntSql(hunt.tenant_id, query.hunt);
    const params = [...where.params];
    let only = '';
    if (inspectionIds) {
      params.push(inspectionIds);
      only = ` AND o.inspection_id = ANY($${params.length}::uuid[])`;
    }
    return q.query<MatchRow>(
      `${where.with} SELECT o.device_id AS "deviceId", o.inspection_id AS "inspectionId", o.kind, o.value, o.source, o.line
       ${where.from} WHERE ${where.where}${only}`,
      params,
    );
  }
  // As a sweep: one trigram probe per value, never a sequential scan per value (sweep.ts).
  await q.query('SET LOCAL enable_seqscan = off');
  const ruleSet = { id: hunt.id, name: hunt.name, version: '1' };
  const indicators: Indicator[] = query.indicators.map((i) => ({
    ...i,
    type: i.type as IndicatorType,
    pattern: '',
    ruleSet,
  }));
  return matchIndicators(q, hunt.tenant_id, indicators, inspectionIds ? { inspectionIds } : {});
}

/**
 * Runs one saved hunt: over everything collected (`full`: on save and on the schedule), else over
 * the inspections finished since its cursor. Each match is inserted once (the unique key), so a
 * run repeated over the same inspection adds nothing; returns how many rows were new.
 */
export async function runSavedHunt(db: Database, huntId: string, options: { full?: boolean } = {}): Promise<number> {
  return db.tx(async (q) => {
    // One runner per hunt at a time (two API processes, or the schedule and an inspection).
    const [hunt] = await q.query<HuntRow>('SELECT * FROM neutrino_saved_hunts WHERE id = $1 FOR UPDATE SKIP LOCKED', [
      huntId,
    ]);
    if (!hunt) return 0;
    const [{ until }] = (await q.query<{ until: Stamp }>(
      "SELECT max(finished_at) AS until FROM gluon_inspections WHERE tenant_id = $1 AND status = 'done'",
      [hunt.tenant_id],
    )) as [{ until: Stamp }];
    let inspectionIds: string[] | undefined;
    if (!options.full && hunt.scanned_until) {
      inspectionIds = (
        await q.query<{ id: string }>(
          `SELECT id FROM gluon_inspections WHERE tenant_id = $1 AND status = 'done' AND finished_at > $2::timestamptz - ${CURSOR_OVERLAP}`,
          [hunt.tenant_id, iso(hunt.scanned_until)],
        )
      ).map((r) => r.id);
    }
    const rows = inspectionIds?.length === 0 ? [] : await matchesOf(q, hunt, inspectionIds);
    let added = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const inserted = await q.query(
        `INSERT INTO neutrino_hunt_matches (tenant_id, hunt_id, device_id, inspection_id, kind, value, source, line)
         SELECT $1, $2, * FROM unnest($3::uuid[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::int[])
         ON CONFLICT (hunt_id, inspection_id, kind, value) DO NOTHING RETURNING id`,
        [
          hunt.tenant_id,
          hunt.id,
          chunk.map((r) => r.deviceId),
          chunk.map((r) => r.inspectionId),
          chunk.map((r) => r.kind),
          chunk.map((r) => r.value),
          chunk.map((r) => r.source),
          chunk.map((r) => r.line),
        ],
      );
      added += inserted.length;
    }
    await q.query(
      `UPDATE neutrino_saved_hunts SET scanned_until = coalesce(greatest(scanned_until, $2::timestamptz), scanned_until, $2::timestamptz), last_full_run_at = CASE WHEN $3 THEN now() ELSE last_full_run_at END WHERE id = $1`,
      [hunt.id, iso(until), options.full === true],
    );
    return added;
  });
}

/**
 * The durable scan: every saved hunt with an inspection finished since its cursor runs over those
 * inspections; one whose last full run is older than the schedule runs over everything. Called
 * by the module's timer (and by tests); a crash between runs loses nothing, the cursor says where
 * to go on.
 */
export async function scanSavedHunts(db: Database): Promise<number> {
  const due = await db.query<{ id: string; full: boolean }>(
    `SELECT h.id, (h.last_full_run_at IS NULL OR h.last_full_run_at < now() - interval '${FULL_RUN_EVERY_HOURS} hours') AS full
     FROM neutrino_saved_hunts h
     WHERE h.last_full_run_at IS NULL OR h.last_full_run_at < now() - interval '${FULL_RUN_EVERY_HOURS} hours'
        OR EXISTS (SELECT 1 FROM gluon_inspections i WHERE i.tenant_id = h.tenant_id AND i.status = 'done' AND i.finished_at > coalesce(h.scanned_until, '-infinity'))`,
  );
  let added = 0;
  for (const hunt of due) added += await runSavedHunt(db, hunt.id, { full: hunt.full });
  return added;
}
