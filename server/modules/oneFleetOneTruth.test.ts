import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Json } from '../test/json';
import { createTestApp, type TestApp } from '../test/testApp';
import { recordFindings, sampleSysdiagnose } from './gluon/public';
import { type Finding, readFixtureBundle } from './inspection/public';
import { MonitoringRunner } from './monitoring/services/monitoringRunner';

/**
 * One upload told by every product: after each triage step gluon's incident, monitoring's alerts
 * and overview, and neutrino's campaign agree on the incident's state (PGlite and PostgreSQL).
 */
describe('one fleet, one truth: gluon, monitoring and neutrino agree on one incident', () => {
  let t: TestApp;
  let token: string;
  let tenantId: string;
  let monitoring: MonitoringRunner;
  let deviceId: string;
  let incident: { id: string; familyId: string; familyName: string };

  const auth = () => ({ authorization: `Bearer ${token}` });
  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Json> => {
    const res = await t.app.inject({ method, url, headers: auth(), ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  /** Every background step done: inspections and rescans, then monitoring's sources and lifecycle. */
  const settle = async () => {
    while ((await t.app.queue.tick()) > 0);
    await monitoring.tick();
  };
  const triage = (state: string) =>
    call('POST', `/gluon-backend/incidents/${incident.id}/triage`, { state, comment: `to ${state}` });

  /** What each product says about the incident now. */
  async function story() {
    const gluon = await call('GET', `/gluon-backend/incidents/${incident.id}`);
    const alerts = (await call('GET', `/monitoring-backend/alerts?size=100`)).items.filter(
      (a: Json) => a.incidentId === incident.id && a.category === 'incident',
    );
    const overview = await call('GET', '/monitoring-backend/overview?days=7');
    const families = await call('GET', '/neutrino-backend/campaigns/families');
    const campaign = await call('GET', `/neutrino-backend/campaigns?familyId=${encodeURIComponent(incident.familyId)}`);
    const sum = (days: { count: number }[]) => days.reduce((n, d) => n + d.count, 0);
    return {
      state: gluon.state as string,
      activeAlerts: alerts.filter((a: Json) => a.status === 'active').length,
      alertStatuses: alerts.map((a: Json) => a.status as string).sort(),
      overviewActiveAlerts: overview.activeAlerts as number,
      inspections: sum(overview.inspections),
      matchedAgain: sum(overview.matchedAgain),
      openInFamilies: families.find((f: Json) => f.id === incident.familyId)?.open as number,
      campaignStates: campaign.devices.flatMap((d: Json) => d.incidents.map((i: Json) => i.state as string)),
    };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { GLUON_WORKER: 'on' } });
    const admin = await t.createUser();
    tenantId = admin.tenantId;
    token = (await t.accessToken(admin)).token;
    monitoring = new MonitoringRunner({
      db: t.db,
      mailer: t.app.mailer,
      tokens: t.app.tokens,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
      staleDays: 14,
    });
    await call('POST', '/globalrulesrepository-backend/ruleSets', {
      bundle: readFixtureBundle('darksword').toString('utf8'),
      fileName: 'darksword.stix2',
    });
    // The import's tenant rescan runs before the upload: run after it, it would match the new device again.
    await settle();
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/uploads?name=sysdiagnose.tar.gz',
      headers: { ...auth(), 'content-type': 'application/octet-stream' },
      payload: sampleSysdiagnose(),
    });
    expect(res.statusCode, res.body).toBe(201);
    await settle();
    const uploads = await call('GET', '/gluon-backend/uploads?size=10');
    expect(uploads.items.map((u: Json) => u.status)).toEqual(['done']);
    deviceId = uploads.items[0].deviceId;
    const device = await call('GET', `/gluon-backend/devices/${deviceId}`);
    expect(device.incidents).toHaveLength(1);
    incident = device.incidents[0];
  });
  afterAll(() => t?.close());

  it('opened: one active alert, counted open everywhere, one inspection and no matching again', async () => {
    expect(await story()).toEqual({
      state: 'open',
      activeAlerts: 1,
      alertStatuses: ['active'],
      overviewActiveAlerts: 1,
      inspections: 1,
      matchedAgain: 0,
      openInFamilies: 1,
      campaignStates: ['open'],
    });
  });

  it('false positive: the alert resolves, nothing counts it open', async () => {
    await triage('false_positive');
    await settle();
    expect(await story()).toMatchObject({
      state: 'false_positive',
      activeAlerts: 0,
      alertStatuses: ['resolved'],
      overviewActiveAlerts: 0,
      openInFamilies: 0,
      campaignStates: ['false_positive'],
    });
    const [alert] = (await call('GET', '/monitoring-backend/alerts?size=100')).items;
    expect(alert.statusReason).toBe('Incident triaged false positive');
  });

  it('reopened and then confirmed: the same alert is active again, and confirmed counts as open', async () => {
    await triage('open');
    await settle();
    expect(await story()).toMatchObject({ state: 'open', alertStatuses: ['active'], openInFamilies: 1 });
    await triage('confirmed');
    await settle();
    expect(await story()).toMatchObject({
      state: 'confirmed',
      activeAlerts: 1,
      alertStatuses: ['active'],
      overviewActiveAlerts: 1,
      openInFamilies: 1,
      campaignStates: ['confirmed'],
    });
  });

  it('closed, then reopened by new findings: one active alert for the incident, the new one', async () => {
    await triage('benign');
    await settle();
    expect((await story()).activeAlerts).toBe(0);
    const [inspection] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, file_name, finished_at) VALUES ($1, $2, 'upload', 'done', 'later.tar.gz', now()) RETURNING id",
      [tenantId, deviceId],
    );
    const finding: Finding = {
      observation: { kind: 'path', value: '/private/var/tmp/new-implant', source: 'ps.txt', line: 1 },
      indicator: {
        id: 'indicator--later',
        type: 'file:path',
        value: '/private/var/tmp/new-implant',
        pattern: "[file:path = '/private/var/tmp/new-implant']",
      },
      family: { id: incident.familyId, name: incident.familyName },
      ruleSet: { id: 'bundle--later', name: 'Later rules', version: '1' },
      route: 'exact',
    };
    await t.db.tx((q) =>
      recordFindings(q, {
        tenantId,
        deviceId,
        inspectionId: inspection!.id,
        findings: [finding],
        ruleSetIds: new Map(),
      }),
    );
    await settle();
    const now = await story();
    expect(now).toMatchObject({ state: 'open', activeAlerts: 1, overviewActiveAlerts: 1, openInFamilies: 1 });
    expect(now.alertStatuses).toEqual(['active', 'resolved']);
    const active = (await call('GET', '/monitoring-backend/alerts?size=100&status=active')).items;
    expect(active.map((a: Json) => a.title)).toEqual([
      `Incident reopened: ${incident.familyName} on ${active[0].deviceDisplayName}`,
    ]);
  });

  it('a rule set imported again is matching again, not an inspection', async () => {
    await call('POST', '/globalrulesrepository-backend/ruleSets', {
      bundle: readFixtureBundle('operation_triangulation').toString('utf8'),
      fileName: 'operation_triangulation.stix2',
    });
    await settle();
    const now = await story();
    expect(now.inspections).toBe(2);
    expect(now.matchedAgain).toBeGreaterThanOrEqual(1);
  });
});
