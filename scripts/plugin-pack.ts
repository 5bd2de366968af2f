// npm run plugin:pack -- DIR --key KEY [--out FILE]: bundles a runtime plugin (a folder with its
// own package.json: "console": { "entry": "src/index.tsx", "manifest": "console-plugin.json" }),
// fills `entry` and `styles` into the manifest, signs it (ed25519 over the manifest's sha384 and
// every asset's) and writes <id>-<version>.consoleplugin.tgz.
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

import { keyIdOf, sha384Integrity, signedPayload } from '../common/runtimePlugins/pluginPayload';
import { SHARED_MODULES } from '../common/runtimePlugins/sharedModules';
import { createTarGz } from '../server/modules/inspection/public';

export interface PackOptions {
  dir: string;
  keyPem: string;
  /** Default: <id>-<version>.consoleplugin.tgz in the current folder. */
  out?: string;
}

interface ConsoleField {
  entry: string;
  manifest: string;
}

function consoleField(dir: string): ConsoleField {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { console?: Partial<ConsoleField> };
  const field = pkg.console;
  if (!field?.entry || !field.manifest)
    throw new Error(
      `${dir}/package.json needs "console": { "entry": "src/index.tsx", "manifest": "console-plugin.json" }`,
    );
  return { entry: field.entry, manifest: field.manifest };
}

/** Builds, signs and writes the package; answers its file, key id and size. */
export async function packPlugin(options: PackOptions): Promise<{ file: string; keyId: string; bytes: number }> {
  const dir = path.resolve(options.dir);
  const field = consoleField(dir);
  const manifest = JSON.parse(readFileSync(path.join(dir, field.manifest), 'utf8')) as Record<string, unknown>;
  const privateKey = createPrivateKey(options.keyPem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The signing key must be ed25519 (plugin:keygen)');
  const raw = Buffer.from(createPublicKey(privateKey).export({ format: 'jwk' }).x!, 'base64url');

  const result = await build({
    absWorkingDir: dir,
    entryPoints: [path.join(dir, field.entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    write: false,
    metafile: true,
    outdir: path.join(dir, '.pack-out'),
    // Content-hashed names: an asset's URL changes with its bytes (immutable caching, SRI).
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'files/[name]-[hash]',
    loader: { '.png': 'file', '.svg': 'file', '.woff2': 'file', '.woff': 'file' },
    external: [...SHARED_MODULES],
    logLevel: 'silent',
  });
  const outdir = path.join(dir, '.pack-out');
  const assets = new Map<string, Buffer>();
  for (const file of result.outputFiles)
    assets.set(path.relative(outdir, file.path).split(path.sep).join('/'), Buffer.from(file.contents));
  const entryOutput = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint !== undefined);
  if (!entryOutput) throw new Error('esbuild wrote no entry module');
  const [entryPath, entryMeta] = entryOutput;
  manifest.entry = path.relative(outdir, path.resolve(dir, entryPath)).split(path.sep).join('/');
  if (entryMeta.cssBundle)
    manifest.styles = [path.relative(outdir, path.resolve(dir, entryMeta.cssBundle)).split(path.sep).join('/')];
  else delete manifest.styles;

  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  const integrity: Record<string, string> = {};
  for (const [assetPath, bytes] of [...assets].sort(([a], [b]) => (a < b ? -1 : 1)))
    integrity[assetPath] = sha384Integrity(bytes);
  const signature = sign(null, signedPayload(manifestBytes, integrity), privateKey).toString('base64');
  const keyId = keyIdOf(raw);
  const tgz = createTarGz([
    { path: 'manifest.json', data: manifestBytes },
    {
      path: 'signature.json',
      data: `${JSON.stringify({ algorithm: 'ed25519', keyId, signature, assets: integrity }, null, 2)}\n`,
    },
    ...[...assets].map(([assetPath, data]) => ({ path: `assets/${assetPath}`, data })),
  ]);
  const file = path.resolve(options.out ?? `${String(manifest.id)}-${String(manifest.version)}.consoleplugin.tgz`);
  writeFileSync(file, tgz);
  return { file, keyId, bytes: tgz.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { key: { type: 'string' }, out: { type: 'string' } },
  });
  if (positionals.length !== 1 || !values.key) {
    console.error('Usage: npm run plugin:pack -- DIR --key plugin-signing.key [--out FILE]');
    process.exit(2);
  }
  packPlugin({ dir: positionals[0]!, keyPem: readFileSync(values.key, 'utf8'), out: values.out })
    .then(({ file, keyId, bytes }) => console.log(`Packed ${file} (${bytes} bytes), signed by ${keyId}`))
    .catch((error: unknown) => {
      console.error((error as Error).message);
      process.exit(1);
    });
}
