import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

import { keyIdOf, sha384Integrity, signedPayload } from '@common/runtimePlugins/pluginPayload';
import type { RuntimePluginManifest } from '@common/runtimePlugins/runtimePluginManifest';

import { createTarGz, type TarWriterEntry } from '../inspection/public';

/** Test packages: a key pair, a manifest, and a signed package that a test may spoil on purpose. */

export interface TestKey {
  privateKey: KeyObject;
  publicPem: string;
  privatePem: string;
  keyId: string;
}

export function testKey(): TestKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return {
    privateKey,
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    keyId: keyIdOf(raw),
  };
}

export function testManifest(overrides: Partial<RuntimePluginManifest> = {}): RuntimePluginManifest {
  return {
    schemaVersion: 1,
    id: 'hello',
    title: 'Hello',
    version: '1.0.0',
    sdk: '^1.0.0',
    prefixes: ['hlo'],
    requires: ['hlo'],
    routes: [{ path: '', page: 'HelloPage' }],
    entry: 'index-AAAAAAAA.js',
    styles: ['index-BBBBBBBB.css'],
    ...overrides,
  };
}

export interface PackageParts {
  manifest?: unknown;
  /** Raw manifest bytes (when a test sends something that is not the manifest's JSON). */
  manifestBytes?: Buffer;
  assets?: Record<string, string | Buffer>;
  key?: TestKey;
  /** The key id written into signature.json (default: the signing key's). */
  keyId?: string;
  /** Changes the signed asset list before signing (or after, with `afterSigning`). */
  signedAssets?: (assets: Record<string, string>) => Record<string, string>;
  /** Replaces asset bytes after signing (a tampered package). */
  tamper?: Record<string, string>;
  /** More tar entries (hostile ones: links, `..` paths). */
  extraEntries?: TarWriterEntry[];
  withoutSignature?: boolean;
}

export const DEFAULT_ASSETS = {
  'index-AAAAAAAA.js': 'export function HelloPage() { return null; }\n',
  'index-BBBBBBBB.css': '.hello { color: red; }\n',
};

export function testPackage(key: TestKey, parts: PackageParts = {}): Buffer {
  const signer = parts.key ?? key;
  const manifestBytes = parts.manifestBytes ?? Buffer.from(JSON.stringify(parts.manifest ?? testManifest()));
  const assets = Object.entries(parts.assets ?? DEFAULT_ASSETS).map(
    ([path, data]) => [path, Buffer.isBuffer(data) ? data : Buffer.from(data)] as const,
  );
  let integrity: Record<string, string> = Object.fromEntries(
    assets.map(([path, data]) => [path, sha384Integrity(data)]),
  );
  if (parts.signedAssets) integrity = parts.signedAssets(integrity);
  const signature = sign(null, signedPayload(manifestBytes, integrity), signer.privateKey).toString('base64');
  const entries: TarWriterEntry[] = [
    { path: 'manifest.json', data: manifestBytes },
    ...(parts.withoutSignature
      ? []
      : [
          {
            path: 'signature.json',
            data: JSON.stringify({
              algorithm: 'ed25519',
              keyId: parts.keyId ?? signer.keyId,
              signature,
              assets: integrity,
            }),
          },
        ]),
    { path: 'assets/', type: '5' },
    ...assets.map(([path, data]) => ({ path: `assets/${path}`, data: parts.tamper?.[path] ?? data })),
    ...(parts.extraEntries ?? []),
  ];
  return createTarGz(entries);
}
