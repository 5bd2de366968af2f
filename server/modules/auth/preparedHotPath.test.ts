import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import type { Database } from '../../contracts';
import { createTestApp, type TestApp } from '../../test/testApp';

/**
 * Refresh and sign-in run their statements as named prepared statements (parsed and
 * planned once, server/ARCHITECTURE.md "Benchmark"), not as plain queries. Recorded on an
 * instance whose database notes which path each statement took.
 */
describe('refresh and sign-in use prepared statements', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const calls: string[] = [];
  const own = () => calls.filter((c) => !/\bqueue_(jobs|schedules)\b/.test(c));
  beforeAll(async () => {
    t = await createTestApp();
    const prepared = t.db.prepared!.bind(t.db);
    const db: Database = {
      kind: t.db.kind,
      query: (sql, params) => {
        calls.push(`query ${sql.replace(/\s+/g, ' ').trim()}`);
        return t.db.query(sql, params);
      },
      prepared: (name, sql, params) => {
        calls.push(`prepared ${name}`);
        return prepared(name, sql, params);
      },
      exec: (sql) => t.db.exec(sql),
      tx: (fn) => t.db.tx(fn),
      close: async () => undefined,
    };
    // The test app's token service: its access tokens verify here.
    app = await buildApp(t.config, { db, keepDbOpen: true, tokens: t.app.tokens, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });
  beforeEach(() => {
    calls.length = 0;
  });

  it('GET /um/refresh: one prepared statement, no plain query', async () => {
    const user = await t.createUser();
    const { token } = await t.accessToken(user);
    calls.length = 0;
    const res = await app.inject({ url: '/um/refresh', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(own()).toEqual(['prepared session_touch']);
  });

  it('an authenticated call checks its session with one prepared statement', async () => {
    const user = await t.createUser();
    const { token } = await t.accessToken(user);
    calls.length = 0;
    const res = await app.inject({ url: '/um/logout', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(own()[0]).toBe('prepared session_verify');
  });

  it('POST /um/login: two prepared statements (the read; the session with its audit row); a failure counted by a prepared statement', async () => {
    const user = await t.createUser();
    const ok = await app.inject({
      method: 'POST',
      url: '/um/login',
      payload: { username: user.email, password: user.password },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // Written by the statement that opened the session: there before anything is drained.
    const { token } = ok.json() as { token: string };
    const { sid } = decodeJwt(token) as { sid: string };
    const rows = await t.db.query<{ action: string; details: unknown; ip: string }>(
      'SELECT action, details, ip FROM audit_events WHERE actor_id = $1 AND target = $2',
      [user.id, sid],
    );
    expect(rows).toEqual([{ action: 'login', details: { provider: 'password' }, ip: '127.0.0.1' }]);
    await app.auditQueue.drain();
    expect(own()).toEqual(['prepared password_sign_in_read', 'prepared open_signed_in_session']);

    for (const username of [user.email, 'nobody-prepared@example.com']) {
      calls.length = 0;
      const bad = await app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username, password: 'wrong password' },
      });
      expect(bad.statusCode, bad.body).toBe(401);
      await app.auditQueue.drain();
      const seen = own().filter((c) => !c.startsWith('query DELETE')); // the limiter's occasional pruning
      expect(seen[0]).toBe('prepared password_sign_in_read');
      expect(seen[1]).toMatch(/^prepared record_failure_(users_failed_logins|unknown_account_lockouts_failures)_ip$/);
      expect(seen.filter((c) => c.startsWith('query '))).toEqual([]);
    }
  });
});
