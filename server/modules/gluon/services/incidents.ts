import { deviceDisplayName } from '@common/devices/deviceDisplayName';
import { count } from '@common/format/count';
import { canReadReports, canTriage } from '@common/gluon/access';
// The states and which count as open are common to every product (common/incidents).
import { INCIDENT_STATES, type IncidentState, isClosedIncidentState } from '@common/incidents/incidentStates';

import { type Database, HttpError, type Queryable } from '../../../contracts';
import { iso, json, type Stamp } from '../../../db/sqlRows';
import type {
  Family,
  FamilyReference,
  Finding,
  IndicatorType,
  MatchRoute,
  ObservationKind,
} from '../../inspection/public';
import type { IncidentDetail, IncidentOwner, IncidentSummary } from '../schemas';
export { INCIDENT_STATES, type IncidentState };

/** Every incident is `high` today (the column's default); a new level is named here first. */
export const INCIDENT_SEVERITIES = ['high'] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];

/**
 * What a timeline event records: opened, new findings, a triage, a suppression, a suppression undone, a
 * new owner (its comment is the owner's e-mail, null when the incident was given to nobody).
 */
export const INCIDENT_EVENT_KINDS = ['opened', 'findings', 'triage', 'suppressed', 'unsuppressed', 'owner'] as const;
export type IncidentEventKind = (typeof INCIDENT_EVENT_KINDS)[number];

export interface Actor {
  userId: string | null;
  email: string | null;
}

const SYSTEM: Actor = { userId: null, email: null };

async function addEvent(
  q: Queryable,
  incidentId: string,
  event: { kind: IncidentEventKind; from?: IncidentState | null; to?: IncidentState | null; comment?: string | null },
  actor: Actor = SYSTEM,
): Promise<void> {
  await q.query(
    'INSERT INTO gluon_incident_events (incident_id, kind, from_state, to_state, comment, author_id, author_email) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [incidentId, event.kind, event.from ?? null, event.to ?? null, event.comment ?? null, actor.userId, actor.email],
  );
}

/** Rows per INSERT: one statement for a family's findings, however many the rule sets produce. */
const FINDINGS_BATCH = 1000;

/**
 * Inserts an incident's findings, FINDINGS_BATCH to a statement (arrays unnested on the server);
 * one already recorded for the device (same indicator, kind and value) is skipped. Returns how
 * many were new.
 */
async function insertFindings(
  q: Queryable,
  input: {
    tenantId: string;
    deviceId: string;
    inspectionId: string;
    incidentId: string;
    ruleSetIds: Map<string, string>;
  },
  findings: Finding[],
): Promise<number> {
  let added = 0;
  for (let i = 0; i < findings.length; i += FINDINGS_BATCH) {
    const part = findings.slice(i, i + FINDINGS_BATCH);
    const rows = await q.query(
      `INSERT INTO gluon_findings (tenant_id, incident_id, device_id, inspection_id, indicator_id, indicator_type, indicator_value, pattern, rule_set_id, rule_set_name, rule_set_version, route, kind, value, source, line, raw, observed_at)
       SELECT $1, $2, $3, $4, ii, it, iv, pa, rs, rn, rv, ro, k, v, s, l, r, t
       FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::uuid[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::int[], $17::text[], $18::timestamptz[])
         AS u(ii, it, iv, pa, rs, rn, rv, ro, k, v, s, l, r, t)
       ON CONFLICT (device_id, indicator_id, kind, value) DO NOTHING RETURNING id`,
      [
        input.tenantId,
        input.incidentId,
        input.deviceId,
        input.inspectionId,
        part.map((f) => f.indicator.id),
        part.map((f) => f.indicator.type),
        part.map((f) => f.indicator.value),
        part.map((f) => f.indicator.pattern),
        part.map((f) => input.ruleSetIds.get(f.ruleSet.id) ?? null),
        part.map((f) => f.ruleSet.name),
        part.map((f) => f.ruleSet.version),
        part.map((f) => f.route),
        part.map((f) => f.observation.kind),
        part.map((f) => f.observation.value),
        part.map((f) => f.observation.source),
        part.map((f) => f.observation.line ?? null),
        part.map((f) => f.observation.raw ?? null),
        part.map((f) => f.observation.timestamp ?? null),
      ],
    );
    added += rows.length;
  }
  return added;
}

