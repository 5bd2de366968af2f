import { createHmac, hkdfSync, randomUUID, sign as signBytes } from 'node:crypto';
import { calculateJwkThumbprint, errors as joseErrors, exportJWK, jwtVerify } from 'jose';

import { HttpError, TOKEN_EXPIRED, type TokenService, type TokenType } from '../contracts';
import type { SigningKey } from './keys';

const ALG = 'EdDSA';

export interface TokenServiceImpl extends TokenService {
  readonly kid: string;
  readonly issuer: string;
}

/**
 * JWTs signed with the API's Ed25519 key. The algorithm is pinned on verification, the issuer
 * must be the deployment's (`config.tokenIssuer`: TOKEN_ISSUER, else `${PUBLIC_URL}/um`) and the
 * `typ` claim must be the expected type: an unsubscribe or quick-link token never passes as an
 * access token.
 */
export async function createTokenService(
  key: SigningKey,
  publicUrl: string,
  issuer = `${publicUrl}/um`,
): Promise<TokenServiceImpl> {
  const publicJwk = await exportJWK(key.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  // Pepper for low-entropy secrets (recovery codes), derived from the signing key so every instance shares it.
  const pepper = Buffer.from(
    hkdfSync(
      'sha256',
      key.privateKey.export({ format: 'der', type: 'pkcs8' }),
      Buffer.alloc(0),
      'mtd-console recovery-code pepper',
      32,
    ),
  );
  const protectedHeader = Buffer.from(JSON.stringify({ alg: ALG, kid, typ: 'JWT' })).toString('base64url');
  return {
    kid,
    issuer,
    // A compact JWS written here and signed with node:crypto's one-shot Ed25519 `sign`: jose signs
    // through WebCrypto, an asynchronous job per token that cost a sign-in ~0.3-0.5 ms of CPU on
    // the event loop (server/ARCHITECTURE.md "Benchmark"); this takes ~0.07 ms.
    // Verification stays with jose (algorithm pinned, issuer, expiry), and tokens.test.ts checks
    // that jose verifies what this signs.
    async sign(typ, claims, ttlSeconds) {
      const { sub, ...rest } = claims as { sub?: unknown };
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        ...rest,
        typ,
        iss: issuer,
        iat: now,
        jti: randomUUID(),
        exp: now + Math.max(1, Math.floor(ttlSeconds)),
        ...(typeof sub === 'string' ? { sub } : {}),
      };
      const input = `${protectedHeader}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
      return `${input}.${signBytes(null, Buffer.from(input), key.privateKey).toString('base64url')}`;
    },
    async verify<T extends Record<string, unknown>>(token: string, typ: TokenType | readonly TokenType[]) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 8192)
        throw new HttpError(401, 'Invalid token');
      try {
        const { payload } = await jwtVerify(token, key.publicKey, { algorithms: [ALG], issuer });
        const accepted: readonly unknown[] = typeof typ === 'string' ? [typ] : typ;
        if (!accepted.includes(payload.typ)) throw new HttpError(401, 'Invalid token type');
        return payload as unknown as T & { typ: TokenType; iss: string; exp: number; iat: number };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (error instanceof joseErrors.JWTExpired) throw new HttpError(401, TOKEN_EXPIRED);
        throw new HttpError(401, 'Invalid token');
      }
    },
    async jwks() {
      return { keys: [{ ...publicJwk, kid, alg: ALG, use: 'sig' }] };
    },
    digest(value: string) {
      return createHmac('sha256', pepper).update(value, 'utf8').digest('hex');
    },
  };
}
