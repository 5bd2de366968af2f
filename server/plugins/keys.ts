import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { AppConfig } from '../config';

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function signingKeyFromPem(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('The signing key must be an Ed25519 private key (PKCS#8 PEM)');
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/**
 * Loads the Ed25519 signing key from SIGNING_KEY_FILE, or from KEYS_DIR/signing-key.pem,
 * generating and persisting it (mode 0600) on first start. Several API instances must share it.
 */
export async function loadSigningKey(config: Pick<AppConfig, 'signingKeyFile' | 'keysDir'>): Promise<SigningKey> {
  if (config.signingKeyFile) {
    let pem: string;
    try {
      pem = await readFile(config.signingKeyFile, 'utf8');
    } catch {
      throw new Error(`Invalid SIGNING_KEY_FILE: cannot read ${config.signingKeyFile}`);
    }
    return signingKeyFromPem(pem);
  }
  const file = path.join(config.keysDir, 'signing-key.pem');
  if (!existsSync(file)) {
    await mkdir(config.keysDir, { recursive: true, mode: 0o700 });
    await writeFile(file, generateSigningKeyPem(), { mode: 0o600, flag: 'wx' }).catch(
      (error: NodeJS.ErrnoException) => {
        // Another instance created it first: use theirs.
        if (error.code !== 'EEXIST') throw error;
      },
    );
  }
  return signingKeyFromPem(await readFile(file, 'utf8'));
}
