import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ALL_PERMISSIONS } from '../../services/users';
import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';

/** The calls the admin console added: grants by mode, sorting, invitation links, own sessions, audit filters and CSV. */
describe('admin console calls', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let readerToken: string;
  let reader: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({
      email: 'boss@tenant-c.example',
      permissions: ['umg#usr#rw', 'gln#rpt#rw', 'mnt#rsc#w'],
    });
    adminToken = (await t.accessToken(admin)).token;
    reader = await t.createUser({
      tenantId: admin.tenantId,
      email: 'viewer@tenant-c.example',
      permissions: ['umg#usr#r'],
    });
    readerToken = (await t.accessToken(reader)).token;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('grants by mode: rw covers r, w and rw; r or w alone do not cover rw; other resources stay refused', async () => {
    const ok = await call('POST', '/um/users/invitations', adminToken, {
      email: 'modes@tenant-c.example',
      permissions: ['umg#usr#r', 'umg#usr#w', 'gln#rpt#r', 'mnt#rsc#w'],
    });
    expect(ok.statusCode).toBe(201);
    const id = ok.json().user.id;
    const refused = await call('PUT', `/um/users/${id}/permissions`, adminToken, {
      permissions: ['mnt#rsc#rw', 'gln#cfg#r'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You cannot grant permissions you do not hold: Monitoring administration: View and change (mnt#rsc#rw); Rule sets and inspection settings: View (gln#cfg#r)',
    );
    expect(
      (await call('PUT', `/um/users/${id}/permissions`, adminToken, { permissions: ['gln#rpt#w'] })).json().permissions,
    ).toEqual(['gln#rpt#w']);
  });

  it('the first administrator holds every declared permission, basic uploader included', () => {
    for (const p of ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r', 'umg#usr#rw', 'mnt#rsc#w'])
      expect(ALL_PERMISSIONS).toContain(p);
  });

  it('GET /um/permissions answers the catalogue to readers only', async () => {
    const res = await call('GET', '/um/permissions', readerToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([...ALL_PERMISSIONS]);
    const nobody = (await t.accessToken(await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#rpt#r'] })))
      .token;
    expect((await call('GET', '/um/permissions', nobody)).statusCode).toBe(403);
  });

  it('sorts users by a column and direction, never-signed-in last; reports the lock and the identities (password first)', async () => {
    await t.db.query("UPDATE users SET last_login_at = now() - interval '1 day' WHERE id = $1", [reader.id]);
    await t.db.query('UPDATE users SET last_login_at = now() WHERE id = $1', [admin.id]);
    await t.db.query('UPDATE users SET failed_logins = 100 WHERE id = $1', [reader.id]);
    await t.db.query("INSERT INTO user_identities (user_id, provider, subject) VALUES ($1, 'Okta', 'sub-1')", [
      reader.id,
    ]);
    const desc = (await call('GET', '/um/users?sort=lastLoginAt&order=desc&size=200', readerToken)).json().items;
    expect(desc.slice(0, 2).map((u: { email: string }) => u.email)).toEqual([
      'boss@tenant-c.example',
      'viewer@tenant-c.example',
    ]);
    expect(desc.at(-1).lastLoginAt).toBeNull();
    const asc = (await call('GET', '/um/users?sort=lastLoginAt&order=asc&size=200', readerToken)).json().items;
    expect(asc[0].email).toBe('viewer@tenant-c.example');
    expect(asc.at(-1).lastLoginAt).toBeNull();
    const viewer = (await call('GET', `/um/users/${reader.id}`, adminToken)).json();
    expect(viewer).toMatchObject({ locked: true, identities: ['password', 'Okta'] });
    expect((await call('POST', `/um/users/${reader.id}/enable`, adminToken)).json().locked).toBe(false);
    const byStatus = (await call('GET', '/um/users?sort=status&size=200', adminToken)).json().items;
    expect(byStatus[0].status).toBe('invited');
    expect((await call('GET', '/um/users?sort=password', adminToken)).statusCode).toBe(400);
  });

  it('answers the invitation link; resend replaces it; revoke removes the invited user; both 409 once accepted', async () => {
    const first = (
      await call('POST', '/um/users/invitations', adminToken, {
        email: 'later@tenant-c.example',
        permissions: ['gln#rpt#r'],
      })
    ).json();
    expect(first.invitationUrl).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);
    const firstToken = first.invitationUrl.split('/invite/')[1];
    const resent = await call('POST', `/um/users/${first.user.id}/invitation`, adminToken);
    expect(resent.statusCode).toBe(201);
    expect(resent.json().invitationUrl).not.toBe(first.invitationUrl);
    expect((await t.app.inject({ method: 'GET', url: `/um/invite/${firstToken}` })).json().expired).toBe(true);
    const mails = (await t.outbox()).filter((m) => m.to_address === 'later@tenant-c.example');
    expect(mails).toHaveLength(2);
    expect((await call('POST', `/um/users/${first.user.id}/invitation`, readerToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/um/users/${first.user.id}/invitation`, adminToken)).statusCode).toBe(204);
    expect((await call('GET', `/um/users/${first.user.id}`, adminToken)).statusCode).toBe(404);
    const active = await call('POST', `/um/users/${reader.id}/invitation`, adminToken);
    expect(active.statusCode).toBe(409);
    expect((await call('DELETE', `/um/users/${reader.id}/invitation`, adminToken)).statusCode).toBe(409);
  });

  it("a reader ends their own sessions but not anyone else's", async () => {
    const extra = await t.accessToken(reader);
    expect((await call('DELETE', `/um/users/${reader.id}/sessions/${extra.sessionId}`, readerToken)).statusCode).toBe(
      204,
    );
    expect((await call('DELETE', `/um/users/${admin.id}/sessions`, readerToken)).statusCode).toBe(403);
    expect((await call('DELETE', `/um/users/${reader.id}/sessions`, readerToken)).json()).toEqual({ revoked: 0 });
  });

  it('filters the audit log by actor, action and date range and exports it as CSV', async () => {
    const all = (await call('GET', '/um/auditEvents?size=200', readerToken)).json();
    expect(all.total).toBeGreaterThan(3);
    const byActor = (await call('GET', '/um/auditEvents?size=200&actor=VIEWER', readerToken)).json();
    expect(byActor.items.length).toBeGreaterThan(0);
    expect(byActor.items.every((e: { actorEmail: string }) => e.actorEmail === 'viewer@tenant-c.example')).toBe(true);
    const invites = (await call('GET', '/um/auditEvents?size=200&action=user.invite', readerToken)).json();
    expect(new Set(invites.items.map((e: { action: string }) => e.action))).toEqual(
      new Set(['user.invite', 'user.inviteResend', 'user.inviteRevoke']),
    );
    const future = new Date(Date.now() + 3600_000).toISOString();
    expect((await call('GET', `/um/auditEvents?from=${encodeURIComponent(future)}`, readerToken)).json().total).toBe(0);
    const past = new Date(Date.now() - 3600_000).toISOString();
    expect(
      (
        await call(
          'GET',
          `/um/auditEvents?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`,
          readerToken,
        )
      ).json().total,
    ).toBe(all.total);
    const backwards = await call(
      'GET',
      `/um/auditEvents?from=${encodeURIComponent(future)}&to=${encodeURIComponent(past)}`,
      readerToken,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('The start of the date range must be before its end.');

    const csv = await call('GET', '/um/auditEvents/export?action=user.invite', readerToken);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,action,actor,target,ip,details');
    expect(lines).toHaveLength(invites.total + 1);
    expect(lines[1]).toContain('"boss@tenant-c.example"');
    expect((await call('GET', '/um/auditEvents/export', 'garbage')).statusCode).toBe(401);
  });
});
