import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { readFixtureBundle } from './inspection/public';
import { MonitoringRunner } from './monitoring/services/monitoringRunner';

/**
 * "Undo" beside a finding marked false positive on the incident page: the suppression marking made
 * goes, the incident it closed reopens and its monitoring alert is active again; audited like the
 * marking; refused to readers, for a finding not marked, and for one a whole-indicator suppression covers.
 */
describe('a finding marked false positive, undone from the incident page', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let tenantId: string;
  let indicator: { id: string; type: string; value: string };
  let deviceId: string;
  let monitoring: MonitoringRunner;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser();
    tenantId = admin.tenantId;
    headers = { authorization: `Bearer ${(await t.accessToken(admin)).token}` };
    const imported = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/ruleSets',
      headers,
      payload: { bundle: readFixtureBundle('kingspawn').toString('utf8') },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const page = await t.app.inject({
      method: 'GET',
      url: `/globalrulesrepository-backend/ruleSets/${imported.json().ruleSet.id}/indicators?size=1`,
      headers,
    });
    indicator = page.json().items[0];
    [{ id: deviceId }] = (await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name) VALUES ($1, 'iPhone') RETURNING id",
      [tenantId],
    )) as [{ id: string }];
    monitoring = new MonitoringRunner({
      db: t.db,
      mailer: t.app.mailer,
      tokens: t.app.tokens,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
      staleDays: 14,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An open incident of its own family holding one finding of the indicator for `value`. */
  async function incidentWithFinding(
    family: string,
    value: string,
  ): Promise<{ incidentId: string; findingId: string }> {
    const [incident] = await t.db.query<{ id: string }>(
      'INSERT INTO gluon_incidents (tenant_id, device_id, family_id, family_name) VALUES ($1, $2, $3, $3) RETURNING id',
      [tenantId, deviceId, family],
    );
    await t.db.query("INSERT INTO gluon_incident_events (incident_id, kind, to_state) VALUES ($1, 'opened', 'open')", [
      incident!.id,
    ]);
    const [finding] = await t.db.query<{ id: string }>(
      `INSERT INTO gluon_findings (tenant_id, incident_id, device_id, indicator_id, indicator_type, indicator_value, pattern, rule_set_name, rule_set_version, route, kind, value, source)
       VALUES ($1, $2, $3, $4, $5, $6, 'p', 'KingSpawn', '1', 'exact', 'process', $7, 'ps.txt') RETURNING id`,
      [tenantId, incident!.id, deviceId, indicator.id, indicator.type, indicator.value, value],
    );
    return { incidentId: incident!.id, findingId: finding!.id };
  }

  const mark = (findingId: string, reason: string) =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/findings/${findingId}/falsePositive`,
      headers,
      payload: { reason },
    });
  const undo = (findingId: string, as = headers) =>
    t.app.inject({ method: 'DELETE', url: `/gluon-backend/findings/${findingId}/falsePositive`, headers: as });
  const alertStatuses = async (incidentId: string) =>
    (await t.app.inject({ method: 'GET', url: '/monitoring-backend/alerts?size=100', headers }))
      .json()
      .items.filter((a: { incidentId: string }) => a.incidentId === incidentId)
      .map((a: { status: string }) => a.status);

  it('reopens the incident the marking closed, activates its alert again, is audited and queues matching', async () => {
    const { incidentId, findingId } = await incidentWithFinding('malware--one', 'BackupAgent');
    await monitoring.tick();
    expect(await alertStatuses(incidentId)).toEqual(['active']);
    expect((await mark(findingId, 'Apple agent')).statusCode).toBe(201);
    await monitoring.tick();
    expect(await alertStatuses(incidentId)).toEqual(['resolved']);
    await t.db.query('DELETE FROM queue_jobs');

    const undone = await undo(findingId);
    expect(undone.statusCode, undone.body).toBe(200);
    const body = undone.json();
    expect(body).toMatchObject({ findings: 1, reopenedIncidents: [incidentId] });
    expect(body.incident).toMatchObject({ id: incidentId, state: 'open', activeFindings: 1 });
    expect(body.incident.evidence[0]).toMatchObject({ id: findingId, suppressed: false, suppressionReason: null });
    expect(body.incident.timeline.at(-1)).toMatchObject({
      kind: 'unsuppressed',
      fromState: 'false_positive',
      toState: 'open',
      comment: 'Apple agent',
    });
    const [{ n }] = (await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM gluon_suppressions WHERE tenant_id = $1',
      [tenantId],
    )) as [{ n: number }];
    expect(n).toBe(0);
    const audits = await t.db.query<{ target: string; details: Record<string, unknown> }>(
      "SELECT target, details FROM audit_events WHERE action = 'gluon.finding.falsePositiveUndo'",
    );
    expect(audits).toEqual([
      {
        target: findingId,
        details: { indicatorId: indicator.id, reason: 'Apple agent', findings: 1, reopenedIncidents: [incidentId] },
      },
    ]);
    const matching = await t.app.inject({ method: 'GET', url: '/globalrulesrepository-backend/matching', headers });
    expect(matching.json()).toMatchObject({ state: 'queued' });
    await monitoring.tick();
    expect(await alertStatuses(incidentId)).toEqual(['active']);

    // Not marked any more: nothing to undo.
    const again = await undo(findingId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This finding is not marked a false positive.');
  });

  it('keeps the state an analyst triaged', async () => {
    const { incidentId, findingId } = await incidentWithFinding('malware--two', 'SecondAgent');
    expect((await mark(findingId, 'Second')).statusCode).toBe(201);
    const triage = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/incidents/${incidentId}/triage`,
      headers,
      payload: { state: 'benign', comment: 'Lab phone' },
    });
    expect(triage.statusCode, triage.body).toBe(200);
    const undone = await undo(findingId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ findings: 1, reopenedIncidents: [], incident: { state: 'benign' } });
  });

  it('refuses a finding the whole indicator suppresses (409, nothing changes), a reader (403) and an unknown finding (404)', async () => {
    const { findingId } = await incidentWithFinding('malware--three', 'ThirdAgent');
    const whole = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/suppressions',
      headers,
      payload: { indicatorId: indicator.id, reason: 'Whole indicator' },
    });
    expect(whole.statusCode, whole.body).toBe(201);
    const refused = await undo(findingId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This finding is suppressed with its whole indicator: undo that suppression in the Global rules repository.',
    );
    const [row] = await t.db.query<{ suppressed: boolean }>('SELECT suppressed FROM gluon_findings WHERE id = $1', [
      findingId,
    ]);
    expect(row!.suppressed).toBe(true);

    const reader = await t.createUser({ tenantId, permissions: ['gln#rpt#r'] });
    const asReader = await undo(findingId, { authorization: `Bearer ${(await t.accessToken(reader)).token}` });
    expect(asReader.statusCode).toBe(403);
    const stranger = await t.createUser({ tenantId: await t.createTenant('Other') });
    const asStranger = await undo(findingId, { authorization: `Bearer ${(await t.accessToken(stranger)).token}` });
    expect(asStranger.statusCode).toBe(404);
  });
});
