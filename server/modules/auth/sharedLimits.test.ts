import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { LOGIN_FAILED } from './loginRoutes';

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const injectOf =
  (t: TestApp): Inject =>
  (options) =>
    t.app.inject(options);
const attempt = (
  inject: Inject,
  username: string,
  password: string,
  ip: string,
  headers: Record<string, string> = {},
) => inject({ method: 'POST', url: '/um/login', payload: { username, password }, remoteAddress: ip, headers });

function expectRetryAfter(res: { statusCode: number; headers: Record<string, unknown> }, max: number) {
  expect(res.statusCode).toBe(429);
  const value = Number(res.headers['retry-after']);
  expect(Number.isInteger(value)).toBe(true);
  expect(value).toBeGreaterThanOrEqual(1);
  expect(value).toBeLessThanOrEqual(max);
}

/** The IP budget and every lockout live in the database: shared by instances, kept across restarts. */
describe('sign-in limits are shared by instances and survive a restart', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { IP_FAILURE_LIMIT: '3' } });
    b = await createTestApp({ env: { IP_FAILURE_LIMIT: '3' }, overrides: { db: a.db, keepDbOpen: true } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });
  const injectA: Inject = (o) => injectOf(a)(o);
  const injectB: Inject = (o) => injectOf(b)(o);

  it('the IP budget spent on A is spent on B, and on an instance started afterwards; 429 says Retry-After', async () => {
    const ip = '10.20.0.1';
    for (let i = 0; i < 3; i++)
      expect((await attempt(i % 2 ? injectA : injectB, `nobody${i}@example.com`, 'wrong-one', ip)).statusCode).toBe(
        401,
      );
    const onA = await attempt(injectA, 'someone@example.com', 'wrong-one', ip);
    const onB = await attempt(injectB, 'someone@example.com', 'wrong-one', ip);
    for (const res of [onA, onB]) {
      expectRetryAfter(res, 600);
      expect(res.json().message).toMatch(/from your network/);
    }
    // A restart: a new app on the same database (a.db stays open), nothing kept in memory.
    const c = await createTestApp({ env: { IP_FAILURE_LIMIT: '3' }, overrides: { db: a.db, keepDbOpen: true } });
    try {
      expectRetryAfter(await attempt(injectOf(c), 'someone@example.com', 'wrong-one', ip), 600);
    } finally {
      await c.close();
    }
    // Another address is not affected.
    expect((await attempt(injectB, 'someone@example.com', 'wrong-one', '10.20.0.2')).statusCode).toBe(401);
  }, 60_000);

  it('the lockout of an address without an account is shared and kept too, with the same answers as a real account', async () => {
    const ghost = `ghost-${randomBytes(4).toString('hex')}@example.com`;
    const user = await a.createUser();
    const answers: Record<'known' | 'unknown', { status: number; message: string; retry: boolean }[]> = {
      known: [],
      unknown: [],
    };
    for (let i = 0; i < 6; i++) {
      for (const [kind, email] of [
        ['known', user.email],
        ['unknown', ghost],
      ] as const) {
        // alternate instances and addresses: neither the instance nor the IP budget matters here
        const res = await attempt(
          i % 2 ? injectA : injectB,
          email,
          'bad password',
          `10.21.${i}.${kind === 'known' ? 1 : 2}`,
        );
        answers[kind].push({
          status: res.statusCode,
          message: String(res.json().message).replace(/\d+ seconds/, 'N seconds'),
          retry: 'retry-after' in res.headers,
        });
      }
    }
    expect(answers.unknown).toEqual(answers.known);
    expect(answers.known.map((x) => x.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(answers.known[5]).toEqual({
      status: 429,
      message: 'Too many failed attempts. Try again in N seconds.',
      retry: true,
    });
    // The stand-in row keeps no typed e-mail in clear.
    const rows = await a.db.query<{ key: string }>('SELECT key FROM unknown_account_lockouts');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.key.includes('ghost'))).toBe(false);
    const restarted = await createTestApp({ overrides: { db: a.db, keepDbOpen: true } });
    try {
      // Pin "the last failure was just now" so the check does not depend on how long the start took;
      // the count (5) itself comes from the failures above.
      await a.db.query('UPDATE unknown_account_lockouts SET last_failed_at = now()');
      const res = await attempt(injectOf(restarted), ghost, 'bad password', '10.21.9.9');
      expectRetryAfter(res, 1);
      expect(res.json().message).toMatch(/Try again in 1 seconds/);
    } finally {
      await restarted.close();
    }
  }, 60_000);

  it('every 429 carries Retry-After: the hard lock too', async () => {
    const user = await a.createUser();
    await a.db.query(
      "UPDATE users SET failed_logins = 100, last_failed_login_at = now() - interval '1 day' WHERE id = $1",
      [user.id],
    );
    const res = await attempt(injectB, user.email, user.password, '10.22.0.1');
    expectRetryAfter(res, 15 * 60);
    expect(res.json().message).toMatch(/locked/);
  });
});

describe('TRUST_PROXY: the client is the right-most untrusted hop', () => {
  it('a hop count: a random left-most X-Forwarded-For entry does not escape the per-IP budget', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1', IP_FAILURE_LIMIT: '3' } });
    try {
      const forwarded = () => ({
        'x-forwarded-for': `${[1, 2, 3, 4].map(() => randomBytes(1)[0]).join('.')}, 203.0.113.7`,
      });
      const inject: Inject = injectOf(t);
      for (let i = 0; i < 3; i++)
        expect((await attempt(inject, `x${i}@example.com`, 'nope-nope', '10.9.9.9', forwarded())).statusCode).toBe(401);
      expectRetryAfter(await attempt(inject, 'x@example.com', 'nope-nope', '10.9.9.9', forwarded()), 600);
      // Another real client behind the same proxy still has its budget.
      expect(
        (
          await attempt(inject, 'x@example.com', 'nope-nope', '10.9.9.9', {
            'x-forwarded-for': '203.0.113.7, 203.0.113.8',
          })
        ).statusCode,
      ).toBe(401);
    } finally {
      await t.close();
    }
  }, 60_000);

  it('a list of proxies: sessions and the audit log record the real address; a direct client cannot claim another', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' } });
    try {
      const user = await t.createUser();
      const inject: Inject = injectOf(t);
      const ok = await attempt(inject, user.email, user.password, '10.1.1.1', {
        'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.2.2.2',
      });
      expect(ok.statusCode).toBe(200);
      const bad = await attempt(inject, user.email, 'bad password', '198.51.100.4', { 'x-forwarded-for': '6.6.6.6' });
      expect(bad.json().message).toBe(LOGIN_FAILED);
      await t.app.auditQueue.drain();
      const [session] = await t.db.query<{ ip: string }>('SELECT ip FROM sessions WHERE user_id = $1', [user.id]);
      expect(session!.ip).toBe('203.0.113.9');
      const audit = await t.db.query<{ action: string; ip: string }>(
        'SELECT action, ip FROM audit_events WHERE actor_id = $1 ORDER BY created_at',
        [user.id],
      );
      expect(audit.map((r) => [r.action, r.ip])).toEqual([
        ['login', '203.0.113.9'],
        ['login.failed', '198.51.100.4'],
      ]);
    } finally {
      await t.close();
    }
  });
});
