import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../app';
import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('refresh, logout and password change', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.createUser({ permissions: ['gln#rpt#rw'] });
  });
  afterAll(() => t.close());

  it('refresh answers a new token of the same session with the current permissions', async () => {
    const { token, sessionId } = await t.accessToken(user);
    await t.db.query("UPDATE users SET permissions = '{gln#rpt#rw,umg#usr#r}' WHERE id = $1", [user.id]);
    // A distinct iat (whole seconds): the API's clock is moved on, rather than the test waiting a second for it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1100 });
    const res = await t.app.inject({ url: '/um/refresh', headers: bearer(token) }).finally(() => vi.useRealTimers());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).not.toBe(token);
    expect(body.user.email).toBe(user.email);
    const claims = decodeJwt(body.token);
    expect(claims.sid).toBe(sessionId);
    expect(claims.perms).toEqual(['gln#rpt#rw', 'umg#usr#r']);
    await t.db.query("UPDATE users SET permissions = '{gln#rpt#rw}' WHERE id = $1", [user.id]);
  });

  it('ends a session idle for more than 30 minutes', async () => {
    const { token, sessionId } = await t.accessToken(user);
    await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE id = $1", [sessionId]);
    const res = await t.app.inject({ url: '/um/refresh', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
  });

  it('ends a session at its absolute limit even when active', async () => {
    const { token, sessionId } = await t.accessToken(user);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [sessionId]);
    expect((await t.app.inject({ url: '/um/refresh', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('never issues an access token that outlives the session', async () => {
    const { token, sessionId } = await t.accessToken(user);
    await t.db.query("UPDATE sessions SET expires_at = now() + interval '2 minutes' WHERE id = $1", [sessionId]);
    const res = await t.app.inject({ url: '/um/refresh', headers: bearer(token) });
    const claims = decodeJwt(res.json().token);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(120);
  });

  it('rejects a disabled user at once', async () => {
    const u = await t.createUser();
    const { token } = await t.accessToken(u);
    await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [u.id]);
    expect((await t.app.inject({ url: '/um/refresh', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('logout revokes the session: the old token gets 401 on every instance', async () => {
    const other = await buildApp(t.config, { db: t.db, keepDbOpen: true, tokens: t.app.tokens, logger: false });
    try {
      const { token } = await t.login(user.email, user.password);
      expect((await other.inject({ url: '/um/refresh', headers: bearer(token) })).statusCode).toBe(200);
      const out = await t.app.inject({ url: '/um/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({});
      for (const app of [t.app, other]) {
        expect((await app.inject({ url: '/um/refresh', headers: bearer(token) })).statusCode).toBe(401);
        expect((await app.inject({ url: '/um/logout', headers: bearer(token) })).statusCode).toBe(401);
      }
    } finally {
      await other.close();
    }
  });

  it('logout answers the provider end-session URL for sessions started with that provider', async () => {
    t.app.logoutUrlProviders.set('JamfAuth0', async (session) => `https://idp.example/logout?sid=${session.id}`);
    const { token, sessionId } = await t.accessToken(user, 'JamfAuth0');
    const res = await t.app.inject({ url: '/um/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ logoutUrl: `https://idp.example/logout?sid=${sessionId}` });
  });

  it('logout without a token is 401', async () => {
    expect((await t.app.inject({ url: '/um/logout' })).statusCode).toBe(401);
  });

  describe('POST /um/password', () => {
    it('changes the password, keeps this session and ends the others', async () => {
      const u = await t.createUser({ password: 'Old-Password-1' });
      const current = await t.login(u.email, 'Old-Password-1');
      const otherSession = await t.login(u.email, 'Old-Password-1');
      const res = await t.app.inject({
        method: 'POST',
        url: '/um/password',
        headers: bearer(current.token),
        payload: { oldPassword: 'Old-Password-1', newPassword: 'New-Password-2' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.email).toBe(u.email);
      expect((await t.app.inject({ url: '/um/refresh', headers: bearer(current.token) })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/um/refresh', headers: bearer(otherSession.token) })).statusCode).toBe(401);
      await expect(t.login(u.email, 'Old-Password-1')).rejects.toThrow(/401/);
      await expect(t.login(u.email, 'New-Password-2')).resolves.toHaveProperty('token');
    });

    it('refuses a wrong old password and a too short new one with 400', async () => {
      const { token } = await t.accessToken(user);
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/um/password',
        headers: bearer(token),
        payload: { oldPassword: 'nope', newPassword: 'New-Password-2' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('The current password is incorrect');
      const short = await t.app.inject({
        method: 'POST',
        url: '/um/password',
        headers: bearer(token),
        payload: { oldPassword: user.password, newPassword: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toMatch(/at least 8/);
    });

    it('validates the body and needs a session', async () => {
      const { token } = await t.accessToken(user);
      for (const payload of [
        {},
        { oldPassword: 'x' },
        { oldPassword: 1, newPassword: 'abcdefgh' },
        { oldPassword: 'x', newPassword: 'abcdefgh', extra: 1 },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/um/password', headers: bearer(token), payload });
        expect(res.statusCode).toBe(400);
      }
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/um/password',
            payload: { oldPassword: 'x', newPassword: 'abcdefgh' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });
});
