import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { recordFindings } from '../gluon/public';
import { composeAlertMail } from './services/alertMail';
import { type AlertRow, toAlert } from './services/alertTypes';
import { listDeviceRisk } from './services/deviceRisk';
import { MonitoringRunner } from './services/monitoringRunner';
import { createRule } from './services/rules';
import { webhookBody } from './services/webhookDelivery';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of JSON answers

const STORED = 'iPhone14,2 · c0ffee00';
const SHOWN = 'iPhone 13 Pro · c0ffee00';

/**
 * One device, one name: the device pages, incidents, alerts (titles, CSV, mails, webhooks), hunts
 * (and their CSV) and the audit log all name a device as common/devices/deviceDisplayName does,
 * alerts stored before the names were unified included.
 */
describe('a device has one display name in every product', () => {
  let t: TestApp;
  let tenantId: string;
  let token: string;
  let userId: string;
  let deviceId: string;
  let incidentId: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const json = async (url: string): Promise<Json> => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ email: 'names@example.com' });
    tenantId = admin.tenantId;
    userId = admin.id;
    token = (await t.accessToken(admin)).token;
    const [d] = await t.db.query<{ id: string }>(
      `INSERT INTO gluon_devices (tenant_id, name, model_code, crash_reporter_key, last_inspection_at)
       VALUES ($1, $2, 'iPhone14,2', 'c0ffee00deadbeef', now()) RETURNING id`,
      [tenantId, STORED],
    );
    deviceId = d!.id;
    const [n] = await t.db.query<{ id: string }>(
      `INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, file_name, finished_at)
       VALUES ($1, $2, 'upload', 'done', 'sysdiagnose.tar.gz', now()) RETURNING id`,
      [tenantId, deviceId],
    );
    await t.db.query(
      `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, line, first_seen, last_seen, occurrences)
       VALUES ($1, $2, 'process', 'helperd', 'ps.txt', 1, now(), now(), 1)`,
      [n!.id, deviceId],
    );
    await t.db.tx((q) =>
      recordFindings(q, {
        tenantId,
        deviceId,
        inspectionId: n!.id,
        ruleSetIds: new Map(),
        findings: [
          {
            observation: { kind: 'process', value: 'helperd', source: 'ps.txt', line: 1 },
            indicator: {
              id: 'indicator--1',
              type: 'process:name',
              value: 'helperd',
              pattern: "[process:name = 'helperd']",
            },
            family: { id: 'malware--dark', name: 'DarkSword' },
            ruleSet: { id: 'bundle--1', name: 'Rules', version: '1' },
            route: 'exact',
          },
        ],
      }),
    );
    const [i] = await t.db.query<{ id: string }>('SELECT id FROM gluon_incidents WHERE device_id = $1', [deviceId]);
    incidentId = i!.id;
  });
  afterAll(() => t?.close());

  it('gluon: the device list, the device page and the incident carry displayName', async () => {
    const list = await json('/gluon-backend/devices');
    expect(list.items[0]).toMatchObject({ name: STORED, displayName: SHOWN });
    const detail = await json(`/gluon-backend/devices/${deviceId}`);
    expect(detail.device.displayName).toBe(SHOWN);
    expect(detail.incidents[0]).toMatchObject({ deviceName: STORED, deviceDisplayName: SHOWN });
    const incident = await json(`/gluon-backend/incidents/${incidentId}`);
    expect(incident.deviceDisplayName).toBe(SHOWN);
  });

  it('monitoring: titles (new and stored before), the CSV, the mail and the webhook name it once', async () => {
    // An alert stored before the names were unified, with the identifier in its title.
    await t.db.query(
      `INSERT INTO monitoring_alerts (tenant_id, source_key, category, severity, title, device_id, device_name, first_seen, last_seen)
       VALUES ($1, 'old:1', 'stale', 'low', $2, $3, $4, now(), now())`,
      [tenantId, `${STORED} not inspected for 14 days`, deviceId, STORED],
    );
    await createRule(
      t.db,
      tenantId,
      { name: 'All', minSeverity: 'low', frequency: 'immediate', recipients: [{ userId }] },
      userId,
    );
    let now = new Date();
    const worker = new MonitoringRunner({
      db: t.db,
      mailer: t.app.mailer,
      tokens: t.app.tokens,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
      clock: () => now,
      staleDays: 14,
    });
    await worker.tick();
    now = new Date(now.getTime() + 3600_000);
    await worker.tick();

    const page = await json('/monitoring-backend/alerts');
    const titles = page.items.map((a: Json) => a.title).sort();
    expect(titles).toEqual([`New incident: DarkSword on ${SHOWN}`, `${SHOWN} not inspected for 14 days`]);
    for (const a of page.items) expect(a).toMatchObject({ deviceName: STORED, deviceDisplayName: SHOWN });

    const csv = (await get('/monitoring-backend/alerts/export')).body;
    expect(csv).toContain(SHOWN);
    expect(csv).not.toContain(STORED);

    const mails = await t.outbox();
    expect(mails.length).toBeGreaterThan(0);
    expect(mails[0]!.subject).toContain(`DarkSword on ${SHOWN}`);
    expect(mails.map((m) => m.subject + m.body_text).join('\n')).not.toContain(STORED);

    const rows = await t.db.query<AlertRow>('SELECT * FROM monitoring_alerts WHERE tenant_id = $1', [tenantId]);
    const alerts = rows.map(toAlert);
    const body = webhookBody({
      deliveryId: 'x',
      rule: { id: 'r', name: 'All' },
      alerts,
      devices: await listDeviceRisk(t.db, tenantId),
      publicUrl: t.config.publicUrl,
      now,
    });
    expect(body.alerts.map((a) => a.device)).toEqual(
      alerts.map(() => expect.objectContaining({ name: STORED, displayName: SHOWN })),
    );
    expect(body.devices[0]).toMatchObject({ name: STORED, displayName: SHOWN });
    expect(body.alerts.every((a) => a.title.includes(SHOWN))).toBe(true);
    const mail = composeAlertMail({
      to: 'a@example.com',
      publicUrl: t.config.publicUrl,
      ruleName: 'All',
      frequency: 'immediate',
      alerts,
      unsubscribeUrl: 'u',
    });
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(STORED);
  });

  it('neutrino: the hunt answer and its CSV', async () => {
    const page = await json('/neutrino-backend/hunt?mode=exact&value=helperd');
    expect(page.items[0].device).toMatchObject({ name: STORED, displayName: SHOWN });
    const csv = (await get('/neutrino-backend/hunt/export?mode=exact&value=helperd')).body;
    expect(csv.split('\n')[1]).toContain(SHOWN);
    expect(csv).not.toContain(STORED);
  });

  it('the audit log names a device and an incident by the display name', async () => {
    await t.db.query(
      `INSERT INTO audit_events (tenant_id, actor_id, action, target) VALUES ($1, $2, 'gluon.device.rescan', $3), ($1, $2, 'gluon.incident.state', $4)`,
      [tenantId, userId, deviceId, incidentId],
    );
    const page = await json('/um/auditEvents?action=gluon.');
    const named = Object.fromEntries(page.items.map((e: Json) => [e.action, e.targetName]));
    expect(named).toEqual({ 'gluon.device.rescan': SHOWN, 'gluon.incident.state': `DarkSword on ${SHOWN}` });
  });
});
