import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { SessionStore } from '../contracts';
import { createTestApp, type TestApp, type TestUser } from '../test/testApp';
import { createSessionStore, TOUCH_EVERY_S } from './sessionStore';

describe('session store: one definition of a live session', () => {
  let t: TestApp;
  let store: SessionStore;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    store = createSessionStore(t.db);
    user = await t.createUser({ permissions: ['gln#rpt#rw'] });
  });
  afterAll(() => t.close());

  const open = (u: TestUser = user, provider = 'password') =>
    store.create({
      userId: u.id,
      tenantId: u.tenantId,
      provider,
      providerData: { issuer: 'https://idp.example' },
      ip: '10.0.0.1',
      userAgent: 'vitest',
    });
  const age = (sessionId: string, set: string) => t.db.query(`UPDATE sessions SET ${set} WHERE id = $1`, [sessionId]);

  it('create opens a session with the absolute limit and the client; verify answers it with its user', async () => {
    const s = await open();
    expect(s).toMatchObject({
      userId: user.id,
      tenantId: user.tenantId,
      provider: 'password',
      providerData: { issuer: 'https://idp.example' },
      ip: '10.0.0.1',
      userAgent: 'vitest',
    });
    const hours = (s.expiresAt.getTime() - s.createdAt.getTime()) / 3600_000;
    expect(hours).toBeCloseTo(12, 3);
    expect(await store.verify(s.id, user.id)).toEqual({
      session: { id: s.id, expiresAt: s.expiresAt },
      user: {
        id: user.id,
        tenantId: user.tenantId,
        email: user.email,
        permissions: ['gln#rpt#rw'],
        totpEnabled: false,
      },
    });
  });

  it('a session is not live when revoked, idle over 30 minutes, past its absolute end, or of another user', async () => {
    const revoked = await open();
    await store.revoke(revoked.id);
    const idle = await open();
    await age(idle.id, "last_seen_at = now() - interval '31 minutes'");
    const nearlyIdle = await open();
    await age(nearlyIdle.id, "last_seen_at = now() - interval '29 minutes'");
    const expired = await open();
    await age(expired.id, "expires_at = now() - interval '1 second'");
    const other = await t.createUser();
    expect(await store.verify(revoked.id, user.id)).toBeNull();
    expect(await store.verify(idle.id, user.id)).toBeNull();
    expect(await store.verify(expired.id, user.id)).toBeNull();
    expect(await store.verify(nearlyIdle.id, other.id)).toBeNull();
    expect(await store.verify(nearlyIdle.id, user.id)).not.toBeNull();
    // touch applies the same rule and leaves an ended session as it was
    expect(await store.touch(idle.id, user.id)).toBeNull();
    const [row] = await t.db.query<{ idle: boolean }>(
      "SELECT last_seen_at < now() - interval '30 minutes' AS idle FROM sessions WHERE id = $1",
      [idle.id],
    );
    expect(row?.idle).toBe(true);
  });

  it('a session of a disabled or not yet activated user is not live, nor is that user', async () => {
    const disabled = await t.createUser();
    const ds = await open(disabled);
    const invited = await t.createUser();
    const is = await open(invited);
    expect(await store.verifyUser(disabled.id)).not.toBeNull();
    await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [disabled.id]);
    await t.db.query("UPDATE users SET status = 'invited' WHERE id = $1", [invited.id]);
    expect(await store.verify(ds.id, disabled.id)).toBeNull();
    expect(await store.touch(ds.id, disabled.id)).toBeNull();
    expect(await store.verify(is.id, invited.id)).toBeNull();
    expect(await store.verifyUser(disabled.id)).toBeNull();
    expect(await store.verifyUser(invited.id)).toBeNull();
    expect(await store.listLive(disabled.tenantId, disabled.id)).toEqual([]);
  });

  it('touch marks the session seen and answers the current user in the same statement', async () => {
    const s = await open();
    await age(s.id, "last_seen_at = now() - interval '20 minutes'");
    await t.db.query("UPDATE users SET permissions = '{gln#rpt#rw,umg#usr#r}' WHERE id = $1", [user.id]);
    const live = await store.touch(s.id, user.id);
    expect(live?.user.permissions).toEqual(['gln#rpt#rw', 'umg#usr#r']);
    expect(live?.session).toEqual({ id: s.id, expiresAt: s.expiresAt });
    const [row] = await t.db.query<{ fresh: boolean }>(
      "SELECT last_seen_at > now() - interval '1 minute' AS fresh FROM sessions WHERE id = $1",
      [s.id],
    );
    expect(row?.fresh).toBe(true);
    await t.db.query("UPDATE users SET permissions = '{gln#rpt#rw}' WHERE id = $1", [user.id]);
  });

  it('touch writes the seen mark only when it is older than TOUCH_EVERY_S (most refreshes write nothing)', async () => {
    const s = await open();
    await age(s.id, "last_seen_at = now() - interval '20 seconds'");
    const [before] = await t.db.query<{ at: Date }>('SELECT last_seen_at AS at FROM sessions WHERE id = $1', [s.id]);
    expect(await store.touch(s.id, user.id)).not.toBeNull();
    const [same] = await t.db.query<{ at: Date }>('SELECT last_seen_at AS at FROM sessions WHERE id = $1', [s.id]);
    expect(same!.at.getTime()).toBe(before!.at.getTime());
    await age(s.id, `last_seen_at = now() - make_interval(secs => ${TOUCH_EVERY_S + 5})`);
    expect(await store.touch(s.id, user.id)).not.toBeNull();
    const [fresh] = await t.db.query<{ fresh: boolean }>(
      "SELECT last_seen_at > now() - interval '5 seconds' AS fresh FROM sessions WHERE id = $1",
      [s.id],
    );
    expect(fresh!.fresh).toBe(true);
  });

  it('listLive lists exactly the sessions verify accepts, newest first, tenant-scoped', async () => {
    const u = await t.createUser();
    const first = await open(u);
    const idle = await open(u);
    await age(idle.id, "last_seen_at = now() - interval '31 minutes'");
    const revoked = await open(u);
    await store.revoke(revoked.id);
    const expired = await open(u);
    await age(expired.id, "expires_at = now() - interval '1 second'");
    const last = await open(u, 'Google');
    await age(first.id, "created_at = now() - interval '1 minute'");
    const listed = await store.listLive(u.tenantId, u.id);
    expect(listed.map((s) => s.id)).toEqual([last.id, first.id]);
    expect(listed[0]).toMatchObject({ provider: 'Google', ip: '10.0.0.1', userAgent: 'vitest' });
    for (const s of [first, idle, revoked, expired, last])
      expect((await store.verify(s.id, u.id)) !== null).toBe(listed.some((l) => l.id === s.id));
    expect(await store.listLive(await t.createTenant('elsewhere'), u.id)).toEqual([]);
  });

  it('revoke ends a session once; with an owner only that user of that tenant', async () => {
    const u = await t.createUser();
    const s = await open(u, 'JamfAuth0');
    expect(await store.revoke(s.id, { userId: u.id, tenantId: await t.createTenant('other') })).toBeNull();
    expect(await store.revoke(s.id, { userId: user.id, tenantId: u.tenantId })).toBeNull();
    const ended = await store.revoke(s.id, { userId: u.id, tenantId: u.tenantId });
    expect(ended).toMatchObject({
      id: s.id,
      userId: u.id,
      tenantId: u.tenantId,
      provider: 'JamfAuth0',
      providerData: { issuer: 'https://idp.example' },
    });
    expect(await store.revoke(s.id)).toBeNull();
    expect(await store.verify(s.id, u.id)).toBeNull();
  });

  it('revokeAll ends every session of the user but the one kept', async () => {
    const u = await t.createUser();
    const keep = await open(u);
    const a = await open(u);
    const b = await open(u);
    expect(await store.revokeAll(u.id, keep.id)).toBe(2);
    expect(await store.verify(a.id, u.id)).toBeNull();
    expect(await store.verify(b.id, u.id)).toBeNull();
    expect(await store.verify(keep.id, u.id)).not.toBeNull();
    expect(await store.revokeAll(u.id)).toBe(1);
    expect(await store.listLive(u.tenantId, u.id)).toEqual([]);
  });
});
