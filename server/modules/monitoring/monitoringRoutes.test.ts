import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { recordFindings } from '../gluon/public';
import type { Finding } from '../inspection/public';
import { MonitoringRunner } from './services/monitoringRunner';

/** /monitoring-backend through the HTTP layer: access per spec §6, answers and their shapes. */
describe('monitoring routes', () => {
  let t: TestApp;
  let tenantId: string;
  let cfg: string;
  let rpt: string;
  let admin: string;
  let gluonOnly: string;
  let infected: string;
  let clean: string;

  const finding = (i: number, severityFamily = 'malware--dark'): Finding => ({
    observation: { kind: 'path', value: `/tmp/x-${i}`, source: 'ps.txt', line: i },
    indicator: {
      id: `indicator--${i}`,
      type: 'file:path',
      value: `/tmp/x-${i}`,
      pattern: `[file:path = '/tmp/x-${i}']`,
    },
    family: { id: severityFamily, name: 'DarkSword' },
    ruleSet: { id: 'bundle--1', name: 'Rules', version: '1' },
    route: 'exact',
  });

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = await t.createTenant();
    const token = async (permissions: string[], email?: string) =>
      (await t.accessToken(await t.createUser({ tenantId, permissions, ...(email ? { email } : {}) }))).token;
    cfg = await token(['mnt#cfg#rw'], 'cfg@example.com');
    rpt = await token(['mnt#rpt#rw']);
    admin = await token(['mnt#rsc#w']);
    gluonOnly = await token(['gln#rpt#rw']);
    [{ id: infected }] = (await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) VALUES ($1, 'Infected', now()) RETURNING id",
      [tenantId],
    )) as [{ id: string }];
    [{ id: clean }] = (await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) VALUES ($1, 'Clean', now() - interval '30 days') RETURNING id",
      [tenantId],
    )) as [{ id: string }];
    const [{ id: inspectionId }] = (await t.db.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status) VALUES ($1, $2, 'upload', 'done') RETURNING id",
      [tenantId, infected],
    )) as [{ id: string }];
    await t.db.tx((q) =>
      recordFindings(q, { tenantId, deviceId: infected, inspectionId, findings: [finding(1)], ruleSetIds: new Map() }),
    );
    await new MonitoringRunner({
      db: t.db,
      mailer: t.app.mailer,
      tokens: t.app.tokens,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
    }).tick();
  });
  afterAll(() => t?.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('gives each device its risk level, and the overview counts them', async () => {
    const risk = await call(rpt, 'GET', '/monitoring-backend/devices/risk');
    expect(risk.statusCode).toBe(200);
    expect(
      risk
        .json()
        .devices.map((d: { name: string; riskLevel: string; openIncidents: number }) => [
          d.name,
          d.riskLevel,
          d.openIncidents,
        ]),
    ).toEqual([
      ['Clean', 'secure', 0],
      ['Infected', 'high', 1],
    ]);
    const overview = (await call(rpt, 'GET', '/monitoring-backend/overview?days=30')).json();
    expect(overview.risk).toEqual({ secure: 1, low: 0, medium: 0, high: 1 });
    expect(overview.incidentsOpened).toHaveLength(30);
    expect(overview.incidentsOpened.at(-1).count).toBe(1);
    expect(overview.inspections.at(-1).count).toBe(1);
    expect(overview.topFamilies).toEqual([{ familyId: 'malware--dark', familyName: 'DarkSword', devices: 1 }]);
    expect(overview.staleDevices).toBe(1);
    expect(overview.activeAlerts).toBe(2);
    // The range picker's three periods; anything else is a clear 400.
    const week = await call(rpt, 'GET', '/monitoring-backend/overview?days=7');
    expect(week.statusCode).toBe(200);
    expect(week.json()).toMatchObject({ days: 7 });
    expect(week.json().incidentsOpened).toHaveLength(7);
    expect((await call(rpt, 'GET', '/monitoring-backend/overview?days=90')).json().inspections).toHaveLength(90);
    const odd = await call(rpt, 'GET', '/monitoring-backend/overview?days=14');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('querystring days must be equal to one of the allowed values');
  });

  it("offers the families the tenant's rule sets name, to rules' configuration only", async () => {
    await t.db.query(
      `INSERT INTO gluon_rule_sets (tenant_id, bundle_id, name, version, digest, families, counts, unsupported, indicator_count)
       VALUES ($1, 'bundle--fam-a', 'A', '1', 'da', $2, '{}', '[]', 2), ($1, 'bundle--fam-b', 'B', '1', 'db', $3, '{}', '[]', 1)`,
      [
        tenantId,
        JSON.stringify([
          { id: 'malware--dark', name: 'DarkSword', indicators: 1 },
          { id: 'malware--pegasus', name: 'Pegasus', indicators: 1 },
        ]),
        JSON.stringify([{ id: 'malware--dark', name: 'DarkSword', indicators: 1 }]),
      ],
    );
    const families = await call(cfg, 'GET', '/monitoring-backend/families');
    expect(families.statusCode, families.body).toBe(200);
    expect(families.json()).toEqual([
      { id: 'malware--dark', name: 'DarkSword' },
      { id: 'malware--pegasus', name: 'Pegasus' },
    ]);
    expect((await call(rpt, 'GET', '/monitoring-backend/families')).statusCode).toBe(403);
  });

  it('lists, filters, sorts, exports and changes the status of alerts', async () => {
    const all = (await call(rpt, 'GET', '/monitoring-backend/alerts?sort=severity&dir=desc')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((a: { category: string }) => a.category)).toEqual(['incident', 'stale']);
    const high = (await call(rpt, 'GET', '/monitoring-backend/alerts?severity=high')).json();
    expect(high.items).toHaveLength(1);
    expect(high.items[0]).toMatchObject({
      deviceId: infected,
      familyName: 'DarkSword',
      status: 'active',
      statusBy: null,
    });
    const changed = await call(rpt, 'PUT', `/monitoring-backend/alerts/${high.items[0].id}/status`, {
      status: 'acknowledged',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ status: 'acknowledged', statusBy: expect.stringContaining('@example.com') });
    expect(
      (await call(rpt, 'GET', '/monitoring-backend/alerts?status=active'))
        .json()
        .items.map((a: { deviceId: string }) => a.deviceId),
    ).toEqual([clean]);
    expect(
      (await call(rpt, 'PUT', `/monitoring-backend/alerts/${high.items[0].id}/status`, { status: 'gone' })).statusCode,
    ).toBe(400);
    expect(
      (
        await call(rpt, 'PUT', '/monitoring-backend/alerts/00000000-0000-4000-8000-000000000000/status', {
          status: 'resolved',
        })
      ).statusCode,
    ).toBe(404);
    const csv = await call(rpt, 'GET', '/monitoring-backend/alerts/export?category=stale');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,severity,category,title,device,family,firstSeen,lastSeen,status,statusBy,statusAt,incidentId,incidentOwner,deviceId',
    );
    expect(csv.body).toContain('Clean not inspected for 14 days');
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expect((await call(rpt, 'GET', '/monitoring-backend/alerts?sort=nope')).statusCode).toBe(400);
  });

  it('keeps rules to mnt#cfg#rw and the monitoring admin, groups to the admin (spec §6)', async () => {
    const rule = {
      name: 'High to me',
      minSeverity: 'high',
      frequency: 'immediate',
      recipients: [{ email: 'soc@outside.example' }],
    };
    expect((await call(rpt, 'POST', '/monitoring-backend/rules', rule)).statusCode).toBe(403);
    expect((await call(gluonOnly, 'GET', '/monitoring-backend/alerts')).statusCode).toBe(403);
    const made = await call(cfg, 'POST', '/monitoring-backend/rules', rule);
    expect(made.statusCode).toBe(201);
    const rules = (await call(admin, 'GET', '/monitoring-backend/rules')).json();
    expect(rules).toMatchObject([
      {
        id: made.json().id,
        name: 'High to me',
        groupWindowSeconds: 30,
        recipients: [{ email: 'soc@outside.example', userId: null }],
      },
    ]);
    expect((await call(cfg, 'POST', '/monitoring-backend/rules', { ...rule, recipients: [] })).statusCode).toBe(400);
    expect(
      (
        await call(cfg, 'POST', '/monitoring-backend/device-groups', {
          name: 'Execs',
          watched: true,
          deviceIds: [infected],
        })
      ).statusCode,
    ).toBe(403);
    const group = await call(admin, 'POST', '/monitoring-backend/device-groups', {
      name: 'Execs',
      watched: true,
      deviceIds: [infected],
    });
    expect(group.statusCode).toBe(201);
    expect(
      (await call(admin, 'POST', '/monitoring-backend/device-groups', { name: 'Execs', watched: false, deviceIds: [] }))
        .statusCode,
    ).toBe(409);
    expect((await call(admin, 'GET', '/monitoring-backend/device-groups')).json()).toEqual([
      { id: group.json().id, name: 'Execs', watched: true, deviceIds: [infected] },
    ]);
    const silence = await call(cfg, 'POST', '/monitoring-backend/silences', {
      ruleId: made.json().id,
      deviceId: null,
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 3600_000).toISOString(),
      reason: 'Maintenance window',
    });
    expect(silence.statusCode).toBe(201);
    expect((await call(cfg, 'GET', '/monitoring-backend/silences')).json()).toMatchObject([
      { id: silence.json().id, reason: 'Maintenance window', createdBy: 'cfg@example.com' },
    ]);
    // A device is muted for a day, named in the list, and the silence ends on request.
    const muted = await call(cfg, 'POST', '/monitoring-backend/silences', {
      ruleId: null,
      deviceId: infected,
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 86400_000).toISOString(),
      reason: 'Lab phone',
    });
    expect(muted.statusCode).toBe(201);
    expect((await call(cfg, 'GET', '/monitoring-backend/silences')).json()).toMatchObject([
      { id: silence.json().id, deviceId: null, deviceName: null },
      { id: muted.json().id, ruleId: null, deviceId: infected, deviceName: 'Infected', reason: 'Lab phone' },
    ]);
    expect((await call(cfg, 'DELETE', `/monitoring-backend/silences/${muted.json().id}`)).statusCode).toBe(204);
    expect((await call(cfg, 'GET', '/monitoring-backend/silences')).json()).toHaveLength(1);
    expect((await call(cfg, 'DELETE', `/monitoring-backend/rules/${made.json().id}`)).statusCode).toBe(204);
    expect((await call(cfg, 'DELETE', `/monitoring-backend/rules/${made.json().id}`)).statusCode).toBe(404);
  });

  it('lists unsubscribed recipients and subscribes them again, audited', async () => {
    const made = await call(cfg, 'POST', '/monitoring-backend/rules', {
      name: 'R',
      minSeverity: 'low',
      frequency: 'daily',
      recipients: [{ email: 'gone@outside.example' }],
    });
    const ruleId = made.json().id;
    await t.db.query(
      "INSERT INTO unsubscribes (tenant_id, email, notification) VALUES ($1, 'gone@outside.example', $2)",
      [tenantId, `monitoring:${ruleId}`],
    );
    expect((await call(rpt, 'GET', '/monitoring-backend/unsubscribed')).statusCode).toBe(403);
    expect((await call(cfg, 'GET', '/monitoring-backend/unsubscribed')).json()).toMatchObject([
      { email: 'gone@outside.example', ruleId, ruleName: 'R' },
    ]);
    const res = await call(cfg, 'POST', '/monitoring-backend/unsubscribed/resubscribe', {
      email: 'Gone@outside.example',
      ruleId,
    });
    expect(res.json()).toEqual({ removed: 1 });
    expect(
      (
        await call(cfg, 'POST', '/monitoring-backend/unsubscribed/resubscribe', {
          email: 'gone@outside.example',
          ruleId,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(cfg, 'GET', '/monitoring-backend/unsubscribed')).json()).toEqual([]);
    const audit = await t.db.query<{ action: string; target: string }>(
      "SELECT action, target FROM audit_events WHERE action = 'monitoring.resubscribe'",
    );
    expect(audit).toEqual([{ action: 'monitoring.resubscribe', target: 'gone@outside.example' }]);
    const log = await call(cfg, 'GET', '/monitoring-backend/deliveries');
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({ page: 0, size: 20 });
  });
});
