import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';
import { readFixtureBundle } from '../../inspection/public';

/**
 * A suppression is found from the rule set ("N suppressed" lists the indicators it
 * covers) and can be undone; the matching it queues can be followed to its end. The worker is off
 * here: jobs stay as queued, and their progress (the queue's rows) is written by hand.
 */
describe('suppressions: listed, undone; matching followed', () => {
  let t: TestApp;
  let headers: { authorization: string };
  let tenantId: string;
  let ruleSetId: string;
  let indicator: { id: string; type: string; value: string };
  let deviceId: string;

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
    ruleSetId = imported.json().ruleSet.id;
    const page = await t.app.inject({
      method: 'GET',
      url: `/globalrulesrepository-backend/ruleSets/${ruleSetId}/indicators?size=1`,
      headers,
    });
    indicator = page.json().items[0];
    [{ id: deviceId }] = (await t.db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name) VALUES ($1, 'iPhone') RETURNING id",
      [tenantId],
    )) as [{ id: string }];
    // The import queued a matching job; the tests below write their own.
    await t.db.query('DELETE FROM queue_jobs');
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

  const incident = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/gluon-backend/incidents/${id}`, headers })).json();
  const suppressedList = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/globalrulesrepository-backend/ruleSets/${ruleSetId}/indicators?suppressed=true`,
        headers,
      })
    ).json();

  it('lists only the suppressed indicators on request; undoing a false positive reopens the incident it closed and queues matching', async () => {
    expect((await suppressedList()).total).toBe(0);
    const { incidentId, findingId } = await incidentWithFinding('malware--one', 'BackupAgent');
    const fp = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/findings/${findingId}/falsePositive`,
      headers,
      payload: { reason: 'Apple agent' },
    });
    expect(fp.statusCode, fp.body).toBe(201);
    expect((await incident(incidentId)).state).toBe('false_positive');
    const listed = await suppressedList();
    expect(listed.total).toBe(1);
    expect(listed.items[0]).toMatchObject({
      id: indicator.id,
      suppression: { reason: 'Apple agent', value: 'BackupAgent' },
    });
    const suppressionId = listed.items[0].suppression.id as string;
    await t.db.query('DELETE FROM queue_jobs');

    const undone = await t.app.inject({
      method: 'DELETE',
      url: `/globalrulesrepository-backend/suppressions/${suppressionId}`,
      headers,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      findings: 1,
      reopenedIncidents: [incidentId],
      suppression: { id: suppressionId, value: 'BackupAgent' },
    });
    const after = await incident(incidentId);
    expect(after.state).toBe('open');
    expect(after.evidence[0]).toMatchObject({ suppressed: false, suppressionReason: null });
    expect(after.timeline.at(-1)).toMatchObject({
      kind: 'unsuppressed',
      fromState: 'false_positive',
      toState: 'open',
      comment: 'Apple agent',
    });
    expect((await suppressedList()).total).toBe(0);
    const [audit] = await t.db.query<{ target: string; details: { findings: number } }>(
      "SELECT target, details FROM audit_events WHERE action = 'gluon.indicator.unsuppress'",
    );
    expect(audit).toMatchObject({ target: indicator.id, details: { findings: 1 } });
    // Observations matched while it stood were never stored: a tenant-wide matching is queued.
    const matching = await t.app.inject({ method: 'GET', url: '/globalrulesrepository-backend/matching', headers });
    expect(matching.json()).toMatchObject({ state: 'queued', devicesDone: 0, devicesTotal: 1 });

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/globalrulesrepository-backend/suppressions/${suppressionId}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('leaves an incident an analyst triaged in its state, and a finding another suppression covers suppressed', async () => {
    const { incidentId, findingId } = await incidentWithFinding('malware--two', 'OtherAgent');
    const whole = await t.app.inject({
      method: 'POST',
      url: '/globalrulesrepository-backend/suppressions',
      headers,
      payload: { indicatorId: indicator.id, reason: 'Whole indicator' },
    });
    expect(whole.statusCode, whole.body).toBe(201);
    const fp = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/findings/${findingId}/falsePositive`,
      headers,
      payload: { reason: 'This value' },
    });
    expect(fp.statusCode, fp.body).toBe(201);
    const triage = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/incidents/${incidentId}/triage`,
      headers,
      payload: { state: 'benign', comment: 'Lab phone' },
    });
    expect(triage.statusCode, triage.body).toBe(200);
    const narrow = fp.json().suppression.id as string;
    // The value's suppression goes; the whole indicator's still covers the finding.
    const undone = await t.app.inject({
      method: 'DELETE',
      url: `/globalrulesrepository-backend/suppressions/${narrow}`,
      headers,
    });
    expect(undone.json()).toMatchObject({ findings: 0, reopenedIncidents: [] });
    const undoneWhole = await t.app.inject({
      method: 'DELETE',
      url: `/globalrulesrepository-backend/suppressions/${whole.json().suppression.id}`,
      headers,
    });
    // It also covered the first test's finding (whose incident it had closed: that one reopens).
    expect(undoneWhole.json().findings).toBe(2);
    expect(undoneWhole.json().reopenedIncidents).toHaveLength(1);
    expect(undoneWhole.json().reopenedIncidents).not.toContain(incidentId);
    const after = await incident(incidentId);
    expect(after.state).toBe('benign');
    expect(after.evidence[0].suppressed).toBe(false);
    expect(after.timeline.at(-1)).toMatchObject({ kind: 'unsuppressed', fromState: 'benign', toState: 'benign' });
  });

  it("refuses another tenant's suppression (404) and a reader (403)", async () => {
    const { findingId } = await incidentWithFinding('malware--three', 'Third');
    const fp = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/findings/${findingId}/falsePositive`,
      headers,
      payload: { reason: 'x' },
    });
    const id = fp.json().suppression.id as string;
    const stranger = await t.createUser({ tenantId: await t.createTenant('Other') });
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/globalrulesrepository-backend/suppressions/${id}`,
      headers: { authorization: `Bearer ${(await t.accessToken(stranger)).token}` },
    });
    expect(other.statusCode).toBe(404);
    const reader = await t.createUser({ tenantId, permissions: ['gln#cfg#r'] });
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/globalrulesrepository-backend/suppressions/${id}`,
      headers: { authorization: `Bearer ${(await t.accessToken(reader)).token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await suppressedList()).total).toBe(1);
  });

  it('follows matching: idle, running with devices done, done with the new findings, failed with its reason', async () => {
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: '/globalrulesrepository-backend/matching', headers })).json();
    await t.db.query('DELETE FROM queue_jobs');
    expect(await status()).toMatchObject({ state: 'idle', queuedAt: null });
    const [job] = await t.db.query<{ id: string }>(
      `INSERT INTO queue_jobs (queue, data, singleton_key, state, attempts, created_at)
       VALUES ('gluon.rescan', $1, $2, 'active', 1, now() - interval '1 minute') RETURNING id`,
      [JSON.stringify({ tenantId }), `rematch:${tenantId}`],
    );
    await t.db.query(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, new_finding_count) VALUES ($1, $2, 'rematch', 'done', 2)",
      [tenantId, deviceId],
    );
    // A newer finished job does not hide the one still running.
    await t.db.query(
      "INSERT INTO queue_jobs (queue, data, singleton_key, state, created_at, finished_at) VALUES ('gluon.rescan', $1, $2, 'completed', now(), now())",
      [JSON.stringify({ tenantId }), `rematch:${tenantId}`],
    );
    expect(await status()).toMatchObject({
      state: 'running',
      devicesDone: 1,
      devicesTotal: 1,
      newFindings: 2,
      finishedAt: null,
    });
    await t.db.query("DELETE FROM queue_jobs WHERE state = 'completed'");
    await t.db.query("UPDATE queue_jobs SET state = 'completed', finished_at = now() WHERE id = $1", [job!.id]);
    const done = await status();
    expect(done).toMatchObject({ state: 'done', devicesDone: 1, newFindings: 2, error: null });
    expect(done.finishedAt).toEqual(expect.any(String));
    // Waiting for a retry after a failed attempt: queued again, its last error not shown yet.
    await t.db.query("UPDATE queue_jobs SET state = 'retry', error = 'boom', finished_at = NULL WHERE id = $1", [
      job!.id,
    ]);
    expect(await status()).toMatchObject({ state: 'queued', error: null, finishedAt: null });
    await t.db.query(
      "UPDATE queue_jobs SET state = 'failed', finished_at = now(), error = 'The inspection stopped 3 times; it was not retried.' WHERE id = $1",
      [job!.id],
    );
    expect(await status()).toMatchObject({
      state: 'failed',
      error: 'The inspection stopped 3 times; it was not retried.',
    });
    // A failure from before the queue's retention (completed jobs since purged) is not shown.
    await t.db.query("UPDATE queue_jobs SET created_at = now() - interval '8 days' WHERE id = $1", [job!.id]);
    expect(await status()).toMatchObject({ state: 'idle', error: null });
  });
});