/**
 * Stores the unsuppressed findings of one device: one incident per device and family, one finding
 * per (indicator, observed kind and value) however often it is seen. Only findings not stored
 * before open an incident, add to it, or reopen one triaged benign / false positive.
 * Returns how many findings were new.
 */
export async function recordFindings(
  q: Queryable,
  input: {
    tenantId: string;
    deviceId: string;
    inspectionId: string;
    findings: Finding[];
    ruleSetIds: Map<string, string>;
  },
): Promise<number> {
  const byFamily = new Map<string, Finding[]>();
  for (const f of input.findings) {
    if (f.suppression) continue;
    const list = byFamily.get(f.family.id);
    if (list) list.push(f);
    else byFamily.set(f.family.id, [f]);
  }
  let fresh = 0;
  for (const [familyId, findings] of byFamily) {
    const [existing] = await q.query<{ id: string; state: IncidentState }>(
      'SELECT id, state FROM gluon_incidents WHERE device_id = $1 AND family_id = $2 FOR UPDATE',
      [input.deviceId, familyId],
    );
    let incidentId = existing?.id;
    let created = false;
    if (!incidentId) {
      const [row] = await q.query<{ id: string }>(
        'INSERT INTO gluon_incidents (tenant_id, device_id, family_id, family_name) VALUES ($1, $2, $3, $4) RETURNING id',
        [input.tenantId, input.deviceId, familyId, findings[0]!.family.name],
      );
      incidentId = row!.id;
      created = true;
    }
    const added = await insertFindings(q, { ...input, incidentId }, findings);
    fresh += added;
    if (created) await addEvent(q, incidentId, { kind: 'opened', to: 'open', comment: count(added, 'finding') });
    else if (added > 0) {
      const reopen = isClosedIncidentState(existing!.state);
      if (reopen)
        await q.query("UPDATE gluon_incidents SET state = 'open', updated_at = now() WHERE id = $1", [incidentId]);
      else await q.query('UPDATE gluon_incidents SET updated_at = now() WHERE id = $1', [incidentId]);
      await addEvent(q, incidentId, {
        kind: 'findings',
        from: existing!.state,
        to: reopen ? 'open' : existing!.state,
        comment: count(added, 'new finding'),
      });
    }
  }
  return fresh;
}

/** An incident row with its device's name and finding counts (the queue counts after its LIMIT). */
export interface IncidentRow {
  id: string;
  device_id: string;
  device_name: string;
  family_id: string;
  family_name: string;
  state: IncidentState;
  severity: IncidentSeverity;
  findings: number;
  active: number;
  owner_id: string | null;
  owner_email: string | null;
  created_at: Stamp;
  updated_at: Stamp;
}

/** The owner's e-mail beside each incident row (`o`, left joined: most incidents have none). */
export const OWNER_JOIN = 'LEFT JOIN users o ON o.id = i.owner_id';

const SELECT_INCIDENTS = `
  SELECT i.*, d.name AS device_name, o.email AS owner_email,
    (SELECT count(*)::int FROM gluon_findings f WHERE f.incident_id = i.id) AS findings,
    (SELECT count(*)::int FROM gluon_findings f WHERE f.incident_id = i.id AND NOT f.suppressed) AS active
  FROM gluon_incidents i JOIN gluon_devices d ON d.id = i.device_id ${OWNER_JOIN}`;

export function toSummary(r: IncidentRow): IncidentSummary {
  return {
    id: r.id,
    deviceId: r.device_id,
    deviceName: r.device_name,
    deviceDisplayName: deviceDisplayName(r.device_name),
    familyId: r.family_id,
    familyName: r.family_name,
    state: r.state,
    severity: r.severity,
    findings: r.findings,
    activeFindings: r.active,
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    owner: r.owner_id && r.owner_email ? { id: r.owner_id, email: r.owner_email } : null,
  };
}

