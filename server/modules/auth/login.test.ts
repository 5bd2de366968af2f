import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, TEST_PUBLIC_URL, type TestApp, type TestUser } from '../../test/testApp';
import { unknownAccountKey } from './lockout';
import { LOGIN_FAILED } from './loginRoutes';

describe('POST /um/login', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser({ email: 'Alice@Example.com', permissions: ['gln#rpt#rw', 'umg#usr#r'] });
  });
  afterAll(() => t.close());

  const login = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/um/login', payload: payload as object, headers });

  it('answers a session token with perms, tenant, iss, sid and exp, and the user', async () => {
    const res = await login({ username: 'alice@example.com', password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({ username: 'alice@example.com', email: 'alice@example.com', totpEnabled: false });
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({
      sub: user.id,
      tenant: user.tenantId,
      typ: 'access',
      iss: `${TEST_PUBLIC_URL}/um`,
      perms: ['gln#rpt#rw', 'umg#usr#r'],
    });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(600);
    const sessions = await t.db.query('SELECT * FROM sessions WHERE user_id = $1', [user.id]);
    expect(sessions.length).toBeGreaterThan(0);
  });

  it('treats the username case-insensitively and ignores surrounding spaces', async () => {
    const res = await login({ username: '  ALICE@example.COM ', password: user.password });
    expect(res.statusCode).toBe(200);
  });

  it('gives the same 401 for a wrong password, an unknown user, a disabled and a not yet activated user', async () => {
    const disabled = await t.createUser({ disabled: true });
    const invited = await t.createUser({ status: 'invited' });
    const ssoOnly = await t.createUser({ password: null });
    const answers = await Promise.all([
      login({ username: user.email, password: 'wrong password' }),
      login({ username: 'nobody@example.com', password: 'whatever1' }),
      login({ username: disabled.email, password: disabled.password }),
      login({ username: invited.email, password: invited.password }),
      login({ username: ssoOnly.email, password: 'anything-at-all' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: LOGIN_FAILED });
    }
    await t.db.query('UPDATE users SET failed_logins = 0 WHERE id = $1', [user.id]);
  });

  it('takes comparable time for unknown users and wrong passwords (dummy hash)', async () => {
    const time = async (payload: object) => {
      const start = process.hrtime.bigint();
      await login(payload);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const other = await t.createUser();
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time({ username: other.email, password: `wrong-${i}` }));
      unknown.push(await time({ username: `ghost${i}@example.com`, password: `wrong-${i}` }));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // argon2id dominates both; an unknown user must not answer in a fraction of the time.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it.each([
    ['missing password', { username: 'a@b.c' }],
    ['missing username', { password: 'x' }],
    ['wrong type', { username: 'a@b.c', password: 12345678 }],
    ['unknown field', { username: 'a@b.c', password: 'x', admin: true }],
    ['empty username', { username: '', password: 'x' }],
    ['oversized password', { username: 'a@b.c', password: 'x'.repeat(2000) }],
    ['array body', ['a']],
  ])('rejects %s with 400 and a message', async (_name, payload) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body/);
  });

  it('rejects a non-JSON body with a 4xx', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=a',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('refuses tokens of the wrong type, foreign keys, alg none and garbage on a signed-in call', async () => {
    const mfaUser = await t.createUser({ totp: true });
    const mfa = (await login({ username: mfaUser.email, password: mfaUser.password })).json().token as string;
    const quickLink = await t.app.tokens.sign('quick-link', { os: 'MAC' }, 60);
    const { privateKey } = await generateKeyPair('EdDSA');
    const foreign = await new SignJWT({ typ: 'access', perms: ['umg#usr#rw'], sid: 'x', tenant: 'x' })
      .setProtectedHeader({ alg: 'EdDSA' })
      .setIssuer(`${TEST_PUBLIC_URL}/um`)
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(privateKey);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ typ: 'access', sub: user.id, iss: `${TEST_PUBLIC_URL}/um`, exp: 9999999999 })}.`;
    for (const token of [mfa, quickLink, foreign, none, 'garbage', 'a.b.c']) {
      const res = await t.app.inject({ url: '/um/refresh', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
    for (const authorization of ['', 'Basic abc', 'Bearer', 'Bearer a b']) {
      const res = await t.app.inject({ url: '/um/refresh', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('login lockout and rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const attempt = (username: string, password: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/um/login', payload: { username, password }, remoteAddress: ip });

  it('allows 5 failures, then makes each attempt wait (429), then lets the right password in after the wait', async () => {
    const u = await t.createUser();
    for (let i = 0; i < 5; i++) expect((await attempt(u.email, 'bad password', '10.0.1.1')).statusCode).toBe(401);
    // 6th attempt right after the 5th failure (pinned to now: a loaded machine may take a second between them)
    await t.db.query('UPDATE users SET last_failed_login_at = now() WHERE id = $1', [u.id]);
    const blocked = await attempt(u.email, u.password, '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Try again in \d+ seconds/);
    // pretend the wait is over
    await t.db.query("UPDATE users SET last_failed_login_at = now() - interval '2 seconds' WHERE id = $1", [u.id]);
    expect((await attempt(u.email, u.password, '10.0.1.1')).statusCode).toBe(200);
    const [row] = await t.db.query<{ failed_logins: number }>('SELECT failed_logins FROM users WHERE id = $1', [u.id]);
    expect(row!.failed_logins).toBe(0);
  });

  it('answers an unknown address exactly like an existing one once locked (no enumeration by 429)', async () => {
    const u = await t.createUser();
    const answers: Record<string, { status: number; message: string }[]> = { known: [], unknown: [] };
    for (let i = 0; i < 7; i++) {
      // Past the free failures, each answer is read right after the last failure (pinned: the machine's speed must not open a slot).
      if (i >= 5) {
        await t.db.query('UPDATE users SET last_failed_login_at = now() WHERE id = $1', [u.id]);
        await t.db.query('UPDATE unknown_account_lockouts SET last_failed_at = now() WHERE key = $1', [
          unknownAccountKey('nobody-here@example.com'),
        ]);
      }
      for (const [kind, email] of [
        ['known', u.email],
        ['unknown', 'nobody-here@example.com'],
      ] as const) {
        const res = await attempt(email, 'bad password', `10.0.6.${i}`);
        answers[kind]!.push({
          status: res.statusCode,
          message: res.json().message.replace(/\d+ seconds/, 'N seconds'),
        });
      }
    }
    expect(answers.unknown).toEqual(answers.known);
    expect(answers.known!.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('lets only one of several parallel attempts use an open slot', async () => {
    const u = await t.createUser();
    await t.db.query(
      "UPDATE users SET failed_logins = 7, last_failed_login_at = now() - interval '1 hour' WHERE id = $1",
      [u.id],
    );
    const answers = await Promise.all([1, 2, 3, 4].map((i) => attempt(u.email, `guess-${i}`, `10.0.2.${i}`)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 429, 429, 429]);
  });

  it('locks the account hard after 100 consecutive failures, even for the right password', async () => {
    const u = await t.createUser();
    await t.db.query(
      "UPDATE users SET failed_logins = 100, last_failed_login_at = now() - interval '1 day' WHERE id = $1",
      [u.id],
    );
    const res = await attempt(u.email, u.password, '10.0.3.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/locked/);
  });

  it('limits failed attempts per client IP (50 per 10 minutes), not successes', async () => {
    const u = await t.createUser();
    for (let i = 0; i < 3; i++) expect((await attempt(u.email, u.password, '10.0.4.1')).statusCode).toBe(200);
    for (let i = 0; i < 50; i++) await t.app.failureLimiter.fail('ip:10.0.4.1');
    const res = await attempt(u.email, u.password, '10.0.4.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/network/);
    expect((await attempt(u.email, u.password, '10.0.4.2')).statusCode).toBe(200);
  });

  it('counts real failures toward the IP budget', async () => {
    for (let i = 0; i < 50; i++)
      expect((await attempt(`ghost${i}@example.com`, 'nope-nope', '10.0.5.1')).statusCode).toBe(401);
    expect((await attempt('ghost@example.com', 'nope-nope', '10.0.5.1')).statusCode).toBe(429);
  }, 60_000);
});
