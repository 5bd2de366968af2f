import { createPublicKey, verify } from 'node:crypto';
import Ajv from 'ajv';

import { sha384Integrity, signedPayload } from '@common/runtimePlugins/pluginPayload';
import { type RuntimePluginManifest, runtimePluginManifestSchema } from '@common/runtimePlugins/runtimePluginManifest';
import { PLUGIN_SDK_VERSION, sdkCompatible } from '@common/runtimePlugins/sdkVersion';

import { type PluginPackage, PluginRefused } from './pluginPackage';

const ajv = new Ajv({ allErrors: false, strict: true });
const validateManifest = ajv.compile(runtimePluginManifestSchema);

/** The first schema error in words ("/routes/0/path must match pattern …"), or null when the manifest is valid. */
export function manifestProblem(value: unknown): string | null {
  if (validateManifest(value)) return null;
  const error = validateManifest.errors?.[0];
  if (!error) return 'does not match the schema';
  const where = error.instancePath || '(the manifest)';
  const extra = error.keyword === 'additionalProperties' ? ` (${String(error.params.additionalProperty)})` : '';
  return `${where} ${error.message ?? 'is invalid'}${extra}`;
}

/** The manifest checked against the schema and the console's SDK (at install, and again for every stored one at start). */
export function parseManifest(bytes: Buffer): RuntimePluginManifest {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new PluginRefused(400, 'manifest.json is not valid JSON.');
  }
  const problem = manifestProblem(value);
  if (problem) throw new PluginRefused(400, `The manifest is invalid: ${problem}.`);
  const manifest = value as RuntimePluginManifest;
  if (!sdkCompatible(manifest.sdk))
    throw new PluginRefused(
      400,
      `The plugin was built for @console/plugin-sdk ${manifest.sdk}; this console provides ${PLUGIN_SDK_VERSION}.`,
    );
  return manifest;
}

export interface PackageSignature {
  keyId: string;
  signature: Buffer;
  assets: Record<string, string>;
}

const INTEGRITY = /^sha384-[A-Za-z0-9+/]{64}$/;

export function parseSignature(bytes: Buffer): PackageSignature {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new PluginRefused(422, 'signature.json is not valid JSON.');
  }
  const v = value as Partial<Record<'algorithm' | 'keyId' | 'signature' | 'assets', unknown>> | null;
  if (!v || typeof v !== 'object' || v.algorithm !== 'ed25519')
    throw new PluginRefused(422, 'signature.json must name the algorithm "ed25519".');
  if (typeof v.keyId !== 'string' || !/^[A-Za-z0-9_-]{16}$/.test(v.keyId))
    throw new PluginRefused(422, 'signature.json has no valid keyId.');
  if (typeof v.signature !== 'string' || !/^[A-Za-z0-9+/]{86}==$/.test(v.signature))
    throw new PluginRefused(422, 'signature.json has no valid ed25519 signature.');
  const assets = v.assets;
  if (!assets || typeof assets !== 'object' || Array.isArray(assets))
    throw new PluginRefused(422, 'signature.json lists no assets.');
  for (const [path, integrity] of Object.entries(assets)) {
    if (typeof integrity !== 'string' || !INTEGRITY.test(integrity))
      throw new PluginRefused(422, `signature.json has no valid sha384 for ${path}.`);
  }
  return { keyId: v.keyId, signature: Buffer.from(v.signature, 'base64'), assets: assets as Record<string, string> };
}

/**
 * Checks the signature with the trusted key, then every asset against its signed hash, and that
 * the signed list and the package's files are the same set: a file added, removed or changed
 * after signing is refused (422) with its name.
 */
export function verifySignature(pkg: PluginPackage, signature: PackageSignature, publicKeyPem: string): void {
  const key = createPublicKey(publicKeyPem);
  if (!verify(null, signedPayload(pkg.manifestBytes, signature.assets), key, signature.signature))
    throw new PluginRefused(
      422,
      `The signature does not verify with the trusted key ${signature.keyId}: the package was modified after signing or signed with another key.`,
    );
  for (const path of Object.keys(signature.assets)) {
    if (!pkg.assets.has(path)) throw new PluginRefused(422, `The signed asset ${path} is missing from the package.`);
  }
  for (const [path, bytes] of pkg.assets) {
    const signed = signature.assets[path];
    if (!signed) throw new PluginRefused(422, `The asset ${path} is not covered by the signature.`);
    if (sha384Integrity(bytes) !== signed)
      throw new PluginRefused(422, `The asset ${path} does not match its signed hash (modified after signing).`);
  }
}

/** `entry` and every style are assets of the package. */
export function checkManifestAssets(manifest: RuntimePluginManifest, pkg: PluginPackage): void {
  for (const path of [manifest.entry, ...(manifest.styles ?? [])]) {
    if (!pkg.assets.has(path)) throw new PluginRefused(400, `The manifest names ${path}, which is not in the package.`);
  }
}