export async function listDeviceIncidents(
  q: Queryable,
  tenantId: string,
  deviceId: string,
): Promise<IncidentSummary[]> {
  const rows = await q.query<IncidentRow>(
    `${SELECT_INCIDENTS} WHERE i.tenant_id = $1 AND i.device_id = $2 ORDER BY i.updated_at DESC`,
    [tenantId, deviceId],
  );
  return rows.map(toSummary);
}

export async function getIncident(q: Queryable, tenantId: string, incidentId: string): Promise<IncidentDetail> {
  const [row] = await q.query<IncidentRow>(`${SELECT_INCIDENTS} WHERE i.tenant_id = $1 AND i.id = $2`, [
    tenantId,
    incidentId,
  ]);
  if (!row) throw new HttpError(404, 'Incident not found');
  const findings = await q.query<Record<string, unknown>>(
    'SELECT * FROM gluon_findings WHERE incident_id = $1 ORDER BY observed_at NULLS LAST, created_at, source, line',
    [incidentId],
  );
  const events = await q.query<{
    at: Stamp;
    kind: IncidentEventKind;
    from_state: IncidentState | null;
    to_state: IncidentState | null;
    comment: string | null;
    author_email: string | null;
  }>('SELECT * FROM gluon_incident_events WHERE incident_id = $1 ORDER BY at, id', [incidentId]);
  const about = await familyAbout(q, tenantId, row.family_id);
  return {
    ...toSummary(row),
    familyDescription: about.description,
    familyReferences: about.references,
    evidence: findings.map((f) => ({
      id: f.id as string,
      indicatorId: f.indicator_id as string,
      indicatorType: f.indicator_type as IndicatorType,
      indicatorValue: f.indicator_value as string,
      pattern: f.pattern as string,
      ruleSetName: f.rule_set_name as string,
      ruleSetVersion: f.rule_set_version as string,
      route: f.route as MatchRoute,
      kind: f.kind as ObservationKind,
      value: f.value as string,
      source: f.source as string,
      line: (f.line as number | null) ?? null,
      raw: (f.raw as string | null) ?? null,
      observedAt: iso(f.observed_at as Stamp),
      inspectionId: (f.inspection_id as string | null) ?? null,
      suppressed: f.suppressed as boolean,
      suppressionReason: (f.suppression_reason as string | null) ?? null,
      createdAt: iso(f.created_at as Stamp)!,
    })),
    timeline: events.map((e) => ({
      at: iso(e.at)!,
      kind: e.kind,
      fromState: e.from_state,
      toState: e.to_state,
      comment: e.comment,
      author: e.author_email,
    })),
  };
}

/**
 * What the tenant's rule sets say about a family: the most recently imported set that describes
 * it wins (several sets can name one family; their bundles' prose may differ).
 */
async function familyAbout(
  q: Queryable,
  tenantId: string,
  familyId: string,
): Promise<{ description: string | null; references: FamilyReference[] }> {
  const [row] = await q.query<{ family: Pick<Family, 'description' | 'references'> | string }>(
    `SELECT f AS family FROM gluon_rule_sets r, jsonb_array_elements(r.families) f
      WHERE r.tenant_id = $1 AND f->>'id' = $2 AND (f ? 'description' OR f ? 'references')
      ORDER BY r.updated_at DESC LIMIT 1`,
    [tenantId, familyId],
  );
  const family = row ? json<Pick<Family, 'description' | 'references'>>(row.family, {}) : {};
  return { description: family.description ?? null, references: family.references ?? [] };
}

/** Moves an incident to a triage state with the analyst's comment; the timeline keeps who and when. */
export function triageIncident(
  db: Database,
  tenantId: string,
  incidentId: string,
  change: { state: IncidentState; comment: string },
  actor: Actor,
): Promise<{ from: IncidentState }> {
  return db.tx((q) => triageIn(q, tenantId, incidentId, change, actor));
}

