import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';

/** The tenant's time zone: UTC by default, set by a user administrator, audited, named in mails. */
describe('/um/tenantTimeZone', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let analyst: { authorization: string };
  let tenantId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.createUser({ permissions: ['umg#usr#rw'] });
    tenantId = user.tenantId;
    admin = { authorization: `Bearer ${(await t.accessToken(user)).token}` };
    const other = await t.createUser({ tenantId, permissions: ['gln#rpt#rw'] });
    analyst = { authorization: `Bearer ${(await t.accessToken(other)).token}` };
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/um/tenantTimeZone', headers });
  const put = (payload: unknown, headers = admin) =>
    t.app.inject({ method: 'PUT', url: '/um/tenantTimeZone', headers, payload: payload as object });

  it('is UTC until an administrator chooses', async () => {
    const res = await get(analyst);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ offset: 0, name: 'UTC' });
  });

  it('is set by a user administrator, audited, and read by every user of the tenant', async () => {
    const res = await put({ offset: 5.5, name: 'IST' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(analyst)).json()).toEqual({ offset: 5.5, name: 'IST' });
    const [audit] = await t.db.query<{ details: unknown }>(
      "SELECT details FROM audit_events WHERE action = 'tenant.timeZone' AND tenant_id = $1",
      [tenantId],
    );
    const details = typeof audit!.details === 'string' ? JSON.parse(audit!.details) : audit!.details;
    expect(details).toEqual({ from: { offset: 0, name: 'UTC' }, to: { offset: 5.5, name: 'IST' } });
  });

  it('refuses a user who may not administer users (403) and a zone that is not one (400)', async () => {
    expect((await put({ offset: 1, name: 'CET' }, analyst)).statusCode).toBe(403);
    for (const bad of [
      { offset: 15, name: 'X' },
      { offset: 5.3, name: 'X' },
      { offset: 0, name: '' },
      { offset: 0, name: '<b>UTC</b>' },
      { offset: 0 },
    ])
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await get(admin)).json()).toEqual({ offset: 5.5, name: 'IST' });
  });
});
