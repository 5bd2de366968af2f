import { type Database, HttpError } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import type { ObservationKind } from '../../inspection/public';
import type { SuppressionItem } from '../schemas';
import { type Actor, applySuppression, revertSuppression } from './incidents';

/**
 * Suppresses an indicator of the tenant's rule sets (false-positive handling), for every value or
 * for one observed kind and value. Stored findings it covers are marked at once; the rule sets
 * holding the indicator get a new revision so the next inspections record it.
 */
export async function addSuppression(
  db: Database,
  tenantId: string,
  input: { indicatorId: string; kind?: ObservationKind | null; value?: string | null; reason: string },
  actor: Actor,
): Promise<{ suppression: SuppressionItem; findings: number; resolvedIncidents: string[] }> {
  const reason = input.reason.trim();
  if (!reason) throw new HttpError(400, 'A reason is required.');
  return db.tx(async (q) => {
    const sets = await q.query<{ id: string }>(
      'SELECT r.id FROM gluon_rule_sets r JOIN gluon_indicators i ON i.rule_set_id = r.id WHERE r.tenant_id = $1 AND i.stix_id = $2',
      [tenantId, input.indicatorId],
    );
    const [finding] = sets.length
      ? []
      : await q.query('SELECT 1 FROM gluon_findings WHERE tenant_id = $1 AND indicator_id = $2 LIMIT 1', [
          tenantId,
          input.indicatorId,
        ]);
    if (!sets.length && !finding) throw new HttpError(404, 'Indicator not found');
    const kind = input.kind ?? null;
    const value = input.value ?? null;
    const [row] = await q.query<{ id: string; created_at: Stamp }>(
      'INSERT INTO gluon_suppressions (tenant_id, indicator_id, kind, value, reason, author_id, author_email) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_at',
      [tenantId, input.indicatorId, kind, value, reason, actor.userId, actor.email],
    );
    if (sets.length)
      await q.query(
        'UPDATE gluon_rule_sets SET revision = revision + 1, updated_at = now() WHERE id = ANY($1::uuid[])',
        [sets.map((s) => s.id)],
      );
    const applied = await applySuppression(q, tenantId, { indicatorId: input.indicatorId, kind, value, reason }, actor);
    return {
      suppression: {
        id: row!.id,
        indicatorId: input.indicatorId,
        kind,
        value,
        reason,
        author: actor.email,
        createdAt: iso(row!.created_at)!,
      },
      ...applied,
    };
  });
}

/** A finding marked false positive: a suppression of its indicator for exactly the value observed. */
export async function markFindingFalsePositive(
  db: Database,
  tenantId: string,
  findingId: string,
  reason: string,
  actor: Actor,
): Promise<{ suppression: SuppressionItem; findings: number; resolvedIncidents: string[]; incidentId: string }> {
  const [finding] = await db.query<{ indicator_id: string; kind: ObservationKind; value: string; incident_id: string }>(
    'SELECT indicator_id, kind, value, incident_id FROM gluon_findings WHERE tenant_id = $1 AND id = $2',
    [tenantId, findingId],
  );
  if (!finding) throw new HttpError(404, 'Finding not found');
  const result = await addSuppression(
    db,
    tenantId,
    { indicatorId: finding.indicator_id, kind: finding.kind, value: finding.value, reason },
    actor,
  );
  return { ...result, incidentId: finding.incident_id };
}

/** A gluon_suppressions row as stored. */
interface SuppressionRow {
  id: string;
  indicator_id: string;
  kind: ObservationKind | null;
  value: string | null;
  reason: string;
  author_email: string | null;
  created_at: Stamp;
}

function toSuppressionItem(r: SuppressionRow): SuppressionItem {
  return {
    id: r.id,
    indicatorId: r.indicator_id,
    kind: r.kind,
    value: r.value,
    reason: r.reason,
    author: r.author_email,
    createdAt: iso(r.created_at)!,
  };
}

export async function listSuppressions(db: Database, tenantId: string): Promise<SuppressionItem[]> {
  const rows = await db.query<SuppressionRow>(
    'SELECT * FROM gluon_suppressions WHERE tenant_id = $1 ORDER BY created_at DESC',
    [tenantId],
  );
  return rows.map(toSuppressionItem);
}