async function triageIn(
  q: Queryable,
  tenantId: string,
  incidentId: string,
  change: { state: IncidentState; comment: string },
  actor: Actor,
): Promise<{ from: IncidentState }> {
  const [row] = await q.query<{ state: IncidentState }>(
    'SELECT state FROM gluon_incidents WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
    [tenantId, incidentId],
  );
  if (!row) throw new HttpError(404, 'Incident not found');
  await q.query('UPDATE gluon_incidents SET state = $2, updated_at = now() WHERE id = $1', [incidentId, change.state]);
  await addEvent(q, incidentId, { kind: 'triage', from: row.state, to: change.state, comment: change.comment }, actor);
  return { from: row.state };
}

/**
 * Marks the findings a new suppression covers and resolves, as false positive, each open incident
 * left without an active finding (its timeline says why). Other incidents are not touched.
 */
export async function applySuppression(
  q: Queryable,
  tenantId: string,
  suppression: { indicatorId: string; kind: ObservationKind | null; value: string | null; reason: string },
  actor: Actor,
): Promise<{ findings: number; resolvedIncidents: string[] }> {
  const marked = await q.query<{ incident_id: string }>(
    `UPDATE gluon_findings SET suppressed = true, suppression_reason = $5
     WHERE tenant_id = $1 AND indicator_id = $2 AND ($3::text IS NULL OR kind = $3) AND ($4::text IS NULL OR value = $4) AND NOT suppressed
     RETURNING incident_id`,
    [tenantId, suppression.indicatorId, suppression.kind, suppression.value, suppression.reason],
  );
  const touched = [...new Set(marked.map((m) => m.incident_id))];
  const resolved: string[] = [];
  for (const incidentId of touched) {
    // The incident's state and its findings still active, in one read per incident.
    const [incident] = await q.query<{ state: IncidentState; active: number }>(
      'SELECT i.state, (SELECT count(*)::int FROM gluon_findings f WHERE f.incident_id = i.id AND NOT f.suppressed) AS active FROM gluon_incidents i WHERE i.id = $1',
      [incidentId],
    );
    if (incident?.active === 0 && incident.state === 'open') {
      await q.query("UPDATE gluon_incidents SET state = 'false_positive', updated_at = now() WHERE id = $1", [
        incidentId,
      ]);
      await addEvent(
        q,
        incidentId,
        {
          kind: 'suppressed',
          from: 'open',
          to: 'false_positive',
          comment: `Every finding suppressed: ${suppression.reason}`,
        },
        actor,
      );
      resolved.push(incidentId);
    } else {
      await addEvent(
        q,
        incidentId,
        { kind: 'suppressed', from: incident?.state ?? null, to: incident?.state ?? null, comment: suppression.reason },
        actor,
      );
    }
  }
  return { findings: marked.length, resolvedIncidents: resolved };
}

/**
 * Undoes a suppression on the stored findings: those it covered and no other suppression still
 * covers are active again. An incident closed as false positive by a suppression (its last state
 * change) reopens, since the reason it was closed is gone; one an analyst triaged keeps its state.
 * Every incident touched gets an 'unsuppressed' event with the suppression's reason.
 */
