import { createPublicKey } from 'node:crypto';
import { Readable } from 'node:stream';
import { gt } from 'semver';

import { keyIdOf, sha384Integrity } from '@common/runtimePlugins/pluginPayload';
import { type RuntimePluginManifest, runtimePluginRoutePath } from '@common/runtimePlugins/runtimePluginManifest';

import type { Database } from '../../contracts';
import type { FileStorage } from '../gluon/public';
import { type PluginPackage, PluginRefused, readPluginPackage } from './pluginPackage';
import {
  type AssetRow,
  deleteKey,
  deletePlugin,
  findKey,
  findPlugin,
  type InstalledPlugin,
  listKeys,
  listPlugins,
  saveKey,
  savePlugin,
  storageKeysOf,
  unreferencedKeys,
} from './pluginRepository';
import { builtInPermissionPrefixes, builtInRouteSegments } from './reservedNames';
import { type RuntimePluginItem, type RuntimePluginList } from './runtimePluginSchemas';
import { checkManifestAssets, parseManifest, parseSignature, verifySignature } from './verifyPackage';

/** Who did it and where it is written down: the signed-in administrator (app.audit) or the CLI. */
export type PluginAudit = (action: string, target: string, details: Record<string, unknown>) => Promise<void>;

export interface RuntimePluginDeps {
  db: Database;
  storage: FileStorage;
  /** The console build served (STATIC_DIR): its routes are reserved too. */
  staticDir: string;
  audit: PluginAudit;
}

export function pluginItem(plugin: InstalledPlugin): RuntimePluginItem {
  return {
    id: plugin.id,
    title: plugin.title,
    version: plugin.version,
    prefixes: [...plugin.manifest.prefixes],
    routes: plugin.manifest.routes.map((route) => runtimePluginRoutePath(plugin.id, route.path)),
    keyId: plugin.keyId,
    installedBy: plugin.installedBy,
    installedAt: plugin.installedAt,
    sizeBytes: plugin.sizeBytes,
  };
}

/** A clash with the built-in console or another installed plugin (409), or a version that is no upgrade. */
function checkClashes(manifest: RuntimePluginManifest, installed: InstalledPlugin[], staticDir: string): void {
  if (builtInRouteSegments(staticDir).has(manifest.id) || manifest.id.endsWith('-backend'))
    throw new PluginRefused(409, `The id ${manifest.id} is taken by the console itself (its route /${manifest.id}).`);
  const builtInPrefixes = builtInPermissionPrefixes();
  for (const prefix of manifest.prefixes) {
    if (builtInPrefixes.has(prefix))
      throw new PluginRefused(409, `The permission prefix ${prefix} belongs to a built-in product.`);
  }
  for (const other of installed) {
    if (other.id === manifest.id) {
      if (!gt(manifest.version, other.version))
        throw new PluginRefused(
          409,
          `${manifest.id} ${other.version} is installed: an upgrade needs a higher version than ${manifest.version}.`,
        );
      continue;
    }
    const taken = manifest.prefixes.find((prefix) => other.manifest.prefixes.includes(prefix));
    if (taken) throw new PluginRefused(409, `The permission prefix ${taken} is taken by the plugin ${other.id}.`);
  }
  const paths = manifest.routes.map((route) => route.path);
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice !== undefined)
    throw new PluginRefused(409, `The route ${runtimePluginRoutePath(manifest.id, twice)} is declared twice.`);
}

/** Every check, in order, before anything is stored: format, manifest, signature, clashes. */
async function verifiedPackage(
  deps: RuntimePluginDeps,
  bytes: Buffer,
): Promise<{ pkg: PluginPackage; manifest: RuntimePluginManifest; keyId: string }> {
  const pkg = await readPluginPackage(bytes);
  const manifest = parseManifest(pkg.manifestBytes);
  checkManifestAssets(manifest, pkg);
  const signature = parseSignature(pkg.signatureBytes);
  const key = await findKey(deps.db, signature.keyId);
  if (!key)
    throw new PluginRefused(
      422,
      `The package is signed with the key ${signature.keyId}, which is not trusted here (npm run admin -- plugin trust FILE.pub).`,
    );
  verifySignature(pkg, signature, key.publicKey);
  checkClashes(manifest, await listPlugins(deps.db), deps.staticDir);
  return { pkg, manifest, keyId: key.keyId };
}

