import { type Database, HttpError, type Queryable } from '../../../contracts';
import { iso, json, type Stamp } from '../../../db/sqlRows';
import { likePattern } from '../../../services/listQuery';
import type { Family, Indicator, IndicatorType, Suppression } from '../../inspection/public';
import { buildMatcher, type Matcher } from '../../inspection/public';
import { parseStixBundle, StixImportError, type UnsupportedIndicator } from '../../inspection/public';
import type { FamilySummary, IndicatorItem, RuleSetSummary } from '../schemas';
import type { InspectionItem } from '../schemas';

export type ImportStatus = 'created' | 'updated' | 'unchanged';

/** What an inspection records: the rule sets (and their versions) its findings came from. */
export type RuleSetVersion = InspectionItem['ruleSetVersions'][number];

interface RuleSetRow {
  id: string;
  bundle_id: string;
  name: string;
  version: string;
  revision: number;
  author: string | null;
  enabled: boolean;
  indicator_count: number;
  counts: unknown;
  families: unknown;
  unsupported: unknown;
  suppressions: number;
  created_at: Stamp;
  updated_at: Stamp;
}

const SELECT_RULE_SETS = `
  SELECT r.*, (SELECT count(*)::int FROM gluon_suppressions s JOIN gluon_indicators i ON i.stix_id = s.indicator_id AND i.rule_set_id = r.id WHERE s.tenant_id = r.tenant_id) AS suppressions
  FROM gluon_rule_sets r`;

