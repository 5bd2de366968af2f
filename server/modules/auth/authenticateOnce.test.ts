import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../app';
import type { Database, TokenService, TokenType } from '../../contracts';
import { createTestApp, type TestApp } from '../../test/testApp';
import { currentStep, totpCode } from './totp';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * request.auth carries what authentication found: a route neither verifies the bearer token
 * again nor re-reads the session or user. Counted on an instance whose database and token
 * service record their calls.
 */
describe('authentication reads once', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const statements: string[] = [];
  const verified: TokenType[][] = [];
  beforeAll(async () => {
    t = await createTestApp();
    const db: Database = {
      kind: t.db.kind,
      query: (sql, params) => {
        statements.push(sql.replace(/\s+/g, ' ').trim());
        return t.db.query(sql, params);
      },
      exec: (sql) => t.db.exec(sql),
      tx: (fn) =>
        t.db.tx((q) =>
          fn({
            query: (sql, params) => {
              statements.push(sql.replace(/\s+/g, ' ').trim());
              return q.query(sql, params);
            },
            exec: (sql) => q.exec(sql),
          }),
        ),
      close: async () => undefined,
    };
    const tokens: TokenService = {
      ...t.app.tokens,
      verify: (token, typ) => {
        verified.push(typeof typ === 'string' ? [typ] : [...typ]);
        return t.app.tokens.verify(token, typ);
      },
    };
    app = await buildApp(t.config, { db, keepDbOpen: true, tokens, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });
  beforeEach(() => {
    statements.length = 0;
    verified.length = 0;
  });

  it('GET /um/refresh is one database statement: live check, seen mark and user read together', async () => {
    const user = await t.createUser({ permissions: ['gln#rpt#rw'] });
    const { token } = await t.accessToken(user);
    const res = await app.inject({ url: '/um/refresh', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: user.email }, mfaRequired: false });
    // Background work (the job queue's polls) shares the database: not the request's.
    const own = statements.filter((sql) => !/\bqueue_(jobs|schedules)\b/.test(sql));
    expect(own, own.join('\n---\n')).toHaveLength(1);
    expect(own[0]).toMatch(
      /^WITH live AS \( SELECT .* FROM sessions s JOIN users u .*\), seen AS \( UPDATE sessions SET last_seen_at = now\(\)/s,
    );
    expect(verified).toEqual([['access']]);
  });

  it('the second-factor step verifies its token once (authentication) and takes prov/jti from request.auth', async () => {
    const user = await t.createUser({ totp: true });
    const login = await app.inject({
      method: 'POST',
      url: '/um/login',
      payload: { username: user.email, password: user.password },
    });
    expect(login.json().mfaRequired).toBe(true);
    verified.length = 0;
    statements.length = 0;
    const res = await app.inject({
      method: 'POST',
      url: '/um/mfa/totp/validateCode',
      headers: bearer(login.json().token),
      payload: { totpCode: totpCode(user.totpSecret!, currentStep()) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(verified).toEqual([['mfa']]);
    // the user was read by authentication only; the step itself reads just the secret
    expect(statements.filter((s) => /FROM users u WHERE u\.id = \$1/.test(s))).toHaveLength(1);
    expect(statements.filter((s) => /SELECT \* FROM users/.test(s))).toHaveLength(0);
  });
});
