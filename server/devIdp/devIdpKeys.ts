import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { DevIssuerKey } from './devIdpIssuers';

export type PrivateJwk = Record<string, unknown> & { kid: string; kty: string };

function generateSigningKey(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { ...jwk, kty: 'RSA', kid: randomBytes(9).toString('base64url'), alg: 'RS256', use: 'sig' };
}

function isJwkSet(value: unknown): value is Record<DevIssuerKey, PrivateJwk> {
  if (!value || typeof value !== 'object') return false;
  return (['google', 'okta', 'jamf'] as const).every((key) => {
    const jwk = (value as Record<string, unknown>)[key] as Record<string, unknown> | undefined;
    return !!jwk && jwk.kty === 'RSA' && typeof jwk.kid === 'string' && typeof jwk.d === 'string';
  });
}

/**
 * One RSA signing key per issuer, so a token of one issuer never verifies against another.
 * With `keyFile` the keys survive restarts (ID tokens and the API's JWKS cache stay valid);
 * without it they live only as long as the process (tests).
 */
export async function loadOrCreateIssuerKeys(keyFile?: string): Promise<Record<DevIssuerKey, PrivateJwk>> {
  if (keyFile) {
    try {
      const parsed: unknown = JSON.parse(await readFile(keyFile, 'utf8'));
      if (isJwkSet(parsed)) return parsed;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const keys = { google: generateSigningKey(), okta: generateSigningKey(), jamf: generateSigningKey() };
  if (keyFile) {
    await mkdir(path.dirname(keyFile), { recursive: true });
    const temp = `${keyFile}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(keys), { mode: 0o600 });
    await rename(temp, keyFile);
  }
  return keys;
}