/**
 * Undoes a suppression: the row goes, the rule sets holding the indicator get a new
 * revision, and the stored findings it covered are active again at once (revertSuppression says
 * which incidents reopen). Observations matched while it stood were never stored as findings: the
 * caller queues a tenant-wide rescan so they are matched again.
 */
export async function removeSuppression(
  db: Database,
  tenantId: string,
  suppressionId: string,
  actor: Actor,
): Promise<{ suppression: SuppressionItem; findings: number; reopenedIncidents: string[] }> {
  return db.tx(async (q) => {
    const [row] = await q.query<SuppressionRow>(
      'DELETE FROM gluon_suppressions WHERE tenant_id = $1 AND id = $2 RETURNING *',
      [tenantId, suppressionId],
    );
    if (!row) throw new HttpError(404, 'Suppression not found');
    await q.query(
      'UPDATE gluon_rule_sets SET revision = revision + 1, updated_at = now() WHERE tenant_id = $1 AND id IN (SELECT rule_set_id FROM gluon_indicators WHERE stix_id = $2)',
      [tenantId, row.indicator_id],
    );
    const reverted = await revertSuppression(
      q,
      tenantId,
      { indicatorId: row.indicator_id, kind: row.kind, value: row.value, reason: row.reason },
      actor,
    );
    return {
      suppression: toSuppressionItem(row),
      ...reverted,
    };
  });
}

/**
 * Undoes "Mark false positive" from the incident page: the suppression of the finding's indicator
 * for exactly its observed value goes, as if undone in the Global rules repository (every device's
 * finding of that value is active again; an incident the suppression closed reopens). A finding
 * covered by a wider suppression (the whole indicator) is refused: undoing that one changes every
 * value, and it is the rules screen's to undo.
 */
export async function undoFindingFalsePositive(
  db: Database,
  tenantId: string,
  findingId: string,
  actor: Actor,
): Promise<{ suppressions: SuppressionItem[]; findings: number; reopenedIncidents: string[]; incidentId: string }> {
  return db.tx(async (q) => {
    const [finding] = await q.query<{
      indicator_id: string;
      kind: ObservationKind;
      value: string;
      incident_id: string;
      suppressed: boolean;
      suppression_reason: string | null;
    }>(
      'SELECT indicator_id, kind, value, incident_id, suppressed, suppression_reason FROM gluon_findings WHERE tenant_id = $1 AND id = $2 FOR UPDATE',
      [tenantId, findingId],
    );
    if (!finding) throw new HttpError(404, 'Finding not found');
    if (!finding.suppressed) throw new HttpError(409, 'This finding is not marked a false positive.');
    const covering = await q.query<SuppressionRow>(
      'SELECT * FROM gluon_suppressions WHERE tenant_id = $1 AND indicator_id = $2 AND (kind IS NULL OR kind = $3) AND (value IS NULL OR value = $4) FOR UPDATE',
      [tenantId, finding.indicator_id, finding.kind, finding.value],
    );
    if (covering.some((s) => s.kind === null || s.value === null))
      throw new HttpError(
        409,
        'This finding is suppressed with its whole indicator: undo that suppression in the Global rules repository.',
      );
    if (covering.length)
      await q.query('DELETE FROM gluon_suppressions WHERE tenant_id = $1 AND id = ANY($2::uuid[])', [
        tenantId,
        covering.map((s) => s.id),
      ]);
    await q.query(
      'UPDATE gluon_rule_sets SET revision = revision + 1, updated_at = now() WHERE tenant_id = $1 AND id IN (SELECT rule_set_id FROM gluon_indicators WHERE stix_id = $2)',
      [tenantId, finding.indicator_id],
    );
    const reverted = await revertSuppression(
      q,
      tenantId,
      {
        indicatorId: finding.indicator_id,
        kind: finding.kind,
        value: finding.value,
        reason: covering[0]?.reason ?? finding.suppression_reason ?? 'False positive undone',
      },
      actor,
    );
    return { suppressions: covering.map(toSuppressionItem), ...reverted, incidentId: finding.incident_id };
  });
}