/**
 * Installs (or upgrades) a signed package. Refused packages leave nothing behind: every check
 * runs before the first byte is stored; the rows are written in one transaction after the
 * assets, and a failed transaction removes the assets it alone would have used.
 */
export async function installPlugin(
  deps: RuntimePluginDeps,
  bytes: Buffer,
  actorId: string | null,
): Promise<RuntimePluginItem> {
  const { pkg, manifest, keyId } = await verifiedPackage(deps, bytes);
  const previous = await findPlugin(deps.db, manifest.id);
  const assets: AssetRow[] = [];
  const oldKeys = previous ? await storageKeysOf(deps.db, manifest.id) : [];
  try {
    for (const [path, data] of pkg.assets) {
      const stored = await deps.storage.put(Readable.from([data]), data.length);
      assets.push({ path, storageKey: stored.key, integrity: sha384Integrity(data), sizeBytes: data.length });
    }
    await deps.db.tx((q) => savePlugin(q, { manifest, keyId, sizeBytes: pkg.sizeBytes, installedBy: actorId, assets }));
  } catch (error) {
    await removeUnreferenced(
      deps,
      assets.map((a) => a.storageKey),
    );
    throw error;
  }
  await removeUnreferenced(deps, oldKeys);
  await deps.audit(previous ? 'runtimePlugin.upgrade' : 'runtimePlugin.install', manifest.id, {
    version: manifest.version,
    ...(previous ? { previousVersion: previous.version } : {}),
    keyId,
    sizeBytes: pkg.sizeBytes,
  });
  return pluginItem((await findPlugin(deps.db, manifest.id))!);
}

async function removeUnreferenced(deps: RuntimePluginDeps, keys: string[]): Promise<void> {
  for (const key of await unreferencedKeys(deps.db, [...new Set(keys)])) await deps.storage.remove(key);
}

export async function removePlugin(deps: RuntimePluginDeps, id: string): Promise<void> {
  const plugin = await findPlugin(deps.db, id);
  const keys = plugin ? await deps.db.tx((q) => deletePlugin(q, id)) : null;
  if (!plugin || !keys) throw new PluginRefused(404, `No runtime plugin ${id} is installed.`);
  await removeUnreferenced(deps, keys);
  await deps.audit('runtimePlugin.remove', id, { version: plugin.version });
}

export async function listInstalled(db: Database): Promise<RuntimePluginList> {
  const [plugins, keys] = await Promise.all([listPlugins(db), listKeys(db)]);
  return {
    items: plugins.map(pluginItem),
    keys: keys.map(({ keyId, name, addedAt }) => ({ keyId, name, addedAt })),
  };
}

/** Trusts an ed25519 public key (SPKI PEM); answers its id. */
export async function trustKey(
  deps: Pick<RuntimePluginDeps, 'db' | 'audit'>,
  pem: string,
  name: string,
  actorId: string | null,
): Promise<string> {
  let raw: Buffer;
  let spki: string;
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
    raw = Buffer.from(key.export({ format: 'jwk' }).x!, 'base64url');
    spki = key.export({ format: 'pem', type: 'spki' }).toString();
  } catch {
    throw new PluginRefused(400, 'The file is not an ed25519 public key (SPKI PEM, as plugin:keygen writes it).');
  }
  const keyId = keyIdOf(raw);
  const label = name.trim() || keyId;
  if (label.length > 100) throw new PluginRefused(400, 'The key name is longer than 100 characters.');
  await saveKey(deps.db, { keyId, name: label, publicKey: spki, addedBy: actorId });
  await deps.audit('runtimePlugin.trust', keyId, { name: label });
  return keyId;
}

export async function untrustKey(deps: Pick<RuntimePluginDeps, 'db' | 'audit'>, keyId: string): Promise<void> {
  if (!(await deleteKey(deps.db, keyId))) throw new PluginRefused(404, `No trusted key ${keyId}.`);
  await deps.audit('runtimePlugin.untrust', keyId, {});
}
