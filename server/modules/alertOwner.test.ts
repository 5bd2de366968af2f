import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { recordFindings } from './gluon/public';
import { MonitoringRunner } from './monitoring/services/monitoringRunner';

/** Monitoring's alerts name their incident's owner (assignee), read through gluon's public surface. */
describe("an alert carries its incident's owner", () => {
  let t: TestApp;
  let headers: { authorization: string };
  let owner: { id: string; email: string };
  let incidentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser();
    const tenantId = admin.tenantId;
    headers = { authorization: `Bearer ${(await t.accessToken(admin)).token}` };
    owner = await t.createUser({ tenantId, permissions: ['gln#rpt#r'], email: 'owner@fleet.example' });
    const [device] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) VALUES ($1, 'Alpha phone', now()) RETURNING id",
      [tenantId],
    );
    const [inspection] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status) VALUES ($1, $2, 'upload', 'done') RETURNING id",
      [tenantId, device!.id],
    );
    await t.db.tx((q) =>
      recordFindings(q, {
        tenantId,
        deviceId: device!.id,
        inspectionId: inspection!.id,
        findings: [
          {
            observation: { kind: 'path', value: '/tmp/own', source: 'ps.txt', line: 1 },
            indicator: {
              id: 'indicator--o',
              type: 'file:path',
              value: '/tmp/own',
              pattern: "[file:path = '/tmp/own']",
            },
            family: { id: 'malware--own', name: 'OwnSword' },
            ruleSet: { id: 'bundle--o', name: 'Rules', version: '1' },
            route: 'exact',
          },
        ],
        ruleSetIds: new Map(),
      }),
    );
    [{ id: incidentId }] = (await t.db.query<{ id: string }>('SELECT id FROM gluon_incidents WHERE tenant_id = $1', [
      tenantId,
    ])) as [{ id: string }];
    await new MonitoringRunner({
      db: t.db,
      mailer: t.app.mailer,
      tokens: t.app.tokens,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
    }).tick();
  });
  afterAll(() => t?.close());

  const incidentAlert = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/monitoring-backend/alerts?category=incident', headers });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as Array<{ id: string; incidentId: string | null; owner: unknown }>;
    const alert = items.find((a) => a.incidentId === incidentId);
    expect(alert, JSON.stringify(items)).toBeDefined();
    return alert!;
  };

  it('has none until the incident is given to someone, then names them; clearing clears it', async () => {
    expect((await incidentAlert()).owner).toBeNull();
    const put = (userId: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `/gluon-backend/incidents/${incidentId}/owner`,
        headers,
        payload: { userId },
      });
    expect((await put(owner.id)).statusCode).toBe(200);
    const alert = await incidentAlert();
    expect(alert.owner).toEqual({ id: owner.id, email: 'owner@fleet.example' });
    // A status change answers the alert with its owner too.
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/monitoring-backend/alerts/${alert.id}/status`,
      headers,
      payload: { status: 'acknowledged' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().owner).toEqual({ id: owner.id, email: 'owner@fleet.example' });
    // The export names the owner in its own column.
    const ownerInCsv = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/monitoring-backend/alerts/export', headers });
      expect(res.statusCode, res.body).toBe(200);
      const [header, ...lines] = res.body.trim().split('\r\n');
      const names = header!.split(',');
      const column = names.indexOf('incidentOwner');
      expect(column, header).toBeGreaterThan(-1);
      const line = lines.find((l) => l.startsWith(`${alert.id},`));
      expect(line, res.body).toBeDefined();
      // Counted from the end: the title before it may hold a quoted comma, the columns after it cannot.
      const cells = line!.split(',');
      return cells[cells.length - (names.length - column)];
    };
    expect(await ownerInCsv()).toBe('owner@fleet.example');
    expect((await put(null)).statusCode).toBe(200);
    expect((await incidentAlert()).owner).toBeNull();
    expect(await ownerInCsv()).toBe('');
  });
});
