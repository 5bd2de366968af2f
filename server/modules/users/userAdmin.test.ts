import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hashToken } from '../../services/secrets';
import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';

describe('user management', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let adminSession: string;
  let readerToken: string;
  let noPermToken: string;
  let other: TestUser;
  let otherToken: string;
  const ADMIN_PERMS = ['umg#usr#rw', 'gln#rpt#rw', 'gln#ext#r'];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ email: 'admin@tenant-a.example', permissions: ADMIN_PERMS });
    ({ token: adminToken, sessionId: adminSession } = await t.accessToken(admin));
    readerToken = (
      await t.accessToken(
        await t.createUser({ tenantId: admin.tenantId, email: 'reader@tenant-a.example', permissions: ['umg#usr#r'] }),
      )
    ).token;
    noPermToken = (
      await t.accessToken(
        await t.createUser({ tenantId: admin.tenantId, email: 'plain@tenant-a.example', permissions: ['gln#rpt#r'] }),
      )
    ).token;
    other = await t.createUser({
      tenantId: await t.createTenant('B'),
      email: 'admin@tenant-b.example',
      permissions: ['umg#usr#rw'],
    });
    otherToken = (await t.accessToken(other)).token;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const stillValid = async (token: string) => (await call('GET', '/um/environmentType', token)).statusCode === 200;

  describe('list and read', () => {
    it("lists only the tenant's users, paged and searchable, for any umg#usr# permission", async () => {
      const res = await call('GET', '/um/users?size=2', readerToken);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.total).toBe(3);
      expect(body.items.map((u: { email: string }) => u.email)).toEqual([
        'admin@tenant-a.example',
        'plain@tenant-a.example',
      ]);
      expect(body.items[0]).toMatchObject({
        id: admin.id,
        permissions: ADMIN_PERMS,
        status: 'active',
        disabled: false,
        totpEnabled: false,
      });
      // No secret leaves: 'password' may name an identity, never a hash.
      expect(JSON.stringify(body)).not.toMatch(/password_hash|passwordHash|\$argon2|secret/i);
      const page2 = (await call('GET', '/um/users?size=2&page=1', readerToken)).json();
      expect(page2.items.map((u: { email: string }) => u.email)).toEqual(['reader@tenant-a.example']);
      const search = (await call('GET', '/um/users?search=READ', adminToken)).json();
      expect(search).toMatchObject({ total: 1, items: [{ email: 'reader@tenant-a.example' }] });
      const otherList = (await call('GET', '/um/users', otherToken)).json();
      expect(otherList.items.map((u: { email: string }) => u.email)).toEqual(['admin@tenant-b.example']);
      expect((await call('GET', '/um/users?search=%25', adminToken)).json().total).toBe(0);
    });

    it("reads one user; another tenant's user is 404", async () => {
      expect((await call('GET', `/um/users/${admin.id}`, readerToken)).json().email).toBe('admin@tenant-a.example');
      const cross = await call('GET', `/um/users/${other.id}`, adminToken);
      expect(cross.statusCode).toBe(404);
      expect(cross.json().message).toBe('The user does not exist.');
      expect((await call('GET', '/um/users/not-a-uuid', adminToken)).statusCode).toBe(400);
    });

    it('refuses callers without a umg#usr# permission or token, and bad queries', async () => {
      expect((await call('GET', '/um/users', noPermToken)).statusCode).toBe(403);
      expect((await call('GET', '/um/users')).statusCode).toBe(401);
      expect((await call('GET', '/um/users', 'garbage')).statusCode).toBe(401);
      for (const q of ['size=0', 'size=500', 'page=-1', 'foo=1'])
        expect((await call('GET', `/um/users?${q}`, adminToken)).statusCode, q).toBe(400);
    });

    it('lets a full gluon admin read users (spec section 6) but not write', async () => {
      const gluonAdmin = await t.createUser({
        tenantId: admin.tenantId,
        permissions: ['gln#rpt#rw', 'gln#cfg#rw', 'gln#fl#rw'],
      });
      const token = (await t.accessToken(gluonAdmin)).token;
      expect((await call('GET', '/um/users', token)).statusCode).toBe(200);
      expect((await call('POST', `/um/users/${admin.id}/disable`, token)).statusCode).toBe(403);
      await t.db.query('DELETE FROM users WHERE id = $1', [gluonAdmin.id]);
    });
  });

  describe('invite', () => {
    it('creates an invited user and mails a single-use /invite/{token} link, stored hashed, 7 days', async () => {
      const res = await call('POST', '/um/users/invitations', adminToken, {
        email: 'New.Admin@Tenant-A.example',
        permissions: ['gln#rpt#rw'],
        allowedLoginMethods: ['Okta', 'password'],
      });
      expect(res.statusCode).toBe(201);
      const { user, invitationExpiresAt } = res.json();
      expect(user).toMatchObject({
        email: 'new.admin@tenant-a.example',
        status: 'invited',
        permissions: ['gln#rpt#rw'],
        allowedLoginMethods: ['Okta', 'password'],
      });
      const days = (new Date(invitationExpiresAt).getTime() - Date.now()) / 86400_000;
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);
      const mail = (await t.outbox()).at(-1)!;
      expect(mail.to_address).toBe('new.admin@tenant-a.example');
      const token = /http:\/\/127\.0\.0\.1:8080\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
      expect(token).toBeDefined();
      expect(Buffer.from(token!, 'base64url').length).toBeGreaterThanOrEqual(16);
      const [row] = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM invitations WHERE user_id = $1', [
        user.id,
      ]);
      expect(row!.token_hash).toBe(hashToken(token!));
      // The invite page (S1's public route) reads it.
      const invite = await call('GET', `/um/invite/${token}`);
      expect(invite.statusCode).toBe(200);
      expect(invite.json()).toMatchObject({
        username: 'new.admin@tenant-a.example',
        expired: false,
        allowedLoginMethods: ['Okta', 'password'],
      });
      const events = (await call('GET', '/um/auditEvents?action=user.invite', readerToken)).json();
      expect(events.items[0]).toMatchObject({
        action: 'user.invite',
        target: 'new.admin@tenant-a.example',
        actorEmail: 'admin@tenant-a.example',
      });
    });

    it('defaults the login methods to password; 409 for an existing user; validates input', async () => {
      const res = await call('POST', '/um/users/invitations', adminToken, {
        email: 'second@tenant-a.example',
        permissions: [],
      });
      expect(res.json().user.allowedLoginMethods).toEqual(['password']);
      const dup = await call('POST', '/um/users/invitations', adminToken, {
        email: 'reader@tenant-a.example',
        permissions: [],
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toEqual(expect.any(String));
      const bad: unknown[] = [
        { email: 'nope', permissions: [] },
        { permissions: [] },
        { email: 'x@y.example' },
        { email: 'x@y.example', permissions: ['admin'] },
        { email: 'x@y.example', permissions: [], allowedLoginMethods: ['Facebook'] },
        { email: 'x@y.example', permissions: [], allowedLoginMethods: [] },
        { email: 'x@y.example', permissions: [], role: 'root' },
      ];
      for (const payload of bad)
        expect(
          (await call('POST', '/um/users/invitations', adminToken, payload)).statusCode,
          JSON.stringify(payload),
        ).toBe(400);
    });

    it('needs umg#usr#rw and cannot grant permissions the caller lacks', async () => {
      expect(
        (await call('POST', '/um/users/invitations', readerToken, { email: 'r@tenant-a.example', permissions: [] }))
          .statusCode,
      ).toBe(403);
      const escalate = await call('POST', '/um/users/invitations', adminToken, {
        email: 'esc@tenant-a.example',
        permissions: ['mnt#rsc#w'],
      });
      expect(escalate.statusCode).toBe(403);
      expect(escalate.json().message).toContain('mnt#rsc#w');
      expect(await t.db.query("SELECT 1 FROM users WHERE email = 'esc@tenant-a.example'")).toHaveLength(0);
    });
  });

  describe('change, disable, reset, delete', () => {
    it("changes permissions, ends the user's sessions and keeps tenants apart", async () => {
      const u = await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#rpt#rw'] });
      const { token } = await t.accessToken(u);
      const res = await call('PUT', `/um/users/${u.id}/permissions`, adminToken, {
        permissions: ['gln#rpt#rw', 'umg#usr#rw'],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().permissions).toEqual(['gln#rpt#rw', 'umg#usr#rw']);
      expect(await stillValid(token)).toBe(false);
      expect((await call('PUT', `/um/users/${other.id}/permissions`, adminToken, { permissions: [] })).statusCode).toBe(
        404,
      );
      expect(
        (await call('PUT', `/um/users/${u.id}/permissions`, adminToken, { permissions: ['mnt#rsc#w'] })).statusCode,
      ).toBe(403);
      expect(
        (await call('PUT', `/um/users/${u.id}/permissions`, adminToken, { permissions: 'umg#usr#rw' })).statusCode,
      ).toBe(400);
      expect((await call('PUT', `/um/users/${u.id}/permissions`, readerToken, { permissions: [] })).statusCode).toBe(
        403,
      );
      const self = await call('PUT', `/um/users/${admin.id}/permissions`, adminToken, { permissions: ['gln#rpt#rw'] });
      expect(self.statusCode).toBe(400);
      expect(await stillValid(adminToken)).toBe(true);
    });

    it('disables (ending every session at once) and enables a user', async () => {
      const u = await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#rpt#r'] });
      const { token } = await t.accessToken(u);
      expect(await stillValid(token)).toBe(true);
      const off = await call('POST', `/um/users/${u.id}/disable`, adminToken);
      expect(off.statusCode).toBe(200);
      expect(off.json().disabled).toBe(true);
      expect(await stillValid(token)).toBe(false);
      const login = await t.app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username: u.email, password: u.password },
      });
      expect(login.statusCode).toBeGreaterThanOrEqual(400);
      const on = await call('POST', `/um/users/${u.id}/enable`, adminToken);
      expect(on.json().disabled).toBe(false);
      expect((await t.login(u.email, u.password)).token).toEqual(expect.any(String));
      const self = await call('POST', `/um/users/${admin.id}/disable`, adminToken);
      expect(self.statusCode).toBe(400);
      expect(self.json().message).toBe('You cannot disable your own account.');
      expect((await call('POST', `/um/users/${other.id}/disable`, adminToken)).statusCode).toBe(404);
      expect(await stillValid(otherToken)).toBe(true);
    });

    it('enabling a hard-locked account clears its lockout counters', async () => {
      const u = await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#rpt#r'] });
      await t.db.query(
        'UPDATE users SET failed_logins = 100, failed_mfa = 7, last_failed_login_at = now() WHERE id = $1',
        [u.id],
      );
      const locked = await t.app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username: u.email, password: u.password },
      });
      expect(locked.statusCode).toBe(429);
      expect((await call('POST', `/um/users/${u.id}/enable`, adminToken)).statusCode).toBe(200);
      const [row] = await t.db.query<{ failed_logins: number; failed_mfa: number }>(
        'SELECT failed_logins, failed_mfa FROM users WHERE id = $1',
        [u.id],
      );
      expect(row).toEqual({ failed_logins: 0, failed_mfa: 0 });
      expect((await t.login(u.email, u.password)).token).toEqual(expect.any(String));
    });

    it('resets MFA: secret, recovery codes and remembered devices go', async () => {
      const u = await t.createUser({ tenantId: admin.tenantId, totp: true, permissions: ['gln#rpt#r'] });
      await t.db.query("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, 'h1')", [u.id]);
      await t.db.query(
        "INSERT INTO remembered_devices (user_id, token_hash, expires_at) VALUES ($1, 'd1', now() + interval '1 day')",
        [u.id],
      );
      const res = await call('DELETE', `/um/users/${u.id}/mfa`, adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json().totpEnabled).toBe(false);
      const [row] = await t.db.query<{ totp_secret: string | null; codes: string; devices: string }>(
        `SELECT totp_secret, (SELECT count(*) FROM recovery_codes WHERE user_id = $1) AS codes,
                (SELECT count(*) FROM remembered_devices WHERE user_id = $1) AS devices FROM users WHERE id = $1`,
        [u.id],
      );
      expect(row).toMatchObject({ totp_secret: null });
      expect(Number(row!.codes) + Number(row!.devices)).toBe(0);
      // Signing in now needs the password only.
      const login = await t.login(u.email, u.password);
      expect(JSON.parse(Buffer.from(login.token.split('.')[1]!, 'base64url').toString()).typ).toBe('access');
      expect((await call('DELETE', `/um/users/${other.id}/mfa`, adminToken)).statusCode).toBe(404);
      expect((await call('DELETE', `/um/users/${u.id}/mfa`, readerToken)).statusCode).toBe(403);
    });

    it("deletes a user of the tenant, never oneself or another tenant's", async () => {
      const u = await t.createUser({ tenantId: admin.tenantId, permissions: [] });
      const { token } = await t.accessToken(u);
      expect((await call('DELETE', `/um/users/${u.id}`, readerToken)).statusCode).toBe(403);
      expect((await call('DELETE', `/um/users/${u.id}`, adminToken)).statusCode).toBe(204);
      expect((await call('GET', `/um/users/${u.id}`, adminToken)).statusCode).toBe(404);
      expect(await stillValid(token)).toBe(false);
      expect((await call('DELETE', `/um/users/${u.id}`, adminToken)).statusCode).toBe(404);
      expect((await call('DELETE', `/um/users/${admin.id}`, adminToken)).statusCode).toBe(400);
      expect((await call('DELETE', `/um/users/${other.id}`, adminToken)).statusCode).toBe(404);
      expect((await call('GET', `/um/users/${other.id}`, otherToken)).statusCode).toBe(200);
    });
  });

  describe('sessions and audit log', () => {
    it("lists a user's live sessions and revokes one or all", async () => {
      const u = await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#rpt#r'] });
      const s1 = await t.accessToken(u);
      const s2 = await t.accessToken(u);
      const s3 = await t.accessToken(u);
      const list = await call('GET', `/um/users/${u.id}/sessions`, readerToken);
      expect(list.statusCode).toBe(200);
      expect(
        list
          .json()
          .items.map((s: { id: string }) => s.id)
          .sort(),
      ).toEqual([s1.sessionId, s2.sessionId, s3.sessionId].sort());
      expect((await call('DELETE', `/um/users/${u.id}/sessions/${s1.sessionId}`, adminToken)).statusCode).toBe(204);
      expect(await stillValid(s1.token)).toBe(false);
      // The audit row's target is the user's id; the log names it by e-mail.
      const [revoked] = (await call('GET', '/um/auditEvents?action=user.sessionRevoke&size=1', readerToken)).json()
        .items;
      expect(revoked).toMatchObject({ target: u.id, targetName: u.email });
      // A target that names nothing of the tenant (an e-mail already) has no name.
      const [invited] = (await call('GET', '/um/auditEvents?action=user.invite&size=1', readerToken)).json().items;
      expect(invited.targetName).toBeNull();
      expect(await stillValid(s2.token)).toBe(true);
      expect((await call('DELETE', `/um/users/${u.id}/sessions/${s1.sessionId}`, adminToken)).statusCode).toBe(404);
      expect((await call('DELETE', `/um/users/${u.id}/sessions/${s2.sessionId}`, readerToken)).statusCode).toBe(403);
      const all = await call('DELETE', `/um/users/${u.id}/sessions`, adminToken);
      expect(all.json()).toEqual({ revoked: 2 });
      expect(await stillValid(s3.token)).toBe(false);
      expect((await call('GET', `/um/users/${u.id}/sessions`, adminToken)).json().items).toEqual([]);
      // Another tenant's user and session are invisible.
      const os = await t.accessToken(other);
      expect((await call('GET', `/um/users/${other.id}/sessions`, adminToken)).statusCode).toBe(404);
      expect((await call('DELETE', `/um/users/${other.id}/sessions/${os.sessionId}`, adminToken)).statusCode).toBe(404);
      expect((await call('DELETE', `/um/users/${u.id}/sessions/${os.sessionId}`, adminToken)).statusCode).toBe(404);
      expect(await stillValid(os.token)).toBe(true);
    });

    it('names a collector link and an upload by their names; a session id stays unnamed', async () => {
      const [link] = await t.db.query<{ id: string }>(
        `INSERT INTO collector_links (tenant_id, token_hash, name) VALUES ($1, 'audit-name-test', 'Field kit A') RETURNING id`,
        [admin.tenantId],
      );
      const [upload] = await t.db.query<{ id: string }>(
        `INSERT INTO gluon_inspections (tenant_id, origin, file_name) VALUES ($1, 'upload', 'sysdiagnose_2026.tar.gz') RETURNING id`,
        [admin.tenantId],
      );
      const session = '7f2da778-3404-4277-aae4-916bcc9e43ae';
      await t.db.query(
        `INSERT INTO audit_events (tenant_id, actor_id, action, target)
         VALUES ($1, $2, 'test.name.link', $3), ($1, $2, 'test.name.upload', $4), ($1, $2, 'test.name.session', $5)`,
        [admin.tenantId, admin.id, link!.id, upload!.id, session],
      );
      const items = (await call('GET', '/um/auditEvents?action=test.name.', readerToken)).json().items as {
        action: string;
        target: string;
        targetName: string | null;
      }[];
      expect(Object.fromEntries(items.map((e) => [e.action, [e.target, e.targetName]]))).toEqual({
        'test.name.link': [link!.id, 'Field kit A'],
        'test.name.upload': [upload!.id, 'sysdiagnose_2026.tar.gz'],
        'test.name.session': [session, null],
      });
      // Another tenant's log does not name them (nor list them).
      expect((await call('GET', '/um/auditEvents?action=test.name.', otherToken)).json().items).toEqual([]);
    });

    it("marks the caller's own session and keeps it when revoking all of one's own", async () => {
      const mine = (await call('GET', `/um/users/${admin.id}/sessions`, adminToken)).json().items;
      expect(mine.find((s: { current: boolean }) => s.current).id).toBe(adminSession);
      await call('DELETE', `/um/users/${admin.id}/sessions`, adminToken);
      expect(await stillValid(adminToken)).toBe(true);
    });

    it('reads the audit log of the tenant only, newest first, paged', async () => {
      const res = await call('GET', '/um/auditEvents?size=100', readerToken);
      expect(res.statusCode).toBe(200);
      const actions = res.json().items.map((e: { action: string }) => e.action);
      for (const a of [
        'user.invite',
        'user.permissions',
        'user.disable',
        'user.enable',
        'user.mfaReset',
        'user.delete',
        'user.sessionRevoke',
        'user.sessionsRevoke',
      ]) {
        expect(actions).toContain(a);
      }
      const times = res.json().items.map((e: { createdAt: string }) => Date.parse(e.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const paged = (await call('GET', '/um/auditEvents?size=1&page=1&action=user.', readerToken)).json();
      expect(paged.items).toHaveLength(1);
      expect(paged.total).toBeGreaterThan(5);
      expect(
        (await call('GET', '/um/auditEvents', otherToken))
          .json()
          .items.every((e: { action: string }) => !e.action.startsWith('user.')),
      ).toBe(true);
      expect((await call('GET', '/um/auditEvents', noPermToken)).statusCode).toBe(403);
      expect((await call('GET', '/um/auditEvents?size=x', adminToken)).statusCode).toBe(400);
    });
  });
});
