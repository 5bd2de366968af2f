import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoInZone } from '@common/format/zonedTime';

import { createTestApp, type TestApp } from '../test/testApp';
import { recordFindings } from './gluon/public';
import { MonitoringRunner } from './monitoring/services/monitoringRunner';
import { exportCells, type ExportRow } from './neutrino/services/hunt';

const IST = { offset: 5.5, name: 'IST' };
const IN_IST = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30 \(IST\)$/;

/** Every CSV export and the invitation mail print their times as ISO 8601 in the tenant's zone, named. */
describe("exports and mails in the tenant's time zone", () => {
  let t: TestApp;
  let tenantId: string;
  let token: string;
  let device: string;

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = await t.createTenant();
    const user = await t.createUser({
      tenantId,
      permissions: ['umg#usr#rw', 'mnt#rpt#rw', 'gln#rpt#rw', 'gln#cfg#rw'],
      email: 'boss@zone.example',
    });
    token = (await t.accessToken(user)).token;
    expect((await call('PUT', '/um/tenantTimeZone', IST)).statusCode).toBe(200);
    [{ id: device }] = (await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) VALUES ($1, 'Old phone', now() - interval '30 days') RETURNING id",
      [tenantId],
    )) as [{ id: string }];
    const [{ id: inspectionId }] = (await t.db.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status) VALUES ($1, $2, 'upload', 'done') RETURNING id",
      [tenantId, device],
    )) as [{ id: string }];
    await t.db.tx((q) =>
      recordFindings(q, {
        tenantId,
        deviceId: device,
        inspectionId,
        findings: [
          {
            observation: { kind: 'path', value: '/tmp/zone', source: 'ps.txt', line: 1 },
            indicator: {
              id: 'indicator--z',
              type: 'file:path',
              value: '/tmp/zone',
              pattern: "[file:path = '/tmp/zone']",
            },
            family: { id: 'malware--zone', name: 'ZoneSword' },
            ruleSet: { id: 'bundle--z', name: 'Rules', version: '1' },
            route: 'exact',
          },
        ],
        ruleSetIds: new Map(),
      }),
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

  function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const rows = (csv: string) => csv.trim().split('\r\n').slice(1);
  const column = (csv: string, name: string) => {
    const [header] = csv.trim().split('\r\n');
    const index = header!.split(',').indexOf(name);
    expect(index, `${name} in ${header}`).toBeGreaterThanOrEqual(0);
    // The cells tested hold no comma.
    return rows(csv).map((line) => line.split(',')[index]!.replace(/^"|"$/g, ''));
  };

  it('audit export: each time in IST, the same instant the log stored', async () => {
    const res = await call('GET', '/um/auditEvents/export?action=tenant.timeZone');
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await t.db.query<{ created_at: Date | string }>(
      "SELECT created_at FROM audit_events WHERE tenant_id = $1 AND action = 'tenant.timeZone'",
      [tenantId],
    );
    expect(column(res.body, 'time')).toEqual([isoInZone(new Date(stored!.created_at), IST)]);
  });

  it('monitoring alert export: first and last seen in IST', async () => {
    const res = await call('GET', '/monitoring-backend/alerts/export');
    expect(res.statusCode, res.body).toBe(200);
    const firstSeen = column(res.body, 'firstSeen');
    expect(firstSeen.length).toBeGreaterThan(0);
    for (const value of [...firstSeen, ...column(res.body, 'lastSeen')]) expect(value).toMatch(IN_IST);
  });

  it('gluon findings CSV: observed and found times in IST', async () => {
    const res = await call('GET', `/gluon-backend/devices/${device}/report?format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    const found = column(res.body, 'foundAt');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(IN_IST);
  });

  it('invitation mail: the expiry in IST', async () => {
    const res = await call('POST', '/um/users/invitations', { email: 'new@zone.example', permissions: ['gln#rpt#r'] });
    expect(res.statusCode, res.body).toBe(201);
    const expiresAt = new Date(res.json().invitationExpiresAt);
    const mail = (await t.outbox()).find((m) => m.to_address === 'new@zone.example');
    expect(mail?.body_text).toContain(`valid until ${isoInZone(expiresAt, IST)}, usable once`);
  });

  it('hunt export line: first seen, last seen and inspected at in the zone given', () => {
    const row = {
      deviceId: device,
      deviceName: 'iPhone14,2',
      kind: 'path',
      value: '/tmp/zone',
      source: 'ps.txt',
      line: 1,
      occurrences: 1,
      firstSeen: '2026-12-31T18:29:59.000Z',
      lastSeen: '2026-12-31T18:30:00.000Z',
      inspectionId: 'i-1',
      inspectionFile: 'sysdiagnose.tar.gz',
      inspectedAt: '2026-12-01T00:00:00.000Z',
    } as unknown as ExportRow;
    const cells = exportCells(row, IST);
    expect(cells.slice(7, 9)).toEqual(['2026-12-31T23:59:59+05:30 (IST)', '2027-01-01T00:00:00+05:30 (IST)']);
    expect(cells[11]).toBe('2026-12-01T05:30:00+05:30 (IST)');
  });
});
