import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';
import { rotateScimToken } from './scimTokens';

const SCIM = 'application/scim+json';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('SCIM provisioning as Okta and Entra ID drive it', () => {
  let t: TestApp;
  /** A second instance on the same database: what another process of the deployment sees. */
  let other: TestApp;
  let tenantId: string;
  let admin: TestUser;
  let scimToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    other = await createTestApp({ overrides: { db: t.db, keepDbOpen: true } });
    tenantId = await t.createTenant('Directory customer');
    admin = await t.createUser({ tenantId, permissions: ['umg#usr#rw'] });
    scimToken = (await rotateScimToken(t.db, tenantId, admin.id)).token;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const scim = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = scimToken,
  ) =>
    t.app.inject({
      method,
      url: `/scim/v2${url}`,
      headers: { ...bearer(token), ...(payload === undefined ? {} : { 'content-type': SCIM }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
  const createUser = async (userName: string, extra: Record<string, unknown> = {}) => {
    const res = await scim('POST', '/Users', {
      schemas: [USER],
      userName,
      active: true,
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      emails: [{ primary: true, type: 'work', value: userName }],
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; userName: string; active: boolean };
  };
  const consoleUser = async (email: string) =>
    (
      await t.db.query<{ id: string; disabled: boolean; permissions: string[]; tenant_id: string }>(
        'SELECT id, disabled, permissions, tenant_id FROM users WHERE email = $1',
        [email],
      )
    )[0];
  const signedIn = async (email: string) => {
    const row = (await consoleUser(email))!;
    const user: TestUser = {
      id: row.id,
      tenantId,
      email,
      password: '',
      permissions: row.permissions,
      totpSecret: null,
    };
    return t.accessToken(user);
  };

  it('Okta: creates the user with application/scim+json and answers in it, with a console account of that e-mail', async () => {
    const created = await createUser('okta.user@customer.example');
    expect(created.active).toBe(true);
    const res = await scim('GET', `/Users/${created.id}`);
    expect(res.headers['content-type']).toContain(SCIM);
    const account = await consoleUser('okta.user@customer.example');
    expect(account).toMatchObject({ tenant_id: tenantId, disabled: false, permissions: [] });
  });

  it('Okta: looks the user up by userName eq (any case) before creating, and a second create is a 409 uniqueness', async () => {
    await createUser('lookup@customer.example');
    const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "LOOKUP@customer.example"')}`);
    expect(found.json()).toMatchObject({ totalResults: 1, Resources: [{ userName: 'lookup@customer.example' }] });
    const again = await scim('POST', '/Users', { schemas: [USER], userName: 'Lookup@customer.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '409',
      scimType: 'uniqueness',
      detail: "A user with userName 'Lookup@customer.example' already exists.",
    });
  });

  it('Okta: deactivates with PATCH active:false (never DELETE): sessions and refresh end at once on another instance', async () => {
    const created = await createUser('leaver@customer.example');
    const session = await signedIn('leaver@customer.example');
    // The session works on both instances before…
    expect((await other.app.inject({ url: '/um/refresh', headers: bearer(session.token) })).statusCode).toBe(200);
    const res = await scim('PATCH', `/Users/${created.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(res.statusCode, res.body).toBe(204);
    // …and on neither after: the second instance was told nothing, the database is the truth.
    expect((await other.app.inject({ url: '/um/refresh', headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/um/refresh', headers: bearer(session.token) })).statusCode).toBe(401);
    expect((await consoleUser('leaver@customer.example'))!.disabled).toBe(true);
    const revoked = await t.db.query('SELECT 1 FROM sessions WHERE id = $1 AND revoked_at IS NOT NULL', [
      session.sessionId,
    ]);
    expect(revoked).toHaveLength(1);
    expect((await scim('GET', `/Users/${created.id}`)).json()).toMatchObject({ active: false });
    const audit = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE tenant_id = $1 AND target = 'leaver@customer.example' ORDER BY created_at",
      [tenantId],
    );
    expect(audit.map((a) => a.action)).toContain('scim.userDeactivate');
  });

  it('Okta: reactivates with PUT active:true (the whole user), and the account may sign in again', async () => {
    const created = await createUser('returner@customer.example');
    await scim('PATCH', `/Users/${created.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    const res = await scim('PUT', `/Users/${created.id}`, {
      schemas: [USER],
      userName: 'returner@customer.example',
      active: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await consoleUser('returner@customer.example'))!.disabled).toBe(false);
    const session = await signedIn('returner@customer.example');
    expect((await other.app.inject({ url: '/um/refresh', headers: bearer(session.token) })).statusCode).toBe(200);
  });

  it('Entra: capitalised Add/Replace/Remove, path filters on emails and the enterprise extension', async () => {
    const created = await createUser('entra.user@customer.example');
    const res = await scim('PATCH', `/Users/${created.id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'entra.new@customer.example' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+41 79 000 00 00' },
        { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Security' },
        { op: 'Replace', path: 'name.givenName', value: 'Grace' },
        { op: 'Remove', path: 'name.familyName' },
      ],
    });
    expect(res.statusCode, res.body).toBe(204);
    const user = (await scim('GET', `/Users/${created.id}`)).json();
    expect(user.emails).toEqual([{ primary: true, type: 'work', value: 'entra.new@customer.example' }]);
    expect(user.phoneNumbers).toEqual([{ type: 'mobile', value: '+41 79 000 00 00' }]);
    expect(user[ENTERPRISE]).toEqual({ department: 'Security' });
    expect(user.schemas).toEqual([USER, ENTERPRISE]);
    expect(user.name).toEqual({ givenName: 'Grace' });
  });

  it('Entra: renames the userName; the console e-mail follows', async () => {
    const created = await createUser('before.rename@customer.example');
    const res = await scim('PATCH', `/Users/${created.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Replace', path: 'userName', value: 'after.rename@customer.example' }],
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await consoleUser('before.rename@customer.example')).toBeUndefined();
    expect(await consoleUser('after.rename@customer.example')).toBeDefined();
  });

  it('Groups named after a preset grant it; Entra removes members with a value list and reads groups without members', async () => {
    const a = await createUser('member.a@customer.example');
    const b = await createUser('member.b@customer.example');
    const created = await scim('POST', '/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      displayName: 'Inspection admin',
      members: [{ value: a.id }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const groupId = created.json().id as string;
    expect((await consoleUser('member.a@customer.example'))!.permissions).toEqual([
      'gln#cfg#rw',
      'gln#fl#rw',
      'gln#rpt#rw',
    ]);
    await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: b.id }] }],
    });
    expect((await consoleUser('member.b@customer.example'))!.permissions).toHaveLength(3);
    const lean = (await scim('GET', `/Groups/${groupId}?excludedAttributes=members`)).json();
    expect(lean).not.toHaveProperty('members');
    expect(lean.displayName).toBe('Inspection admin');
    const removed = await scim('PATCH', `/Groups/${groupId}`, {
      schemas: [PATCH],
      Operations: [{ op: 'Remove', path: 'members', value: [{ value: a.id }] }],
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await consoleUser('member.a@customer.example'))!.permissions).toEqual([]);
    const full = (await scim('GET', `/Groups/${groupId}`)).json();
    expect(full.members.map((m: { value: string }) => m.value)).toEqual([b.id]);
    expect((await scim('DELETE', `/Groups/${groupId}`)).statusCode).toBe(204);
    expect((await consoleUser('member.b@customer.example'))!.permissions).toEqual([]);
  });

  it('filters with and, co, sw and pages with startIndex/count', async () => {
    for (const n of [1, 2, 3]) await createUser(`pager${n}@paging.example`, { displayName: `Pager ${n}` });
    const filter = encodeURIComponent('userName sw "pager" and emails.value co "@paging."');
    const first = (await scim('GET', `/Users?filter=${filter}&startIndex=1&count=2`)).json();
    expect(first).toMatchObject({ totalResults: 3, startIndex: 1, itemsPerPage: 2 });
    const second = (await scim('GET', `/Users?filter=${filter}&startIndex=3&count=2`)).json();
    expect(second.Resources.map((r: { userName: string }) => r.userName)).toEqual(['pager3@paging.example']);
    const none = (await scim('GET', `/Users?filter=${encodeURIComponent('displayName eq "Pager 9"')}`)).json();
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
  });

  it('refuses a filter it cannot parse in the error schema (invalidFilter, status as a string)', async () => {
    const res = await scim('GET', `/Users?filter=${encodeURIComponent('userName zz "x"')}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain(SCIM);
    expect(res.json()).toMatchObject({ status: '400', scimType: 'invalidFilter' });
  });

  it('DELETE deprovisions: the console account and its sessions go', async () => {
    const created = await createUser('deleted@customer.example');
    const session = await signedIn('deleted@customer.example');
    expect((await scim('DELETE', `/Users/${created.id}`)).statusCode).toBe(204);
    expect((await other.app.inject({ url: '/um/refresh', headers: bearer(session.token) })).statusCode).toBe(401);
    expect(await consoleUser('deleted@customer.example')).toBeUndefined();
    expect((await scim('GET', `/Users/${created.id}`)).json()).toMatchObject({ status: '404' });
  });

  it('adopts an account invited before the directory was connected, refuses an address of another tenant', async () => {
    const invited = await t.createUser({
      tenantId,
      email: 'already.here@customer.example',
      permissions: ['gln#rpt#r'],
    });
    const adopted = await createUser('already.here@customer.example');
    expect((await consoleUser('already.here@customer.example'))!.id).toBe(invited.id);
    expect(adopted.userName).toBe('already.here@customer.example');
    await t.createUser({ tenantId: await t.createTenant('Elsewhere'), email: 'elsewhere@other.example' });
    const clash = await scim('POST', '/Users', { schemas: [USER], userName: 'elsewhere@other.example' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ scimType: 'uniqueness' });
  });
});

describe('SCIM tokens: one per tenant, from Administration, shown once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('isolates tenants: a token sees and changes only its own tenant', async () => {
    const a = await t.createTenant('A');
    const b = await t.createTenant('B');
    const adminA = await t.createUser({ tenantId: a, permissions: ['umg#usr#rw'] });
    const adminB = await t.createUser({ tenantId: b, permissions: ['umg#usr#rw'] });
    const tokenA = (await rotateScimToken(t.db, a, adminA.id)).token;
    const tokenB = (await rotateScimToken(t.db, b, adminB.id)).token;
    const created = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: bearer(tokenA),
      payload: { schemas: [USER], userName: 'only.a@a.example' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const fromB = await t.app.inject({ url: `/scim/v2/Users/${id}`, headers: bearer(tokenB) });
    expect(fromB.statusCode).toBe(404);
    const deleteFromB = await t.app.inject({ method: 'DELETE', url: `/scim/v2/Users/${id}`, headers: bearer(tokenB) });
    expect(deleteFromB.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/scim/v2/Users', headers: bearer(tokenB) })).json()).toMatchObject({
      totalResults: 0,
    });
    expect((await t.app.inject({ url: `/scim/v2/Users/${id}`, headers: bearer(tokenA) })).statusCode).toBe(200);
  });

  it('answers 401 in the error schema without a token, with a wrong one, or with a console access token', async () => {
    const admin = await t.createUser({ permissions: ['umg#usr#rw'] });
    const access = (await t.accessToken(admin)).token;
    for (const headers of [{}, bearer('scim_wrong'), bearer(access)]) {
      const res = await t.app.inject({ url: '/scim/v2/Users', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '401' });
    }
  });

  it('creates, shows the status without the token, rotates (the old token stops) and revokes; every step audited', async () => {
    const admin = await t.createUser({ tenantId: await t.createTenant('Rotating'), permissions: ['umg#usr#rw'] });
    const auth = bearer((await t.accessToken(admin)).token);
    expect((await t.app.inject({ url: '/um/scim/token', headers: auth })).json()).toMatchObject({ configured: false });
    const first = await t.app.inject({ method: 'POST', url: '/um/scim/token', headers: auth });
    expect(first.statusCode, first.body).toBe(200);
    const token1 = first.json().token as string;
    expect(first.json().baseUrl).toBe('http://127.0.0.1:8080/scim/v2');
    expect((await t.app.inject({ url: '/scim/v2/Users', headers: bearer(token1) })).statusCode).toBe(200);
    const status = await t.app.inject({ url: '/um/scim/token', headers: auth });
    expect(status.json()).toMatchObject({ configured: true });
    expect(status.body).not.toContain(token1);
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM scim_tokens WHERE tenant_id = $1', [
      admin.tenantId,
    ]);
    expect(stored[0]!.token_hash).not.toContain(token1);
    const token2 = (await t.app.inject({ method: 'POST', url: '/um/scim/token', headers: auth })).json()
      .token as string;
    expect((await t.app.inject({ url: '/scim/v2/Users', headers: bearer(token1) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/scim/v2/Users', headers: bearer(token2) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/um/scim/token', headers: auth })).json()).toEqual({
      revoked: true,
    });
    expect((await t.app.inject({ url: '/scim/v2/Users', headers: bearer(token2) })).statusCode).toBe(401);
    const actions = await t.db.query<{ action: string }>(
      'SELECT action FROM audit_events WHERE tenant_id = $1 ORDER BY created_at, action',
      [admin.tenantId],
    );
    expect(actions.map((a) => a.action)).toEqual(['scim.tokenCreate', 'scim.tokenRotate', 'scim.tokenRevoke']);
  });

  it('refuses the token routes to a user without user write', async () => {
    const reader = await t.createUser({ permissions: ['umg#usr#r'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/scim/token',
      headers: bearer((await t.accessToken(reader)).token),
    });
    expect(res.statusCode).toBe(403);
  });
});
