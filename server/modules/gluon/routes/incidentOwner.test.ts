import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';

/** An incident's owner: set, cleared, refused, audited, filtered (PGlite or PostgreSQL per TEST_DB). */
describe('PUT /gluon-backend/incidents/:id/owner', () => {
  let t: TestApp;
  let tenantId: string;
  let analyst: { id: string; email: string };
  let headers: { authorization: string };
  let readerHeaders: { authorization: string };
  let reader: { id: string; email: string };
  let uploader: { id: string };
  let disabled: { id: string };
  let stranger: { id: string };
  let incidentId: string;
  let otherIncidentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser();
    tenantId = admin.tenantId;
    analyst = admin;
    headers = { authorization: `Bearer ${(await t.accessToken(admin)).token}` };
    reader = await t.createUser({ tenantId, permissions: ['gln#rpt#r'] });
    readerHeaders = { authorization: `Bearer ${(await t.accessToken(reader as never)).token}` };
    uploader = await t.createUser({ tenantId, permissions: ['gln#upl#rw', 'gln#rpt#rw'] });
    disabled = await t.createUser({ tenantId, disabled: true });
    const other = await t.createTenant('Other');
    stranger = await t.createUser({ tenantId: other });
    const [device] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name) VALUES ($1, 'Alpha phone') RETURNING id",
      [tenantId],
    );
    const insert = async (family: string) =>
      (
        await t.db.query<{ id: string }>(
          'INSERT INTO gluon_incidents (tenant_id, device_id, family_id, family_name) VALUES ($1, $2, $3, $3) RETURNING id',
          [tenantId, device!.id, family],
        )
      )[0]!.id;
    incidentId = await insert('Pegasus');
    otherIncidentId = await insert('Predator');
  });
  afterAll(async () => {
    await t?.close();
  });

  const put = (userId: string | null, id = incidentId, h = headers) =>
    t.app.inject({ method: 'PUT', url: `/gluon-backend/incidents/${id}/owner`, headers: h, payload: { userId } });
  const queue = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/gluon-backend/incidents?${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Array<{ id: string; owner?: { id: string; email: string } | null }>; total: number };
  };

  it('has no owner at first, in the incident and the queue', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/gluon-backend/incidents/${incidentId}`, headers });
    expect(res.json()).toMatchObject({ owner: null });
    const page = await queue('state=all');
    expect(page.items.map((i) => i.owner)).toEqual([null, null]);
  });

  it('gives the incident to a user who can see incidents, audited, and shows it everywhere', async () => {
    const res = await put(reader.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: incidentId, owner: { id: reader.id, email: reader.email } });
    const page = await queue('state=all');
    expect(page.items.find((i) => i.id === incidentId)?.owner).toEqual({ id: reader.id, email: reader.email });
    const audit = await t.db.query<{ actor_id: string; target: string; details: unknown }>(
      "SELECT actor_id, target, details FROM audit_events WHERE action = 'gluon.incident.owner'",
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: analyst.id, target: incidentId });
    expect(typeof audit[0]!.details === 'string' ? JSON.parse(audit[0]!.details) : audit[0]!.details).toEqual({
      from: null,
      to: reader.email,
    });
  });

  it('filters the queue to the incidents assigned to the caller', async () => {
    expect((await queue('state=all&owner=me')).total).toBe(0);
    expect((await put(analyst.id, otherIncidentId)).statusCode).toBe(200);
    const mine = await queue('state=all&owner=me');
    expect(mine.items.map((i) => i.id)).toEqual([otherIncidentId]);
    expect(mine.total).toBe(1);
    // The reader's own "assigned to me" holds the other one.
    const res = await t.app.inject({
      method: 'GET',
      url: '/gluon-backend/incidents?state=all&owner=me',
      headers: readerHeaders,
    });
    expect((res.json() as { items: Array<{ id: string }> }).items.map((i) => i.id)).toEqual([incidentId]);
    const bad = await t.app.inject({ method: 'GET', url: '/gluon-backend/incidents?owner=someone', headers });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an uploader, a disabled user, another tenant’s user and an unknown id with 400', async () => {
    for (const userId of [uploader.id, disabled.id, stranger.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await put(userId);
      expect(res.statusCode, userId).toBe(400);
      expect(res.json().message).toBe('The owner must be an active user of this tenant who can see incidents.');
    }
    const res = await t.app.inject({ method: 'GET', url: `/gluon-backend/incidents/${incidentId}`, headers });
    expect(res.json().owner).toEqual({ id: reader.id, email: reader.email });
  });

  it('clears the owner, audited as such; setting the same owner again is not audited', async () => {
    expect((await put(analyst.id, otherIncidentId)).statusCode).toBe(200);
    const res = await put(null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().owner).toBeNull();
    const actions = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE action LIKE 'gluon.incident.owner%' ORDER BY created_at, id",
    );
    expect(actions.map((a) => a.action)).toEqual([
      'gluon.incident.owner',
      'gluon.incident.owner',
      'gluon.incident.ownerClear',
    ]);
  });

  it('puts each change of owner on the timeline with who made it, not a repeated one', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/gluon-backend/incidents/${incidentId}`, headers });
    const timeline = (
      res.json() as { timeline: Array<{ kind: string; comment: string | null; author: string | null }> }
    ).timeline;
    // Given to the reader (the same owner again and the refused ones added nothing), then to nobody.
    expect(timeline.filter((e) => e.kind === 'owner').map(({ comment, author }) => ({ comment, author }))).toEqual([
      { comment: reader.email, author: analyst.email },
      { comment: null, author: analyst.email },
    ]);
  });

  it('answers 404 for another tenant’s incident and 403 for a user who may not triage', async () => {
    const other = await t.createTenant('Third');
    const [device] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name) VALUES ($1, 'Theirs') RETURNING id",
      [other],
    );
    const [theirs] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_incidents (tenant_id, device_id, family_id, family_name) VALUES ($1, $2, 'x', 'X') RETURNING id",
      [other, device!.id],
    );
    expect((await put(analyst.id, theirs!.id)).statusCode).toBe(404);
    expect((await put(reader.id, incidentId, readerHeaders)).statusCode).toBe(403);
  });

  it("neutrino's campaign names each incident's owner, as gluon does", async () => {
    expect((await put(analyst.id)).statusCode).toBe(200);
    const [incident] = await t.db.query<{ device_id: string }>('SELECT device_id FROM gluon_incidents WHERE id = $1', [
      incidentId,
    ]);
    await t.db.query(
      `INSERT INTO gluon_findings (tenant_id, incident_id, device_id, indicator_id, indicator_type, indicator_value, pattern, rule_set_name, rule_set_version, route, kind, value, source)
       VALUES ($1, $2, $3, 'indicator--1', 'domain-name', 'evil.example', 'p', 'Rules', '1', 'exact', 'domain', 'evil.example', 'x.log')`,
      [tenantId, incidentId, incident!.device_id],
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/neutrino-backend/campaigns?familyId=Pegasus',
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const devices = (res.json() as { devices: Array<{ incidents: Array<{ id: string; owner?: string | null }> }> })
      .devices;
    expect(devices.flatMap((d) => d.incidents).find((i) => i.id === incidentId)?.owner).toBe(analyst.email);
  });

  it('lists the users who may triage as candidates, not readers, uploaders, disabled users or strangers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gluon-backend/incidentOwners', headers });
    expect(res.statusCode, res.body).toBe(200);
    const ids = (res.json() as { items: Array<{ id: string }> }).items.map((u) => u.id);
    expect(ids).toContain(analyst.id);
    for (const id of [reader.id, uploader.id, disabled.id, stranger.id]) expect(ids).not.toContain(id);
    const denied = await t.app.inject({ method: 'GET', url: '/gluon-backend/incidentOwners', headers: readerHeaders });
    expect(denied.statusCode).toBe(403);
  });
});
