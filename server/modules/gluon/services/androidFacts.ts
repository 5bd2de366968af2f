import type { Queryable } from '../../../contracts';
import { iso, json, type Stamp } from '../../../db/sqlRows';
import { likePattern } from '../../../services/listQuery';
import { type AndroidObservation, type AndroidPackage, KNOWN_STORES } from '../../inspection/public';
import type { PackageItem, PackagePage, PropertyItem, PropertyPage } from '../schemas';
import { getDevice } from './devices';

/** What an Android inspection keeps for the device page. */
export interface AndroidFacts {
  packages: PackageItem[];
  properties: PropertyItem[];
}

/** Most rows a page answers: a phone has some thousand packages and properties. */
export const MAX_FACT_ROWS = 5000;

const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/** The reader's package as stored (a pure mapping; `stores` are the installers counted as app stores). */
export function packageItem(pkg: AndroidPackage, stores: ReadonlySet<string> = new Set(KNOWN_STORES)): PackageItem {
  return {
    name: pkg.name,
    versionName: orNull(pkg.versionName),
    installer: orNull(pkg.installer),
    initiatingInstaller: orNull(pkg.initiatingInstaller),
    sideloaded: pkg.system !== true && !(pkg.installer && stores.has(pkg.installer)),
    system: orNull(pkg.system),
    thirdParty: orNull(pkg.thirdParty),
    disabled: orNull(pkg.disabled),
    firstInstallTime: orNull(pkg.firstInstallTime),
    lastUpdateTime: orNull(pkg.lastUpdateTime),
    dangerousPermissions: pkg.dangerousPermissions,
    grantedDangerousPermissions: orNull(pkg.grantedDangerousPermissions),
    files: pkg.files.slice(0, 20).map((f) => ({
      path: f.path,
      md5: orNull(f.md5),
      sha1: orNull(f.sha1),
      sha256: orNull(f.sha256),
      certificate: f.certificate
        ? {
            md5: orNull(f.certificate.md5),
            sha1: orNull(f.certificate.sha1),
            sha256: orNull(f.certificate.sha256),
            subject: orNull(f.certificate.subject),
            issuer: orNull(f.certificate.issuer),
          }
        : null,
    })),
    source: pkg.evidence.source,
    line: orNull(pkg.evidence.line),
  };
}

/** A property or setting observation with its value, or null for any other kind. */
export function propertyItem(o: AndroidObservation): PropertyItem | null {
  if (o.kind !== 'property' && o.kind !== 'setting') return null;
  const value = o.detail?.value;
  return {
    kind: o.kind,
    name: o.value,
    value: value === undefined ? '' : String(value),
    source: o.source,
    line: orNull(o.line),
  };
}

/** Stores an inspection's packages and properties (inside the inspection's transaction). */
export async function insertAndroidFacts(
  q: Queryable,
  inspectionId: string,
  deviceId: string,
  facts: AndroidFacts,
): Promise<void> {
  await q.query('DELETE FROM gluon_android_packages WHERE inspection_id = $1', [inspectionId]);
  await q.query('DELETE FROM gluon_android_properties WHERE inspection_id = $1', [inspectionId]);
  const BATCH = 500;
  // One JSON document per batch, unpacked by jsonb_to_recordset: the same SQL on PostgreSQL and PGlite.
  for (let i = 0; i < facts.packages.length; i += BATCH) {
    const rows = facts.packages
      .slice(i, i + BATCH)
      .map(({ name, sideloaded, ...detail }) => ({ name, sideloaded, detail }));
    await q.query(
      `INSERT INTO gluon_android_packages (inspection_id, device_id, name, sideloaded, detail)
       SELECT $1, $2, x.name, x.sideloaded, x.detail FROM jsonb_to_recordset($3::jsonb) AS x(name text, sideloaded boolean, detail jsonb) ON CONFLICT DO NOTHING`,
      [inspectionId, deviceId, JSON.stringify(rows)],
    );
  }
  for (let i = 0; i < facts.properties.length; i += BATCH) {
    await q.query(
      `INSERT INTO gluon_android_properties (inspection_id, device_id, kind, name, value, source, line)
       SELECT $1, $2, x.kind, x.name, x.value, x.source, x.line FROM jsonb_to_recordset($3::jsonb) AS x(kind text, name text, value text, source text, line integer)
       ON CONFLICT DO NOTHING`,
      [inspectionId, deviceId, JSON.stringify(facts.properties.slice(i, i + BATCH))],
    );
  }
}