function toSummary(row: RuleSetRow): RuleSetSummary {
  return {
    id: row.id,
    bundleId: row.bundle_id,
    name: row.name,
    version: row.version,
    revision: row.revision,
    author: row.author,
    enabled: row.enabled,
    indicatorCount: row.indicator_count,
    counts: json<Record<string, number>>(row.counts, {}),
    families: json<FamilySummary[]>(row.families, []),
    unsupported: json<UnsupportedIndicator[]>(row.unsupported, []),
    suppressions: row.suppressions,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

async function insertIndicators(q: Queryable, ruleSetId: string, indicators: Indicator[]): Promise<void> {
  const BATCH = 5000;
  for (let i = 0; i < indicators.length; i += BATCH) {
    const part = indicators.slice(i, i + BATCH);
    await q.query(
      `INSERT INTO gluon_indicators (rule_set_id, stix_id, type, value, pattern, family_id, family_name)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       ON CONFLICT DO NOTHING`,
      [
        ruleSetId,
        part.map((x) => x.id),
        part.map((x) => x.type),
        part.map((x) => x.value),
        part.map((x) => x.pattern),
        part.map((x) => x.family.id),
        part.map((x) => x.family.name),
      ],
    );
  }
}

/**
 * Imports a STIX 2.1 bundle for a tenant. The bundle id names the rule set: importing it again
 * with other content replaces its indicators (a newer version); the same bytes change nothing.
 */
export async function importRuleSet(
  db: Database,
  input: { tenantId: string; userId: string | null; bundle: string | Buffer; fileName?: string; name?: string },
): Promise<{ ruleSet: RuleSetSummary; status: ImportStatus }> {
  let parsed;
  try {
    parsed = parseStixBundle(
      input.bundle,
      input.fileName ? { fallbackName: input.fileName.replace(/\.(stix2|json)$/i, '') } : {},
    );
  } catch (error) {
    if (error instanceof StixImportError) throw new HttpError(400, error.message);
    throw error;
  }
  // Stored with each family: what the incident page tells about it (description, references).
  const perFamily = new Map<string, FamilySummary & Pick<Family, 'description' | 'references'>>();
  for (const f of parsed.families) {
    perFamily.set(f.id, {
      id: f.id,
      name: f.name,
      indicators: 0,
      ...(f.description ? { description: f.description } : {}),
      ...(f.references ? { references: f.references } : {}),
    });
  }
  for (const ind of parsed.indicators) {
    const f = perFamily.get(ind.family.id) ?? { id: ind.family.id, name: ind.family.name, indicators: 0 };
    f.indicators += 1;
    perFamily.set(f.id, f);
  }
  const families = [...perFamily.values()].filter((f) => f.indicators > 0);
  // A name the importer typed (neutrino's sweep) wins over the bundle's own.
  const name = input.name?.trim() || parsed.name;
  const status = await db.tx(async (q) => {
    const [existing] = await q.query<{ id: string; digest: string; name: string }>(
      'SELECT id, digest, name FROM gluon_rule_sets WHERE tenant_id = $1 AND bundle_id = $2 FOR UPDATE',
      [input.tenantId, parsed.id],
    );
    if (existing?.digest === parsed.digest && existing.name === name)
      return { id: existing.id, status: 'unchanged' as const };
    const values = [
      name,
      parsed.version,
      parsed.author ?? null,
      parsed.digest,
      JSON.stringify(families),
      JSON.stringify(parsed.counts),
      JSON.stringify(parsed.unsupported),
      parsed.indicators.length,
    ];
    let id: string;
    if (existing) {
      await q.query(
        `UPDATE gluon_rule_sets SET name = $2, version = $3, author = $4, digest = $5, families = $6, counts = $7, unsupported = $8, indicator_count = $9,
           revision = revision + 1, updated_at = now() WHERE id = $1`,
        [existing.id, ...values],
      );
      await q.query('DELETE FROM gluon_indicators WHERE rule_set_id = $1', [existing.id]);
      id = existing.id;
    } else {
      const [row] = await q.query<{ id: string }>(
        `INSERT INTO gluon_rule_sets (tenant_id, bundle_id, name, version, author, digest, families, counts, unsupported, indicator_count, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
        [input.tenantId, parsed.id, ...values, input.userId],
      );
      id = row!.id;
    }
    await insertIndicators(q, id, parsed.indicators);
    return { id, status: existing ? ('updated' as const) : ('created' as const) };
  });
  return { ruleSet: (await getRuleSet(db, input.tenantId, status.id))!, status: status.status };
}

export async function getRuleSet(q: Queryable, tenantId: string, id: string): Promise<RuleSetSummary | null> {
  const [row] = await q.query<RuleSetRow>(`${SELECT_RULE_SETS} WHERE r.tenant_id = $1 AND r.id = $2`, [tenantId, id]);
  return row ? toSummary(row) : null;
}

export async function listRuleSets(q: Queryable, tenantId: string): Promise<RuleSetSummary[]> {
  const rows = await q.query<RuleSetRow>(`${SELECT_RULE_SETS} WHERE r.tenant_id = $1 ORDER BY r.name, r.created_at`, [
    tenantId,
  ]);
  return rows.map(toSummary);
}

export async function setRuleSetEnabled(
  q: Queryable,
  tenantId: string,
  id: string,
  enabled: boolean,
): Promise<RuleSetSummary> {
  const rows = await q.query(
    'UPDATE gluon_rule_sets SET enabled = $3, revision = revision + 1, updated_at = now() WHERE tenant_id = $1 AND id = $2 RETURNING id',
    [tenantId, id, enabled],
  );
  if (!rows.length) throw new HttpError(404, 'Rule set not found');
  return (await getRuleSet(q, tenantId, id))!;
}

/** Deletes a rule set and its indicators; findings it produced stay (history), keeping its name and version. */
export async function deleteRuleSet(
  q: Queryable,
  tenantId: string,
  id: string,
): Promise<{ name: string; version: string }> {
  const [row] = await q.query<{ name: string; version: string }>(
    'DELETE FROM gluon_rule_sets WHERE tenant_id = $1 AND id = $2 RETURNING name, version',
    [tenantId, id],
  );
  if (!row) throw new HttpError(404, 'Rule set not found');
  return row;
}

export async function listIndicators(
  q: Queryable,
  tenantId: string,
  ruleSetId: string,
  options: { page: number; size: number; search?: string; suppressed?: boolean },
): Promise<{ items: IndicatorItem[]; total: number }> {
  const [owner] = await q.query('SELECT 1 FROM gluon_rule_sets WHERE tenant_id = $1 AND id = $2', [
    tenantId,
    ruleSetId,
  ]);
  if (!owner) throw new HttpError(404, 'Rule set not found');
  const search = likePattern(options.search?.trim().toLowerCase());
  // `suppressed`: only the indicators a suppression covers (the rule set's "N suppressed" opens them).
  // $3 is referenced either way: PostgreSQL cannot type a parameter no clause uses.
  const onlySuppressed = options.suppressed
    ? ' AND EXISTS (SELECT 1 FROM gluon_suppressions x WHERE x.tenant_id = $3 AND x.indicator_id = i.stix_id)'
    : ' AND $3::uuid IS NOT NULL';
  const where = `i.rule_set_id = $1 AND ($2::text IS NULL OR lower(i.value) LIKE $2 OR lower(i.family_name) LIKE $2 OR lower(i.stix_id) LIKE $2)${onlySuppressed}`;
  const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM gluon_indicators i WHERE ${where}`, [
    ruleSetId,
    search,
    tenantId,
  ]);
  const rows = await q.query<{
    stix_id: string;
    type: IndicatorType;
    value: string;
    pattern: string;
    family_name: string;
    s_id: string | null;
    s_value: string | null;
    reason: string | null;
    author_email: string | null;
    s_at: Stamp;
  }>(
    `SELECT i.stix_id, i.type, i.value, i.pattern, i.family_name, s.id AS s_id, s.value AS s_value, s.reason, s.author_email, s.created_at AS s_at
     FROM gluon_indicators i
     LEFT JOIN LATERAL (SELECT * FROM gluon_suppressions s WHERE s.tenant_id = $3 AND s.indicator_id = i.stix_id ORDER BY (s.value IS NOT NULL), s.created_at LIMIT 1) s ON true
     WHERE ${where} ORDER BY i.type, i.value, i.stix_id LIMIT $4 OFFSET $5`,
    [ruleSetId, search, tenantId, options.size, options.page * options.size],
  );
  return {
    total: count?.n ?? 0,
    items: rows.map((r) => ({
      id: r.stix_id,
      type: r.type,
      value: r.value,
      pattern: r.pattern,
      familyName: r.family_name,
      suppression: r.s_id
        ? { id: r.s_id, reason: r.reason ?? '', author: r.author_email, createdAt: iso(r.s_at)!, value: r.s_value }
        : null,
    })),
  };
}

export interface MatchContext {
  matcher: Matcher;
  versions: RuleSetVersion[];
  /** STIX bundle id -> rule set row id. */
  ruleSetIds: Map<string, string>;
}

/** The tenant's enabled indicators and suppressions as one matcher, with the versions it stands for. */
export async function loadMatchContext(q: Queryable, tenantId: string): Promise<MatchContext> {
  const sets = await q.query<{ id: string; bundle_id: string; name: string; version: string; revision: number }>(
    'SELECT id, bundle_id, name, version, revision FROM gluon_rule_sets WHERE tenant_id = $1 AND enabled ORDER BY name',
    [tenantId],
  );
  const byId = new Map(sets.map((s) => [s.id, s]));
  const rows = await q.query<{
    rule_set_id: string;
    stix_id: string;
    type: string;
    value: string;
    pattern: string;
    family_id: string;
    family_name: string;
  }>(
    'SELECT i.* FROM gluon_indicators i JOIN gluon_rule_sets r ON r.id = i.rule_set_id WHERE r.tenant_id = $1 AND r.enabled',
    [tenantId],
  );
  const indicators: Indicator[] = rows.map((r) => {
    const set = byId.get(r.rule_set_id)!;
    return {
      id: r.stix_id,
      type: r.type as IndicatorType,
      value: r.value,
      pattern: r.pattern,
      family: { id: r.family_id, name: r.family_name },
      ruleSet: { id: set.bundle_id, name: set.name, version: set.version },
    };
  });
  const suppressionRows = await q.query<{
    indicator_id: string;
    kind: string | null;
    value: string | null;
    reason: string;
  }>('SELECT indicator_id, kind, value, reason FROM gluon_suppressions WHERE tenant_id = $1', [tenantId]);
  const suppressions: Suppression[] = suppressionRows.map((s) => ({
    indicatorId: s.indicator_id,
    ...(s.kind ? { kind: s.kind as Suppression['kind'] } : {}),
    ...(s.value !== null ? { value: s.value } : {}),
    reason: s.reason,
  }));
  return {
    matcher: buildMatcher(indicators, suppressions),
    versions: sets.map((s) => ({ id: s.id, name: s.name, version: s.version, revision: s.revision })),
    ruleSetIds: new Map(sets.map((s) => [s.bundle_id, s.id])),
  };
}
