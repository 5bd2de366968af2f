import type { RuntimePluginManifest } from '@common/runtimePlugins/runtimePluginManifest';

import type { Queryable } from '../../contracts';
import { iso, json, type Stamp } from '../../db/sqlRows';
import { LIVE_USER } from '../../services/sessionStore';

/** The SQL of runtime plugins: trusted keys, installed plugins, their asset rows. */

export interface TrustedKey {
  keyId: string;
  name: string;
  publicKey: string;
  addedAt: string;
}

export interface InstalledPlugin {
  id: string;
  version: string;
  title: string;
  manifest: RuntimePluginManifest;
  keyId: string;
  sizeBytes: number;
  installedBy: string | null;
  installedAt: string;
  /** Whether the key that signed it is still trusted (an untrusted one is listed, never served). */
  keyTrusted: boolean;
}

export interface AssetRow {
  path: string;
  storageKey: string;
  integrity: string;
  sizeBytes: number;
}

interface KeyRow {
  key_id: string;
  name: string;
  public_key: string;
  added_at: Stamp;
}

const keyOf = (row: KeyRow): TrustedKey => ({
  keyId: row.key_id,
  name: row.name,
  publicKey: row.public_key,
  addedAt: iso(row.added_at)!,
});

export async function listKeys(q: Queryable): Promise<TrustedKey[]> {
  return (
    await q.query<KeyRow>(
      'SELECT key_id, name, public_key, added_at FROM runtime_plugin_keys ORDER BY added_at, key_id',
    )
  ).map(keyOf);
}

export async function findKey(q: Queryable, keyId: string): Promise<TrustedKey | null> {
  const [row] = await q.query<KeyRow>(
    'SELECT key_id, name, public_key, added_at FROM runtime_plugin_keys WHERE key_id = $1',
    [keyId],
  );
  return row ? keyOf(row) : null;
}

