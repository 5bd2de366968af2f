import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /um/users/{id}/sessions lists what authentication accepts', () => {
  let t: TestApp;
  let adminToken: string;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ permissions: ['umg#usr#rw'] });
    adminToken = (await t.accessToken(admin)).token;
    user = await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#rpt#rw'] });
  });
  afterAll(() => t.close());

  const listed = async () => {
    const res = await t.app.inject({ url: `/um/users/${user.id}/sessions`, headers: bearer(adminToken) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { id: string }[]).map((s) => s.id);
  };

  it('leaves out a session idle for more than 30 minutes (its token already gets 401)', async () => {
    const live = await t.accessToken(user);
    const idle = await t.accessToken(user);
    await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE id = $1", [
      idle.sessionId,
    ]);
    expect((await t.app.inject({ url: '/um/refresh', headers: bearer(idle.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/um/refresh', headers: bearer(live.token) })).statusCode).toBe(200);
    expect(await listed()).toEqual([live.sessionId]);
  });

  it('leaves out sessions past their absolute end and revoked ones', async () => {
    const expired = await t.accessToken(user);
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.sessionId]);
    const loggedOut = await t.accessToken(user);
    expect((await t.app.inject({ url: '/um/logout', headers: bearer(loggedOut.token) })).statusCode).toBe(200);
    const ids = await listed();
    expect(ids).not.toContain(expired.sessionId);
    expect(ids).not.toContain(loggedOut.sessionId);
  });
});
