import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { HttpError } from '../contracts';
import { generateSigningKeyPem, signingKeyFromPem } from './keys';
import { createTokenService } from './tokens';

describe('token service', () => {
  const key = signingKeyFromPem(generateSigningKeyPem());

  it('signs EdDSA tokens with kid, iss and typ, and verifies them', async () => {
    const tokens = await createTokenService(key, 'https://console.example.com');
    const token = await tokens.sign('access', { sub: 'u1', perms: ['a'] }, 60);
    const header = decodeProtectedHeader(token);
    expect(header.alg).toBe('EdDSA');
    expect(header.kid).toBe(tokens.kid);
    const claims = await tokens.verify(token, 'access');
    expect(claims).toMatchObject({ sub: 'u1', perms: ['a'], typ: 'access', iss: 'https://console.example.com/um' });
    expect((await tokens.jwks()).keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: tokens.kid });
  });

  it('writes a standard JWS: jose verifies it on its own, with every claim where it belongs', async () => {
    const tokens = await createTokenService(key, 'https://console.example.com');
    const before = Math.floor(Date.now() / 1000);
    const token = await tokens.sign(
      'access',
      { sub: 'u1', sid: 's1', perms: ['gln#rpt#r'], iss: 'https://evil.example', typ: 'mfa' },
      90.7,
    );
    const { payload, protectedHeader } = await jwtVerify(token, key.publicKey, {
      algorithms: ['EdDSA'],
      issuer: 'https://console.example.com/um',
      typ: 'JWT',
    });
    expect(protectedHeader).toEqual({ alg: 'EdDSA', kid: tokens.kid, typ: 'JWT' });
    // The service's own typ and issuer win over anything in the claims.
    expect(payload).toMatchObject({
      sub: 'u1',
      sid: 's1',
      perms: ['gln#rpt#r'],
      typ: 'access',
      iss: 'https://console.example.com/um',
    });
    expect(payload.iat).toBeGreaterThanOrEqual(before);
    expect(payload.exp! - payload.iat!).toBe(90);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(await tokens.sign('access', { sub: 'u1' }, 60)).not.toBe(await tokens.sign('access', { sub: 'u1' }, 60));
    // No sub claim when none is given (an unsubscribe token names an e-mail, not a user).
    expect(
      (await jwtVerify(await tokens.sign('unsubscribe', { email: 'x@y.z' }, 60), key.publicKey)).payload.sub,
    ).toBeUndefined();
  });

  it('refuses another type, another issuer, an expired token and tampering with 401', async () => {
    const tokens = await createTokenService(key, 'https://a.example');
    const other = await createTokenService(key, 'https://b.example');
    const unsubscribe = await tokens.sign('unsubscribe', { email: 'x@y.z' }, 60);
    const expired = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer('https://a.example/um')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key.privateKey);
    const good = await tokens.sign('access', { sub: 'u' }, 60);
    const [h, p, s] = good.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), perms: ['umg#usr#rw'] })).toString('base64url')}.${s}`;
    for (const [token, service, message] of [
      [unsubscribe, tokens, 'Invalid token type'],
      [good, other, 'Invalid token'],
      [expired, tokens, 'Token expired'],
      [tampered, tokens, 'Invalid token'],
      ['', tokens, 'Invalid token'],
    ] as const) {
      const error = await service.verify(token, 'access').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HttpError);
      expect((error as HttpError).statusCode).toBe(401);
      expect((error as HttpError).message).toBe(message);
    }
    await expect(tokens.verify(unsubscribe, ['access', 'unsubscribe'])).resolves.toMatchObject({ typ: 'unsubscribe' });
  });

  it('digests with a key-derived pepper: stable per key, different across keys', async () => {
    const a = await createTokenService(key, 'https://a.example');
    const b = await createTokenService(signingKeyFromPem(generateSigningKeyPem()), 'https://a.example');
    expect(a.digest('123456789012')).toBe(a.digest('123456789012'));
    expect(a.digest('123456789012')).not.toBe(b.digest('123456789012'));
  });
});
