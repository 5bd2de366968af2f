import type { Readable } from 'node:stream';

import { mayUseRuntimePlugin } from '@common/runtimePlugins/access';

import type { Queryable } from '../../contracts';
import type { FileStorage } from '../gluon/public';
import { readGrant } from './assetGrant';
import { ASSET_PATH, PACKAGE_LIMITS, PluginRefused } from './pluginPackage';
import { findAsset, findPlugin, livePermissions } from './pluginRepository';

const CONTENT_TYPES: Record<string, string> = {
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  txt: 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

export const ASSET_FORBIDDEN = 'This plugin asset needs a valid grant: reload the console.';
export const ASSET_LOST = "This plugin's files are missing from storage: an administrator should install it again.";

/**
 * The stored bytes, read whole (an asset is at most PACKAGE_LIMITS.maxFileBytes): the answer's
 * length is what storage holds, not what the database recorded, so a file changed behind our back
 * cannot leave the browser waiting for bytes that never come (its integrity check refuses it).
 * A file gone is a 404 in words; the store being down stays StorageUnavailable (503).
 */
async function readStored(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += bytes.length;
      // Longer than any asset: altered; what was read is enough for the browser to refuse it.
      if (size > PACKAGE_LIMITS.maxFileBytes) {
        body.destroy();
        break;
      }
      chunks.push(bytes);
    }
  } catch (error) {
    // Both storages say ENOENT for a missing file (s3Storage maps the object store's 404 to it).
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new PluginRefused(404, ASSET_LOST);
    throw error;
  }
  return Buffer.concat(chunks);
}

/**
 * One asset of an installed plugin for the holder of a grant: the grant must be ours, current,
 * for this plugin, and its user must still be live and permitted (403 otherwise, one message
 * for all, so a probe learns nothing); an unknown version or path is a 404.
 */
export async function openAsset(
  deps: { db: Queryable; storage: FileStorage; digest: (value: string) => string },
  request: { grant: string; id: string; version: string; path: string },
  nowS: number,
): Promise<{ body: Buffer; contentType: string; size: number }> {
  const grant = readGrant(deps.digest, request.grant, request.id, nowS);
  if (!grant) throw new PluginRefused(403, ASSET_FORBIDDEN);
  const [plugin, perms] = await Promise.all([findPlugin(deps.db, request.id), livePermissions(deps.db, grant.sub)]);
  if (!perms || (plugin && !mayUseRuntimePlugin(perms, plugin.manifest.requires)))
    throw new PluginRefused(403, ASSET_FORBIDDEN);
  const asset =
    plugin && plugin.keyTrusted && ASSET_PATH.test(request.path)
      ? await findAsset(deps.db, request.id, request.version, request.path)
      : null;
  if (!asset)
    throw new PluginRefused(404, 'No such plugin asset (the plugin was removed or upgraded: reload the console).');
  const body = await readStored(deps.storage.read(asset.storageKey));
  return { body, contentType: contentTypeOf(asset.path), size: body.length };
}
