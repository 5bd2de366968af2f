import type { Queryable } from '../../../contracts';

/**
 * The malware families the tenant's rule sets name (each family once, by name): what a finding or
 * an incident can be of, so what a monitoring rule can select by family.
 */
export async function ruleSetFamilies(q: Queryable, tenantId: string): Promise<{ id: string; name: string }[]> {
  return q.query<{ id: string; name: string }>(
    `SELECT f->>'id' AS id, max(f->>'name') AS name
       FROM gluon_rule_sets r, jsonb_array_elements(r.families) f
      WHERE r.tenant_id = $1 AND f->>'id' IS NOT NULL
      GROUP BY 1 ORDER BY 2, 1`,
    [tenantId],
  );
}
