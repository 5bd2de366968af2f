import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { mayUseRuntimePlugin } from '@common/runtimePlugins/access';
import { sdkCompatible } from '@common/runtimePlugins/sdkVersion';

import type { Queryable } from '../../contracts';
import { grantExpiry, mintGrant } from './assetGrant';
import { assetsOf, listPlugins } from './pluginRepository';
import type { RuntimePluginsAnswer } from './runtimePluginSchemas';
import { manifestProblem } from './verifyPackage';

export const ASSETS_PREFIX = '/plugins-backend/assets';

interface SdkIndex {
  imports: Record<string, string>;
  integrity: Record<string, string>;
}

const EMPTY_INDEX: SdkIndex = { imports: {}, integrity: {} };

/**
 * The shared modules' import map the console build writes (`<build>/console-sdk/index.json`),
 * read again when the build rewrites it; `{}` when the build has none.
 */
export function sdkIndexReader(staticDir: string): () => SdkIndex {
  const file = path.join(staticDir, 'console-sdk', 'index.json');
  let cached: { mtimeMs: number; index: SdkIndex } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return EMPTY_INDEX;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      try {
        const raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<SdkIndex>;
        cached = { mtimeMs, index: { imports: { ...raw.imports }, integrity: { ...raw.integrity } } };
      } catch {
        cached = { mtimeMs, index: EMPTY_INDEX };
      }
    }
    return cached.index;
  };
}

/**
 * What the console loads for this user: the plugins their permissions allow (signed by a key
 * still trusted, manifest still valid for this console), each asset URL under a grant for this
 * user and plugin, with its Subresource Integrity hash in the import map. The same for every
 * request within a grant period, so the ETag (a hash of the answer) lets the console ask on
 * every navigation for the cost of a 304.
 */
export async function runtimeAnswer(
  deps: { db: Queryable; digest: (value: string) => string; sdkIndex: () => SdkIndex },
  user: { userId: string; perms: readonly string[] },
  nowS: number,
): Promise<{ answer: RuntimePluginsAnswer; etag: string }> {
  const exp = grantExpiry(nowS);
  const sdk = deps.sdkIndex();
  const integrity: Record<string, string> = { ...sdk.integrity };
  const plugins: RuntimePluginsAnswer['plugins'] = [];
  for (const plugin of await listPlugins(deps.db)) {
    const { manifest } = plugin;
    if (!plugin.keyTrusted || manifestProblem(manifest) || !sdkCompatible(manifest.sdk)) continue;
    if (!mayUseRuntimePlugin(user.perms, manifest.requires)) continue;
    const grant = mintGrant(deps.digest, { sub: user.userId, plugin: plugin.id, exp });
    const base = `${ASSETS_PREFIX}/${grant}/${plugin.id}/${plugin.version}/`;
    for (const asset of await assetsOf(deps.db, plugin.id, plugin.version))
      integrity[base + asset.path] = asset.integrity;
    plugins.push({
      id: plugin.id,
      version: plugin.version,
      manifest,
      entryUrl: base + manifest.entry,
      styleUrls: (manifest.styles ?? []).map((style) => base + style),
    });
  }
  const answer: RuntimePluginsAnswer = {
    plugins,
    importMap: { imports: { ...sdk.imports }, integrity },
    expiresAt: new Date(exp * 1000).toISOString(),
  };
  const etag = `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
  return { answer, etag };
}