/** Adds the key, or renames it when it is already trusted. */
export async function saveKey(
  q: Queryable,
  key: { keyId: string; name: string; publicKey: string; addedBy: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO runtime_plugin_keys (key_id, name, public_key, added_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key_id) DO UPDATE SET name = EXCLUDED.name`,
    [key.keyId, key.name, key.publicKey, key.addedBy],
  );
}

export async function deleteKey(q: Queryable, keyId: string): Promise<boolean> {
  return (await q.query('DELETE FROM runtime_plugin_keys WHERE key_id = $1 RETURNING key_id', [keyId])).length > 0;
}

interface PluginRow {
  id: string;
  version: string;
  title: string;
  manifest: unknown;
  key_id: string;
  size_bytes: string | number;
  installed_by: string | null;
  installed_at: Stamp;
  key_trusted: boolean;
}

const PLUGIN_COLUMNS = `p.id, p.version, p.title, p.manifest, p.key_id, p.size_bytes, u.email AS installed_by,
  p.installed_at, EXISTS (SELECT 1 FROM runtime_plugin_keys k WHERE k.key_id = p.key_id) AS key_trusted`;

const pluginOf = (row: PluginRow): InstalledPlugin => ({
  id: row.id,
  version: row.version,
  title: row.title,
  manifest: json<RuntimePluginManifest>(row.manifest, {} as RuntimePluginManifest),
  keyId: row.key_id,
  sizeBytes: Number(row.size_bytes),
  installedBy: row.installed_by,
  installedAt: iso(row.installed_at)!,
  keyTrusted: row.key_trusted,
});

export async function listPlugins(q: Queryable): Promise<InstalledPlugin[]> {
  return (
    await q.query<PluginRow>(
      `SELECT ${PLUGIN_COLUMNS} FROM runtime_plugins p LEFT JOIN users u ON u.id = p.installed_by ORDER BY p.id`,
    )
  ).map(pluginOf);
}

export async function findPlugin(q: Queryable, id: string): Promise<InstalledPlugin | null> {
  const [row] = await q.query<PluginRow>(
    `SELECT ${PLUGIN_COLUMNS} FROM runtime_plugins p LEFT JOIN users u ON u.id = p.installed_by WHERE p.id = $1`,
    [id],
  );
  return row ? pluginOf(row) : null;
}

/** Replaces the plugin (an upgrade drops the previous version's asset rows) in one transaction's `q`. */
export async function savePlugin(
  q: Queryable,
  plugin: {
    manifest: RuntimePluginManifest;
    keyId: string;
    sizeBytes: number;
    installedBy: string | null;
    assets: AssetRow[];
  },
): Promise<void> {
  const { manifest } = plugin;
  await q.query('DELETE FROM runtime_plugins WHERE id = $1', [manifest.id]);
  await q.query(
    `INSERT INTO runtime_plugins (id, version, title, manifest, key_id, size_bytes, installed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      manifest.id,
      manifest.version,
      manifest.title,
      JSON.stringify(manifest),
      plugin.keyId,
      plugin.sizeBytes,
      plugin.installedBy,
    ],
  );
  for (const asset of plugin.assets) {
    await q.query(
      `INSERT INTO runtime_plugin_assets (plugin_id, version, path, storage_key, integrity, size_bytes)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [manifest.id, manifest.version, asset.path, asset.storageKey, asset.integrity, asset.sizeBytes],
    );
  }
}

export async function storageKeysOf(q: Queryable, id: string): Promise<string[]> {
  const rows = await q.query<{ storage_key: string }>(
    'SELECT DISTINCT storage_key FROM runtime_plugin_assets WHERE plugin_id = $1',
    [id],
  );
  return rows.map((row) => row.storage_key);
}

/** Removes the plugin; answers the storage keys its assets used (null when it was not installed). */
export async function deletePlugin(q: Queryable, id: string): Promise<string[] | null> {
  const keys = await storageKeysOf(q, id);
  const removed = await q.query('DELETE FROM runtime_plugins WHERE id = $1 RETURNING id', [id]);
  return removed.length ? keys : null;
}

/** Of `keys`, those no installed plugin's asset uses any more. */
export async function unreferencedKeys(q: Queryable, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used = await q.query<{ storage_key: string }>(
    'SELECT DISTINCT storage_key FROM runtime_plugin_assets WHERE storage_key = ANY($1)',
    [keys],
  );
  const inUse = new Set(used.map((row) => row.storage_key));
  return keys.filter((key) => !inUse.has(key));
}

export async function assetsOf(q: Queryable, id: string, version: string): Promise<AssetRow[]> {
  return q.query<AssetRow>(
    `SELECT path, storage_key AS "storageKey", integrity, size_bytes AS "sizeBytes"
     FROM runtime_plugin_assets WHERE plugin_id = $1 AND version = $2 ORDER BY path`,
    [id, version],
  );
}

export async function findAsset(q: Queryable, id: string, version: string, path: string): Promise<AssetRow | null> {
  const [row] = await q.query<AssetRow>(
    `SELECT a.path, a.storage_key AS "storageKey", a.integrity, a.size_bytes AS "sizeBytes"
     FROM runtime_plugin_assets a JOIN runtime_plugins p ON p.id = a.plugin_id AND p.version = a.version
     WHERE a.plugin_id = $1 AND a.version = $2 AND a.path = $3`,
    [id, version, path],
  );
  return row ?? null;
}

/** The permissions of a user who may still use the console (active, enabled), or null. */
export async function livePermissions(q: Queryable, userId: string): Promise<string[] | null> {
  const [row] = await q.query<{ permissions: string[] }>(
    `SELECT u.permissions FROM users u WHERE u.id = $1 AND ${LIVE_USER}`,
    [userId],
  );
  return row ? row.permissions : null;
}

/**
 * An operator's change from the CLI (no signed-in actor): one row in every tenant's audit log,
 * since a runtime plugin reaches every tenant's users.
 */
export async function auditEveryTenant(
  q: Queryable,
  action: string,
  target: string,
  details: Record<string, unknown>,
): Promise<void> {
  await q.query(
    `INSERT INTO audit_events (tenant_id, actor_id, action, target, details)
     SELECT id, NULL, $1, $2, $3 FROM tenants`,
    [action, target, JSON.stringify({ ...details, via: 'cli' })],
  );
}
