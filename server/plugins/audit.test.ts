import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';

/** Sign-in does not wait for its audit row, and no row is lost. */
describe('queued audit writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const actions = async (actorId: string) =>
    (
      await t.db.query<{ action: string; ip: string }>(
        'SELECT action, ip FROM audit_events WHERE actor_id = $1 ORDER BY created_at',
        [actorId],
      )
    ).map((r) => `${r.action}@${r.ip}`);

  it('a sign-in and a failed one are written after the answer, together', async () => {
    const user = await t.createUser();
    const [bad, ok] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username: user.email, password: 'wrong password' },
        remoteAddress: '10.30.0.1',
      }),
      t.app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username: user.email, password: user.password },
        remoteAddress: '10.30.0.2',
      }),
    ]);
    expect([bad.statusCode, ok.statusCode]).toEqual([401, 200]);
    await t.app.auditQueue.drain();
    expect((await actions(user.id)).sort()).toEqual(['login.failed@10.30.0.1', 'login@10.30.0.2']);
  });

  it('events still queued when the app closes are written before the database closes', async () => {
    const other = await createTestApp({ overrides: { db: t.db, keepDbOpen: true } });
    const user = await t.createUser();
    const writes = Array.from({ length: 30 }, (_, i) =>
      other.app.audit({ tenantId: user.tenantId, actorId: user.id, action: `queued.${i}`, ip: '10.30.1.1' }),
    );
    await other.close();
    expect(await actions(user.id)).toHaveLength(30);
    await Promise.all(writes);
  });

  it('a failing write is logged and settles; the next batch is written', async () => {
    const user = await t.createUser();
    // A tenant that does not exist breaks the foreign key: that batch fails, nothing throws.
    await t.app.audit({
      tenantId: '00000000-0000-4000-8000-00000000dead',
      actorId: user.id,
      action: 'broken',
      ip: null,
    });
    await t.app.audit({ tenantId: user.tenantId, actorId: user.id, action: 'after', ip: '10.30.2.1' });
    expect(await actions(user.id)).toEqual(['after@10.30.2.1']);
  });
});
