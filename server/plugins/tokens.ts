import { createHmac, hkdfSync, randomUUID } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { HttpError, TOKEN_EXPIRED, type TokenService, type TokenType } from '../contracts';
import type { SigningKey } from './keys';

const ALG = 'EdDSA';

export interface TokenServiceImpl extends TokenService {
  readonly kid: string;
  readonly issuer: string;
}

/**
 * JWTs signed with the API's Ed25519 key. The algorithm is pinned on verification, the issuer
 * must be `${PUBLIC_URL}/um` and the `typ` claim must be the expected type: an unsubscribe or
 * quick-link token never passes as an access token.
 */
export async function createTokenService(key: SigningKey, publicUrl: string): Promise<TokenServiceImpl> {
  const issuer = `${publicUrl}/um`;
  const publicJwk = await exportJWK(key.publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  // Pepper for low-entropy secrets (recovery codes), derived from the signing key so every instance shares it.
  const pepper = Buffer.from(
    hkdfSync('sha256', key.privateKey.export({ format: 'der', type: 'pkcs8' }), Buffer.alloc(0), 'mtd-console recovery-code pepper', 32),
  );
  return {
    kid,
    issuer,
    async sign(typ, claims, ttlSeconds) {
      const { sub, ...rest } = claims as { sub?: unknown };
      const jwt = new SignJWT({ ...rest, typ })
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setIssuer(issuer)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + Math.max(1, Math.floor(ttlSeconds)));
      if (typeof sub === 'string') jwt.setSubject(sub);
      return jwt.sign(key.privateKey);
    },
    async verify<T extends Record<string, unknown>>(token: string, typ: TokenType | readonly TokenType[]) {
      if (typeof token !== 'string' || token.length === 0 || token.length > 8192) throw new HttpError(401, 'Invalid token');
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
