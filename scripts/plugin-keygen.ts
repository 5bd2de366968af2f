// npm run plugin:keygen -- --out DIR: an ed25519 key pair for signing runtime plugins.
// DIR/plugin-signing.key (PKCS8 PEM, mode 0600, never overwritten) stays with the plugin author;
// DIR/plugin-signing.pub (SPKI PEM) goes to the operator: npm run admin -- plugin trust FILE.pub
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

import { keyIdOf } from '../common/runtimePlugins/pluginPayload';

export function rawPublicKey(pem: string): Buffer {
  return Buffer.from(createPublicKey(pem).export({ format: 'jwk' }).x!, 'base64url');
}

/** Writes the pair into `dir`; answers the key id and the two files. */
export function generatePluginKey(dir: string): { keyId: string; keyFile: string; pubFile: string } {
  // Synchronous ed25519: a signing key takes microseconds, no async key generation needed.
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  mkdirSync(dir, { recursive: true });
  const keyFile = path.join(dir, 'plugin-signing.key');
  const pubFile = path.join(dir, 'plugin-signing.pub');
  const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600, flag: 'wx' });
  writeFileSync(pubFile, pub, { mode: 0o644, flag: 'wx' });
  return { keyId: keyIdOf(rawPublicKey(pub)), keyFile, pubFile };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error('Usage: npm run plugin:keygen -- --out DIR');
    process.exit(2);
  }
  try {
    const { keyId, keyFile, pubFile } = generatePluginKey(path.resolve(values.out));
    console.log(
      `Key ${keyId}\n  private: ${keyFile} (keep it secret)\n  public:  ${pubFile} (npm run admin -- plugin trust ${pubFile})`,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    console.error(
      code === 'EEXIST' ? `A key is already in ${values.out}: never overwritten.` : (error as Error).message,
    );
    process.exit(1);
  }
}