export async function revertSuppression(
  q: Queryable,
  tenantId: string,
  suppression: { indicatorId: string; kind: ObservationKind | null; value: string | null; reason: string },
  actor: Actor,
): Promise<{ findings: number; reopenedIncidents: string[] }> {
  const freed = await q.query<{ incident_id: string }>(
    `UPDATE gluon_findings f SET suppressed = false, suppression_reason = NULL
     WHERE f.tenant_id = $1 AND f.indicator_id = $2 AND ($3::text IS NULL OR f.kind = $3) AND ($4::text IS NULL OR f.value = $4) AND f.suppressed
       AND NOT EXISTS (SELECT 1 FROM gluon_suppressions s WHERE s.tenant_id = f.tenant_id AND s.indicator_id = f.indicator_id
         AND (s.kind IS NULL OR s.kind = f.kind) AND (s.value IS NULL OR s.value = f.value))
     RETURNING f.incident_id`,
    [tenantId, suppression.indicatorId, suppression.kind, suppression.value],
  );
  const reopened: string[] = [];
  for (const incidentId of new Set(freed.map((f) => f.incident_id))) {
    const [incident] = await q.query<{ state: IncidentState; closed_by: IncidentEventKind | null }>(
      `SELECT i.state, (SELECT e.kind FROM gluon_incident_events e WHERE e.incident_id = i.id AND e.to_state IS DISTINCT FROM e.from_state ORDER BY e.at DESC, e.id DESC LIMIT 1) AS closed_by
       FROM gluon_incidents i WHERE i.id = $1 FOR UPDATE`,
      [incidentId],
    );
    const state = incident?.state ?? null;
    if (state === 'false_positive' && incident?.closed_by === 'suppressed') {
      await q.query("UPDATE gluon_incidents SET state = 'open', updated_at = now() WHERE id = $1", [incidentId]);
      await addEvent(
        q,
        incidentId,
        { kind: 'unsuppressed', from: state, to: 'open', comment: suppression.reason },
        actor,
      );
      reopened.push(incidentId);
    } else {
      await q.query('UPDATE gluon_incidents SET updated_at = now() WHERE id = $1', [incidentId]);
      await addEvent(
        q,
        incidentId,
        { kind: 'unsuppressed', from: state, to: state, comment: suppression.reason },
        actor,
      );
    }
  }
  return { findings: freed.length, reopenedIncidents: reopened };
}

/** The tenant's users who may own an incident (see incidents and triage), by e-mail. */
export async function listIncidentOwners(q: Queryable, tenantId: string): Promise<IncidentOwner[]> {
  const rows = await q.query<{ id: string; email: string; permissions: string[] }>(
    "SELECT id, email, permissions FROM users WHERE tenant_id = $1 AND status = 'active' AND NOT disabled ORDER BY email",
    [tenantId],
  );
  return rows.filter((u) => canTriage(u.permissions)).map((u) => ({ id: u.id, email: u.email }));
}

/**
 * Gives an incident to an owner (null: to nobody). The owner is a user of the tenant, active,
 * who can see incidents (report access); anyone else is refused with a reason the console shows.
 */
export function setIncidentOwner(
  db: Database,
  tenantId: string,
  incidentId: string,
  userId: string | null,
  actor: Actor = SYSTEM,
): Promise<{ from: IncidentOwner | null; to: IncidentOwner | null }> {
  return db.tx(async (q) => {
    const [row] = await q.query<{ owner_id: string | null; owner_email: string | null }>(
      `SELECT i.owner_id, o.email AS owner_email FROM gluon_incidents i ${OWNER_JOIN}
        WHERE i.tenant_id = $1 AND i.id = $2 FOR UPDATE OF i`,
      [tenantId, incidentId],
    );
    if (!row) throw new HttpError(404, 'Incident not found');
    const from = row.owner_id && row.owner_email ? { id: row.owner_id, email: row.owner_email } : null;
    let to: IncidentOwner | null = null;
    if (userId !== null) {
      const [user] = await q.query<{ id: string; email: string; permissions: string[] }>(
        "SELECT id, email, permissions FROM users WHERE tenant_id = $1 AND id = $2 AND status = 'active' AND NOT disabled",
        [tenantId, userId],
      );
      if (!user || !canReadReports(user.permissions))
        throw new HttpError(400, 'The owner must be an active user of this tenant who can see incidents.');
      to = { id: user.id, email: user.email };
    }
    if (from?.id !== to?.id) {
      await q.query('UPDATE gluon_incidents SET owner_id = $2, updated_at = now() WHERE id = $1', [
        incidentId,
        to?.id ?? null,
      ]);
      // The timeline says "Assigned to … by …" (the audit log keeps the same change for administrators).
      await addEvent(q, incidentId, { kind: 'owner', comment: to?.email ?? null }, actor);
    }
    return { from, to };
  });
}
