import { deviceDisplayName } from '@common/devices/deviceDisplayName';

import { type Database, HttpError } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import { OPEN_STATES_SQL } from '../../gluon/public';
import type { Campaign, CampaignDevice, FamilyItem } from '../schemas';
import { MAX_HUNT_VALUE_CHARS, SEEN_FIRST, SEEN_LAST } from './huntQuery';
import { withTimeBudget } from './timeBudget';

/** Families the tenant's incidents name, with how many devices and open incidents: what can be followed. */
export async function listFamilies(db: Database, tenantId: string): Promise<FamilyItem[]> {
  return db.query<FamilyItem>(
    `SELECT family_id AS id, min(family_name) AS name, count(DISTINCT device_id)::int AS devices, count(*) FILTER (WHERE state IN ${OPEN_STATES_SQL})::int AS open
     FROM gluon_incidents WHERE tenant_id = $1 GROUP BY family_id ORDER BY count(DISTINCT device_id) DESC, min(family_name) LIMIT 500`,
    [tenantId],
  );
}

/** Most devices one campaign lists (the timeline counts them all). */
const MAX_CAMPAIGN_DEVICES = 1_000;

interface SightingRow {
  device_id: string;
  name: string;
  platform: string;
  first_seen: Stamp;
  last_seen: Stamp;
  sightings: number;
}

/**
 * A family followed across the fleet: its findings (every sighting of one of its indicators) per
 * device; or one indicator value: every observation of exactly that value, whether or not a rule
 * set names it. Both with the incidents and their triage states, and a timeline per day.
 */
export async function campaign(
  db: Database,
  tenantId: string,
  input: { familyId?: string; indicator?: string; offset?: number },
): Promise<Campaign> {
  if (!input.familyId === !input.indicator) throw new HttpError(400, 'Follow either a family or one indicator value.');
  if ((input.indicator ?? input.familyId ?? '').length > MAX_HUNT_VALUE_CHARS)
    throw new HttpError(400, `A value has at most ${MAX_HUNT_VALUE_CHARS} characters.`);
  return withTimeBudget(db, async (q) => {
    let family: Campaign['family'] = null;
    // The sightings, as (device, first, last) rows, in SQL shared by the per-device and per-day
    // queries. "First seen" is the hunt's (SEEN_FIRST: the earliest time a row recorded the value),
    // so the campaign and the hunt of one value name the same minute.
    let sightings: string;
    const params: unknown[] = [tenantId];
    if (input.familyId) {
      // Named by an incident, or (followed from the rules repository before any sighting) by a rule set.
      const [row] = await q.query<{ name: string | null }>(
        `SELECT coalesce(
           (SELECT min(family_name) FROM gluon_incidents WHERE tenant_id = $1 AND family_id = $2),
           (SELECT min(i.family_name) FROM gluon_indicators i JOIN gluon_rule_sets r ON r.id = i.rule_set_id WHERE r.tenant_id = $1 AND i.family_id = $2)) AS name`,
        [tenantId, input.familyId],
      );
      if (!row?.name) throw new HttpError(404, 'No incident or rule set names this family.');
      family = { id: input.familyId, name: row.name };
      params.push(input.familyId);
      // A finding keeps the time its observation was first seen (gluon's incident evidence shows it);
      // it is stored once, so its last sighting is the device's latest observation of the same kind
      // and value (the hunt's SEEN_LAST), or that first time when none is later (greatest skips NULL).
      sightings = `SELECT f.device_id, coalesce(f.observed_at, f.created_at) AS first_at,
                     greatest(coalesce(f.observed_at, f.created_at),
                       (SELECT max(${SEEN_LAST}) FROM gluon_observations o JOIN gluon_inspections i ON i.id = o.inspection_id
                        WHERE o.device_id = f.device_id AND o.kind = f.kind AND o.value = f.value)) AS last_at
                   FROM gluon_findings f JOIN gluon_incidents inc ON inc.id = f.incident_id
                   WHERE f.tenant_id = $1 AND inc.family_id = $2 AND NOT f.suppressed`;
    } else {
      params.push(input.indicator);
      sightings = `SELECT o.device_id, ${SEEN_FIRST} AS first_at, ${SEEN_LAST} AS last_at FROM gluon_observations o
                   JOIN gluon_devices d ON d.id = o.device_id JOIN gluon_inspections i ON i.id = o.inspection_id
                   WHERE d.tenant_id = $1 AND o.value = $2`;
    }
    const rows = await q.query<SightingRow>(
      `SELECT s.device_id, d.name, d.platform, min(s.first_at) AS first_seen, max(s.last_at) AS last_seen, count(*)::int AS sightings
       FROM (${sightings}) s JOIN gluon_devices d ON d.id = s.device_id
       GROUP BY s.device_id, d.name, d.platform ORDER BY max(s.last_at) DESC LIMIT ${MAX_CAMPAIGN_DEVICES}`,
      params,
    );
    // A sighting counts on the day it was first seen, so the timeline starts on the "first" day;
    // days are the reader's (`offset`: the console's fixed-offset zone, in hours), not the
    // database session's, so 23:30 UTC is the next day in UTC+05:30 as every other date there.
    const minutes = Math.round((input.offset ?? 0) * 60);
    const timeline = await q.query<{ day: string; devices: number; sightings: number }>(
      `SELECT to_char((s.first_at AT TIME ZONE 'UTC') + $${params.length + 1}::int * interval '1 minute', 'YYYY-MM-DD') AS day,
              count(DISTINCT s.device_id)::int AS devices, count(*)::int AS sightings
       FROM (${sightings}) s GROUP BY 1 ORDER BY 1`,
      [...params, minutes],
    );
    const ids = rows.map((r) => r.device_id);
    const incidents = ids.length
      ? await q.query<{ id: string; device_id: string; family_name: string; state: string; owner: string | null }>(
          // The owner's e-mail rides along: the campaign says who looks after each incident, as gluon does.
          input.familyId
            ? `SELECT inc.id, inc.device_id, inc.family_name, inc.state, o.email AS owner FROM gluon_incidents inc LEFT JOIN users o ON o.id = inc.owner_id
               WHERE inc.tenant_id = $1 AND inc.family_id = $2 AND inc.device_id = ANY($3::uuid[])`
            : `SELECT DISTINCT inc.id, inc.device_id, inc.family_name, inc.state, o.email AS owner FROM gluon_incidents inc JOIN gluon_findings f ON f.incident_id = inc.id
               LEFT JOIN users o ON o.id = inc.owner_id
               WHERE inc.tenant_id = $1 AND (f.indicator_value = $2 OR f.value = $2) AND inc.device_id = ANY($3::uuid[])`,
          [tenantId, input.familyId ?? input.indicator, ids],
        )
      : [];
    const devices = rows.map((r): CampaignDevice => ({
      device: { id: r.device_id, name: r.name, displayName: deviceDisplayName(r.name), platform: r.platform },
      firstSeen: iso(r.first_seen)!,
      lastSeen: iso(r.last_seen)!,
      sightings: r.sightings,
      incidents: incidents
        .filter((i) => i.device_id === r.device_id)
        .map((i) => ({ id: i.id, familyName: i.family_name, state: i.state, owner: i.owner })),
    }));
    const firsts = devices.map((d) => d.firstSeen).sort();
    const lasts = devices.map((d) => d.lastSeen).sort();
    return {
      family,
      indicator: input.indicator ?? null,
      devices,
      firstSeen: firsts[0] ?? null,
      lastSeen: lasts.at(-1) ?? null,
      timeline: timeline.map((t) => ({ day: t.day, devices: t.devices, sightings: t.sightings })),
    };
  });
}