/** The device's latest inspection that stored rows in `table`, with its date. */
async function latestInspection(
  q: Queryable,
  deviceId: string,
  table: 'gluon_android_packages' | 'gluon_android_properties',
): Promise<{ id: string; at: string } | null> {
  const [row] = await q.query<{ id: string; created_at: Stamp }>(
    `SELECT n.id, n.created_at FROM gluon_inspections n WHERE n.device_id = $1 AND EXISTS (SELECT 1 FROM ${table} x WHERE x.inspection_id = n.id)
     ORDER BY n.created_at DESC LIMIT 1`,
    [deviceId],
  );
  return row ? { id: row.id, at: iso(row.created_at)! } : null;
}

/**
 * The packages of the device's latest Android inspection, sideloaded first; `search` matches the
 * name, installer, permissions, hashes and certificates (any text of the record).
 */
export async function listDevicePackages(
  q: Queryable,
  tenantId: string,
  deviceId: string,
  options: { search?: string },
): Promise<PackagePage> {
  await getDevice(q, tenantId, deviceId);
  const latest = await latestInspection(q, deviceId, 'gluon_android_packages');
  if (!latest) return { inspectionId: null, inspectedAt: null, total: 0, items: [] };
  const search = likePattern(options.search?.trim().toLowerCase());
  const where = 'inspection_id = $1 AND ($2::text IS NULL OR lower(name) LIKE $2 OR lower(detail::text) LIKE $2)';
  const [count] = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM gluon_android_packages WHERE ${where}`, [
    latest.id,
    search,
  ]);
  const rows = await q.query<{ name: string; sideloaded: boolean; detail: unknown }>(
    `SELECT name, sideloaded, detail FROM gluon_android_packages WHERE ${where} ORDER BY sideloaded DESC, name LIMIT $3`,
    [latest.id, search, MAX_FACT_ROWS],
  );
  return {
    inspectionId: latest.id,
    inspectedAt: latest.at,
    total: count?.n ?? 0,
    items: rows.map((r) => ({
      ...json<Omit<PackageItem, 'name' | 'sideloaded'>>(r.detail, {} as Omit<PackageItem, 'name' | 'sideloaded'>),
      name: r.name,
      sideloaded: r.sideloaded,
    })),
  };
}

/** The properties and settings of the device's latest Android inspection; `search` matches name and value. */
export async function listDeviceProperties(
  q: Queryable,
  tenantId: string,
  deviceId: string,
  options: { search?: string },
): Promise<PropertyPage> {
  await getDevice(q, tenantId, deviceId);
  const latest = await latestInspection(q, deviceId, 'gluon_android_properties');
  if (!latest) return { inspectionId: null, inspectedAt: null, total: 0, items: [] };
  const search = likePattern(options.search?.trim().toLowerCase());
  const where = 'inspection_id = $1 AND ($2::text IS NULL OR lower(name) LIKE $2 OR lower(value) LIKE $2)';
  const [count] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM gluon_android_properties WHERE ${where}`,
    [latest.id, search],
  );
  const rows = await q.query<PropertyItem>(
    `SELECT kind, name, value, source, line FROM gluon_android_properties WHERE ${where} ORDER BY kind, name LIMIT $3`,
    [latest.id, search, MAX_FACT_ROWS],
  );
  return {
    inspectionId: latest.id,
    inspectedAt: latest.at,
    total: count?.n ?? 0,
    items: rows.map((r) => ({ ...r, line: r.line ?? null })),
  };
}
