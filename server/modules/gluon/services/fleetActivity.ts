import type { Queryable } from '../../../contracts';
import { CLOSED_STATES_SQL, OPEN_STATES_SQL } from './incidentStateSql';
import { UPLOAD_ORIGINS } from './inspectionStatus';

export interface DayCount {
  day: string;
  count: number;
}

export interface FleetActivity {
  incidentsOpened: DayCount[];
  /** Incidents triaged from open (or confirmed) to closed (benign, false positive). */
  incidentsResolved: DayCount[];
  /** Files inspected: uploads and collector files. */
  inspections: DayCount[];
  /** Stored observations matched again (a rule-set change, a suppression, a device's Rescan): no file read. */
  matchedAgain: DayCount[];
}

/** Counts per UTC day for the last `days` days up to `now` (zero days included). */
async function perDay(q: Queryable, sql: string, params: unknown[], now: Date, days: number): Promise<DayCount[]> {
  return q.query<{ day: string; count: number }>(
    `WITH events AS (${sql})
     SELECT to_char(d, 'YYYY-MM-DD') AS day, (SELECT count(*)::int FROM events e WHERE e.at >= d AND e.at < d + interval '1 day') AS count
       FROM generate_series(date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC') - make_interval(days => $3 - 1), date_trunc('day', $2::timestamptz AT TIME ZONE 'UTC'), interval '1 day') AS g(d0),
            LATERAL (SELECT d0 AT TIME ZONE 'UTC' AS d) x
      ORDER BY 1`,
    [...params, now, days],
  );
}

/** The tenant's incidents opened and resolved, files inspected and observations matched again, per day. */
export async function fleetActivityPerDay(
  q: Queryable,
  tenantId: string,
  input: { now: Date; days: number },
): Promise<FleetActivity> {
  const { now, days } = input;
  const uploads = `(${UPLOAD_ORIGINS.map((o) => `'${o}'`).join(', ')})`;
  return {
    incidentsOpened: await perDay(
      q,
      'SELECT created_at AS at FROM gluon_incidents WHERE tenant_id = $1',
      [tenantId],
      now,
      days,
    ),
    incidentsResolved: await perDay(
      q,
      `SELECT e.at FROM gluon_incident_events e JOIN gluon_incidents i ON i.id = e.incident_id
        WHERE i.tenant_id = $1 AND e.to_state IN ${CLOSED_STATES_SQL} AND e.from_state IN ${OPEN_STATES_SQL}`,
      [tenantId],
      now,
      days,
    ),
    inspections: await perDay(
      q,
      `SELECT created_at AS at FROM gluon_inspections WHERE tenant_id = $1 AND origin IN ${uploads}`,
      [tenantId],
      now,
      days,
    ),
    matchedAgain: await perDay(
      q,
      `SELECT created_at AS at FROM gluon_inspections WHERE tenant_id = $1 AND origin NOT IN ${uploads}`,
      [tenantId],
      now,
      days,
    ),
  };
}

/** The families of the tenant's open incidents on most devices, `limit` at most. */
export async function openIncidentFamilies(
  q: Queryable,
  tenantId: string,
  limit = 10,
): Promise<{ familyId: string; familyName: string; devices: number }[]> {
  return q.query<{ familyId: string; familyName: string; devices: number }>(
    `SELECT family_id AS "familyId", max(family_name) AS "familyName", count(DISTINCT device_id)::int AS devices
       FROM gluon_incidents WHERE tenant_id = $1 AND state IN ${OPEN_STATES_SQL}
      GROUP BY family_id ORDER BY 3 DESC, 1 LIMIT $2`,
    [tenantId, limit],
  );
}
