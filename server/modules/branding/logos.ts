import type { Queryable } from '../../contracts';
import type { LogoImage } from './logoImage';

export async function readLogo(
  db: Queryable,
  tenantId: string,
): Promise<{ contentType: string; data: Buffer; updatedAt: string } | null> {
  const rows = await db.query<{ content_type: string; data: Uint8Array; updated_at: Date | string }>(
    'SELECT content_type, data, updated_at FROM logos WHERE tenant_id = $1',
    [tenantId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    contentType: row.content_type,
    data: Buffer.from(row.data),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export async function saveLogo(db: Queryable, tenantId: string, userId: string, logo: LogoImage): Promise<void> {
  await db.query(
    `INSERT INTO logos (tenant_id, content_type, data, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (tenant_id) DO UPDATE SET content_type = EXCLUDED.content_type, data = EXCLUDED.data,
       updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [tenantId, logo.contentType, logo.data, userId],
  );
}

/** True when a logo was removed. */
export async function deleteLogo(db: Queryable, tenantId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM logos WHERE tenant_id = $1 RETURNING tenant_id', [tenantId]);
  return rows.length > 0;
}
