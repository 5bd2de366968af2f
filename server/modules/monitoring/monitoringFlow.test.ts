import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Mailer, MailMessage } from '../../contracts';
import { readMigrations } from '../../db/migrate';
import { listOutbox, readOutboxAttachment } from '../../services/mailbox';
import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';
import { recordFindings } from '../gluon/public';
import type { Finding } from '../inspection/public';
import { createDeviceGroup } from './services/deviceGroups';
import { MonitoringRunner } from './services/monitoringRunner';
import { createRule } from './services/rules';
import { createSilence } from './services/silences';
import { listUnsubscribedRecipients, resubscribe } from './services/unsubscribedRecipients';
import { weeklyCsv } from './services/weeklySummary';

/**
 * Monitoring end to end on the database (PGlite, or PostgreSQL under server-pg): gluon rows become
 * alerts, rules turn them into deliveries, the job loop mails them once, with an injected clock.
 */
describe('monitoring alerts and deliveries', () => {
  let t: TestApp;
  let tenantId: string;
  let analyst: TestUser;
  let now: Date;
  const clock = () => now;
  const advance = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
  const worker = (mailer: Mailer = t.app.mailer) =>
    new MonitoringRunner({
      db: t.db,
      mailer,
      tokens: t.app.tokens,
      publicUrl: t.config.publicUrl,
      log: t.app.log,
      clock,
      staleDays: 14,
    });

  beforeAll(async () => {
    t = await createTestApp();
    tenantId = await t.createTenant('Monitored');
    analyst = await t.createUser({ tenantId, email: 'analyst@example.com' });
  });
  afterAll(() => t?.close());
  beforeEach(async () => {
    // Each test starts from no alerts, rules or mails; time runs from the real now.
    now = new Date();
    for (const table of [
      'monitoring_alerts',
      'monitoring_rules',
      'monitoring_deliveries',
      'monitoring_silences',
      'monitoring_device_groups',
      'unsubscribes',
      'mail_outbox',
      'queue_jobs',
    ])
      await t.db.query(`DELETE FROM ${table}`);
    await t.db.query('DELETE FROM gluon_devices WHERE tenant_id = $1', [tenantId]);
  });

  async function device(name: string, lastInspection: Date | null = new Date()): Promise<string> {
    const [d] = await t.db.query<{ id: string }>(
      'INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) VALUES ($1, $2, $3) RETURNING id',
      [tenantId, name, lastInspection],
    );
    return d!.id;
  }
  async function inspection(deviceId: string, status = 'done'): Promise<string> {
    const [n] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, file_name, finished_at) VALUES ($1, $2, 'upload', $3, 'sample.zip', now()) RETURNING id",
      [tenantId, deviceId, status],
    );
    return n!.id;
  }
  const finding = (i: number, family = 'malware--dark', name = 'DarkSword'): Finding => ({
    observation: { kind: 'path', value: `/private/var/tmp/implant-${i}`, source: 'ps.txt', line: i },
    indicator: {
      id: `indicator--${i}`,
      type: 'file:path',
      value: `/private/var/tmp/implant-${i}`,
      pattern: `[file:path = '/private/var/tmp/implant-${i}']`,
    },
    family: { id: family, name },
    ruleSet: { id: 'bundle--1', name: 'Rules', version: '1' },
    route: 'exact',
  });
  async function infect(deviceId: string, findings: Finding[]): Promise<void> {
    const inspectionId = await inspection(deviceId);
    await t.db.tx((q) => recordFindings(q, { tenantId, deviceId, inspectionId, findings, ruleSetIds: new Map() }));
  }
  const alerts = () =>
    t.db.query<{ category: string; severity: string; title: string }>(
      'SELECT category, severity, title FROM monitoring_alerts ORDER BY created_at, title',
    );
  const highToMe = (extra: Partial<Parameters<typeof createRule>[2]> = {}) =>
    createRule(
      t.db,
      tenantId,
      {
        name: 'High and above to me',
        minSeverity: 'high',
        frequency: 'immediate',
        recipients: [{ userId: analyst.id }],
        ...extra,
      },
      analyst.id,
    );

  it('raises one alert per new or reopened incident, however many instances scan', async () => {
    const d = await device('CEO iPhone');
    await infect(d, [finding(1)]);
    const [a, b] = [worker(), worker()];
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect(ra.alerts + rb.alerts).toBe(1);
    expect(await alerts()).toEqual([
      { category: 'incident', severity: 'high', title: 'New incident: DarkSword on CEO iPhone' },
    ]);
    expect((await a.tick()).alerts).toBe(0);
    // Triaged false positive, then a new finding reopens it: a second alert.
    await t.db.query("UPDATE gluon_incidents SET state = 'false_positive' WHERE device_id = $1", [d]);
    await infect(d, [finding(2)]);
    expect((await a.tick()).alerts).toBe(1);
    expect((await alerts()).map((x) => x.title)).toContain('Incident reopened: DarkSword on CEO iPhone');
  });

  it('raises alerts for findings on watched devices, failed inspections and stale devices', async () => {
    const watched = await device('Exec phone');
    const other = await device('Lab phone');
    await createDeviceGroup(t.db, tenantId, { name: 'Executives', watched: true, deviceIds: [watched] });
    await infect(watched, [finding(1), finding(2)]);
    await infect(other, [finding(3)]);
    await inspection(other, 'failed');
    await device('Old phone', new Date(now.getTime() - 10 * 86400_000));
    const w = worker();
    await w.tick();
    const byCategory = (await alerts()).reduce<Record<string, number>>(
      (acc, a) => ({ ...acc, [a.category]: (acc[a.category] ?? 0) + 1 }),
      {},
    );
    expect(byCategory).toEqual({ incident: 2, finding: 2, inspection_failed: 1 });
    // Five days later by monitoring's clock the old phone is 15 days without inspection.
    advance(5 * 86400);
    expect((await w.tick()).alerts).toBe(1);
    expect((await alerts()).filter((a) => a.category === 'stale')).toEqual([
      { category: 'stale', severity: 'low', title: 'Old phone not inspected for 14 days' },
    ]);
    expect((await w.tick()).alerts).toBe(0);
  });

  it("raises one alert per saved hunt and new inspection it matched, none for the hunt's first run", async () => {
    const d = await device('Field phone');
    const before = await inspection(d);
    await t.db.query("UPDATE gluon_inspections SET finished_at = now() - interval '1 day' WHERE id = $1", [before]);
    const [hunt] = await t.db.query<{ id: string }>(
      `INSERT INTO neutrino_saved_hunts (tenant_id, name, type, query) VALUES ($1, 'helperd anywhere', 'hunt', '{"mode":"contains","value":"helperd"}') RETURNING id`,
      [tenantId],
    );
    const match = (inspectionId: string, value: string) =>
      t.db.query(
        "INSERT INTO neutrino_hunt_matches (tenant_id, hunt_id, device_id, inspection_id, kind, value) VALUES ($1, $2, $3, $4, 'process', $5)",
        [tenantId, hunt!.id, d, inspectionId, value],
      );
    // Saving the hunt matched what was already collected: shown on screen then, no alert.
    await match(before, 'helperd');
    const fresh = await inspection(d);
    await match(fresh, 'helperd');
    await match(fresh, '/usr/libexec/helperd');
    const w = worker();
    expect((await w.tick()).alerts).toBe(1);
    expect((await w.tick()).alerts).toBe(0);
    const rows = await t.db.query<{
      category: string;
      title: string;
      hunt_id: string;
      device_id: string;
      inspection_id: string;
    }>("SELECT category, title, hunt_id, device_id, inspection_id FROM monitoring_alerts WHERE category = 'hunt'");
    expect(rows).toEqual([
      {
        category: 'hunt',
        title: 'Saved hunt "helperd anywhere" matched on Field phone: process /usr/libexec/helperd and 1 more',
        hunt_id: hunt!.id,
        device_id: d,
        inspection_id: fresh,
      },
    ]);
    await t.db.query('DELETE FROM neutrino_saved_hunts WHERE id = $1', [hunt!.id]);
  });

  it('mails a matching alert after the grouping window, grouped, with its links, once', async () => {
    await highToMe({ groupWindowSeconds: 30 });
    await createRule(
      t.db,
      tenantId,
      {
        name: 'Failures only',
        minSeverity: 'low',
        category: 'inspection_failed',
        frequency: 'immediate',
        recipients: [{ email: 'soc@outside.example' }],
      },
      null,
    );
    const d1 = await device('Phone A');
    const d2 = await device('Phone B');
    await infect(d1, [finding(1)]);
    await infect(d2, [finding(2, 'malware--king', 'KingSpawn')]);
    const w = worker();
    const first = await w.tick();
    expect(first.queued).toBe(2);
    expect(first.deliveries.sent).toBe(0);
    expect(await t.outbox()).toEqual([]);
    advance(31);
    expect((await w.tick()).deliveries.sent).toBe(1);
    const mails = await t.outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe('analyst@example.com');
    expect(mails[0]!.subject).toBe('[Monitoring] 2 alerts: New incident: DarkSword on Phone A and 1 more');
    const [incident] = await t.db.query<{ id: string }>('SELECT id FROM gluon_incidents WHERE device_id = $1', [d1]);
    expect(mails[0]!.body_text).toContain(`${t.config.publicUrl}/incident-management/${incident!.id}`);
    expect(mails[0]!.body_text).toMatch(/Unsubscribe: http:\/\/127\.0\.0\.1:8080\/unsubscribe\?jwt=\S+/);
    // Times in ISO 8601, to the second, with the clock named (no raw milliseconds).
    expect(mails[0]!.body_text).toMatch(/ {2}Seen \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z \(UTC\)\. Open: /);
    const [html] = await t.db.query<{ body_html: string }>('SELECT body_html FROM mail_outbox');
    expect(html!.body_html).toContain('<a href="http://127.0.0.1:8080/incident-management/');
    // The outside address's rule (failures only) matched nothing; nothing more is sent later.
    advance(3600);
    expect((await w.tick()).deliveries.sent).toBe(0);
    expect(await t.outbox()).toHaveLength(1);
  });

  it('sends a daily digest at the next UTC midnight', async () => {
    now = new Date('2026-03-10T09:00:00Z');
    await highToMe({ frequency: 'daily' });
    await infect(await device('Phone'), [finding(1)]);
    const w = worker();
    await w.tick();
    now = new Date('2026-03-10T23:59:00Z');
    expect((await w.tick()).deliveries.sent).toBe(0);
    now = new Date('2026-03-11T00:00:00Z');
    expect((await w.tick()).deliveries.sent).toBe(1);
    expect((await t.outbox())[0]!.subject).toBe('[Monitoring] daily digest: 1 alert');
    const [delivery] = await t.db.query<{ due_at: Date; frequency: string }>(
      'SELECT due_at, frequency FROM monitoring_deliveries',
    );
    expect(delivery).toEqual({ due_at: new Date('2026-03-11T00:00:00Z'), frequency: 'daily' });
  });

  it('sends the weekly summary on Monday 00:00 UTC with the fleet numbers', async () => {
    now = new Date('2026-03-11T15:00:00Z'); // a Wednesday
    await highToMe({ frequency: 'weekly' });
    await infect(await device('Phone'), [finding(1)]);
    const w = worker();
    await w.tick();
    now = new Date('2026-03-15T23:59:59Z');
    expect((await w.tick()).deliveries.sent).toBe(0);
    now = new Date('2026-03-16T00:00:00Z');
    expect((await w.tick()).deliveries.sent).toBe(1);
    const [mail] = await t.outbox();
    expect(mail!.subject).toBe('[Monitoring] weekly summary: 1 alert');
    expect(mail!.body_text).toContain('Devices: 1 (High 1, Medium 0, Low 0, Secure 0)');
    expect(mail!.body_text).toContain(`Overview: ${t.config.publicUrl}/monitoring`);
    // The week's alerts as a CSV attachment, stored with the mail and offered by the dev mailbox.
    const [stored] = await listOutbox(t.db, { to: 'analyst@example.com', limit: 1 });
    expect(stored!.attachments).toEqual([
      { filename: 'monitoring-week-2026-03-09.csv', contentType: 'text/csv; charset=utf-8', size: expect.any(Number) },
    ]);
    const csv = await readOutboxAttachment(t.db, stored!.id, 0);
    const [header, line, end] = csv!.content.split('\r\n');
    expect(header).toBe('severity,category,title,device,family,first seen,last seen,status');
    expect(line).toMatch(
      /^"high","incident","New incident: DarkSword on Phone","Phone","DarkSword","[^"]+Z \(UTC\)","[^"]+Z \(UTC\)","active"$/,
    );
    expect(end).toBe('');
  });

  it('escapes the weekly CSV cells with common/csv', () => {
    const alert = {
      id: 'a',
      tenantId,
      sourceKey: 'k',
      category: 'incident' as const,
      severity: 'high' as const,
      title: '=HYPERLINK("x")',
      deviceName: 'Bob\'s "phone", 2',
      deviceDisplayName: 'Bob\'s "phone", 2',
      deviceId: null,
      familyId: null,
      familyName: null,
      incidentId: null,
      inspectionId: null,
      huntId: null,
      firstSeen: new Date('2026-03-10T00:00:00Z'),
      lastSeen: new Date('2026-03-11T00:00:00Z'),
      status: 'active' as const,
    };
    const csv = weeklyCsv([alert], new Date('2026-03-09T00:00:00Z'));
    expect(csv.content.split('\r\n')[1]).toBe(
      `"high","incident","'=HYPERLINK(""x"")","Bob's ""phone"", 2","","2026-03-10T00:00:00Z (UTC)","2026-03-11T00:00:00Z (UTC)","active"`,
    );
    // In the tenant's zone, named: 00:00 UTC is 05:30 in India.
    const zoned = weeklyCsv([alert], new Date('2026-03-09T00:00:00Z'), { offset: 5.5, name: 'IST' });
    expect(zoned.content.split('\r\n')[1]).toContain(
      '"2026-03-10T05:30:00+05:30 (IST)","2026-03-11T05:30:00+05:30 (IST)"',
    );
  });

  it('sends the weekly summary in a week without alerts, once, with the fleet numbers and an empty CSV', async () => {
    now = new Date('2026-03-11T15:00:00Z'); // a Wednesday
    const ruleId = await highToMe({ frequency: 'weekly' });
    await highToMe({ name: 'At once', frequency: 'immediate' });
    // Recipients added that Thursday (the test's clock is behind the database's now()).
    await t.db.query("UPDATE monitoring_recipients SET created_at = '2026-03-12T00:00:00Z' WHERE tenant_id = $1", [
      tenantId,
    ]);
    await device('Quiet phone');
    const w = worker();
    // No summary for the week before they were added.
    expect((await w.tick()).deliveries.sent).toBe(0);
    now = new Date('2026-03-15T23:59:59Z');
    expect((await w.tick()).deliveries.sent).toBe(0);
    now = new Date('2026-03-16T00:00:00Z');
    expect((await w.tick()).deliveries.sent).toBe(1);
    expect((await w.tick()).deliveries.sent).toBe(0);
    const mails = await t.outbox();
    expect(mails.map((m) => m.subject)).toEqual(['[Monitoring] weekly summary: no alerts']);
    expect(mails[0]!.body_text).toContain('No alerts this week.');
    expect(mails[0]!.body_text).toContain('Devices: 1 (High 0, Medium 0, Low 0, Secure 1)');
    expect(mails[0]!.body_text).toContain('Unsubscribe: ');
    const [stored] = await listOutbox(t.db, { to: 'analyst@example.com', limit: 1 });
    expect((await readOutboxAttachment(t.db, stored!.id, 0))!.content).toBe(
      'severity,category,title,device,family,first seen,last seen,status\r\n',
    );
    // A recipient who unsubscribed from the rule gets no summary the week after.
    await t.db.query(
      "INSERT INTO unsubscribes (tenant_id, email, notification) VALUES ($1, 'analyst@example.com', $2)",
      [tenantId, `monitoring:${ruleId}`],
    );
    now = new Date('2026-03-23T00:00:01Z');
    expect((await w.tick()).deliveries.sent).toBe(0);
    expect(await t.outbox()).toHaveLength(1);
  });

  it('sends nothing for a silenced rule or device while the silence lasts', async () => {
    const ruleId = await highToMe({ groupWindowSeconds: 0 });
    const muted = await device('Muted');
    await createSilence(
      t.db,
      tenantId,
      {
        ruleId: null,
        deviceId: muted,
        startsAt: now,
        endsAt: new Date(now.getTime() + 3600_000),
        reason: 'Lab device',
      },
      analyst.id,
    );
    await infect(muted, [finding(1)]);
    const w = worker();
    expect((await w.tick()).queued).toBe(0);
    await createSilence(
      t.db,
      tenantId,
      { ruleId, deviceId: null, startsAt: now, endsAt: new Date(now.getTime() + 60_000), reason: 'Maintenance' },
      analyst.id,
    );
    await infect(await device('Other'), [finding(2)]);
    expect((await w.tick()).queued).toBe(0);
    // After the rule's silence ends, new alerts go out again.
    advance(61);
    await infect(await device('Third'), [finding(3)]);
    const r = await w.tick();
    expect(r.queued).toBe(1);
    expect(r.deliveries.sent).toBe(1);
  });

  it('honours "from this notification" and "from all", and an administrator undoes them', async () => {
    const ruleA = await highToMe({ groupWindowSeconds: 0 });
    await createRule(
      t.db,
      tenantId,
      {
        name: 'Everything',
        minSeverity: 'low',
        frequency: 'immediate',
        groupWindowSeconds: 0,
        recipients: [{ userId: analyst.id }],
      },
      null,
    );
    const w = worker();
    await infect(await device('P1'), [finding(1)]);
    await w.tick();
    const mails = await t.outbox();
    expect(mails).toHaveLength(2);
    const fromA = mails.find((m) => m.body_text.includes('"High and above to me"'))!;
    const jwt = decodeURIComponent(/unsubscribe\?jwt=(\S+)/.exec(fromA.body_text)![1]!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/externalNotifications/recipients/unsubscribe?all=false',
      payload: { jwt },
    });
    expect(res.statusCode).toBe(200);
    await t.db.query('DELETE FROM mail_outbox');
    await infect(await device('P2'), [finding(2)]);
    await w.tick();
    expect((await t.outbox()).map((m) => m.body_text.includes('"Everything"'))).toEqual([true]);
    expect(await listUnsubscribedRecipients(t.db, tenantId)).toMatchObject([
      { email: 'analyst@example.com', ruleId: ruleA, ruleName: 'High and above to me' },
    ]);
    // From all: the other rule's mails stop too.
    const other = (await t.outbox())[0]!;
    const jwtAll = decodeURIComponent(/unsubscribe\?jwt=(\S+)/.exec(other.body_text)![1]!);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/gluon-backend/externalNotifications/recipients/unsubscribe?all=true',
          payload: { jwt: jwtAll },
        })
      ).statusCode,
    ).toBe(200);
    await t.db.query('DELETE FROM mail_outbox');
    await infect(await device('P3'), [finding(3)]);
    expect((await w.tick()).queued).toBe(0);
    expect(await t.outbox()).toEqual([]);
    // The administrator subscribes them again to everything.
    expect(await resubscribe(t.db, tenantId, { email: 'Analyst@example.com', ruleId: null })).toBe(2);
    expect(await listUnsubscribedRecipients(t.db, tenantId)).toEqual([]);
    await infect(await device('P4'), [finding(4)]);
    await w.tick();
    expect(await t.outbox()).toHaveLength(2);
  });

  it("keeps two tenants' unsubscribes apart for the same address", async () => {
    const other = await t.createTenant('Other tenant');
    const shared = { email: 'Shared@outside.example' };
    await createRule(
      t.db,
      tenantId,
      { name: 'Ours', minSeverity: 'low', frequency: 'immediate', groupWindowSeconds: 0, recipients: [shared] },
      null,
    );
    await createRule(
      t.db,
      other,
      { name: 'Theirs', minSeverity: 'low', frequency: 'immediate', groupWindowSeconds: 0, recipients: [shared] },
      null,
    );
    const infectIn = async (tenant: string, name: string, i: number) => {
      const [d] = await t.db.query<{ id: string }>(
        'INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) VALUES ($1, $2, now()) RETURNING id',
        [tenant, name],
      );
      const [n] = await t.db.query<{ id: string }>(
        "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, file_name, finished_at) VALUES ($1, $2, 'upload', 'done', 'sample.zip', now()) RETURNING id",
        [tenant, d!.id],
      );
      await t.db.tx((q) =>
        recordFindings(q, {
          tenantId: tenant,
          deviceId: d!.id,
          inspectionId: n!.id,
          findings: [finding(i)],
          ruleSetIds: new Map(),
        }),
      );
    };
    const w = worker();
    await infectIn(tenantId, 'Ours 1', 1);
    await w.tick();
    const ours = (await t.outbox()).find((m) => m.body_text.includes('"Ours"'))!;
    const jwt = decodeURIComponent(/unsubscribe\?jwt=(\S+)/.exec(ours.body_text)![1]!);
    // "From all" through our tenant's mail.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/gluon-backend/externalNotifications/recipients/unsubscribe?all=true',
          payload: { jwt },
        })
      ).statusCode,
    ).toBe(200);
    await t.db.query('DELETE FROM mail_outbox');
    await infectIn(tenantId, 'Ours 2', 2);
    await infectIn(other, 'Theirs 1', 3);
    await w.tick();
    // Our mail stops; the other tenant's mail to the same address still goes out.
    expect((await t.outbox()).map((m) => m.body_text.includes('"Theirs"'))).toEqual([true]);
    expect(await listUnsubscribedRecipients(t.db, tenantId)).toMatchObject([
      { email: 'shared@outside.example', ruleId: null },
    ]);
    expect(await listUnsubscribedRecipients(t.db, other)).toEqual([]);
    // Only our administrator can undo it, and undoing it touches no other tenant's row.
    expect(await resubscribe(t.db, other, { email: 'shared@outside.example', ruleId: null })).toBe(0);
    expect(await resubscribe(t.db, tenantId, { email: 'shared@outside.example', ruleId: null })).toBe(1);
    await t.db.query('DELETE FROM gluon_devices WHERE tenant_id = $1', [other]);
  });

  it('skips a queued delivery whose recipient unsubscribed before it went out', async () => {
    const ruleId = await highToMe({ groupWindowSeconds: 60 });
    const w = worker();
    await infect(await device('P'), [finding(1)]);
    expect((await w.tick()).queued).toBe(1);
    await t.db.query(
      "INSERT INTO unsubscribes (tenant_id, email, notification) VALUES ($1, 'analyst@example.com', $2)",
      [tenantId, `monitoring:${ruleId}`],
    );
    advance(61);
    expect((await w.tick()).deliveries).toMatchObject({ sent: 0, skipped: 1 });
    expect(await t.outbox()).toEqual([]);
  });

  it('sends a delivery once when two workers claim together', async () => {
    await highToMe({ groupWindowSeconds: 60 });
    for (let i = 0; i < 6; i++) await infect(await device(`Phone ${i}`), [finding(i)]);
    expect((await worker().tick()).queued).toBe(6);
    advance(61);
    const results = await Promise.all([worker().tick(), worker().tick()]);
    const sent = results.reduce((n, r) => n + r.deliveries.sent, 0);
    const [{ n }] = (await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM monitoring_deliveries WHERE status = 'sent'",
    )) as [{ n: number }];
    expect(sent).toBe(1);
    expect(n).toBe(1);
    expect(await t.outbox()).toHaveLength(1);
  });

  it('the migration to the job queue gives each waiting delivery its job, keeping its attempts; the queue sends it', async () => {
    await highToMe({ groupWindowSeconds: 0 });
    await infect(await device('P'), [finding(1)]);
    const w = worker();
    await w.worker.tick();
    // As the old loop left them: one delivery waiting after two failed attempts, one claimed by an instance that stopped.
    await t.db.query('DELETE FROM queue_jobs');
    await t.db.query("UPDATE monitoring_deliveries SET status = 'pending', attempts = 2, due_at = $1", [now]);
    const [claimed] = await t.db.query<{ id: string }>(
      "INSERT INTO monitoring_deliveries (tenant_id, email, frequency, status, due_at, attempts, claimed_by) VALUES ($1, 'x@example.com', 'immediate', 'sending', $2, 1, 'old-loop') RETURNING id",
      [tenantId, now],
    );
    const migration = (await readMigrations()).find((m) => m.name.endsWith('_monitoring_deliveries_on_queue.sql'))!;
    await t.db.tx((q) => q.exec(migration.sql));
    // Run twice (a restart in the middle): still one job per delivery.
    await t.db.tx((q) => q.exec(migration.sql));
    const jobs = await t.db.query<{ state: string; attempts: number; retry_limit: number; tenant_id: string }>(
      "SELECT state, attempts, retry_limit, tenant_id FROM queue_jobs WHERE queue = 'monitoring.delivery' ORDER BY attempts DESC",
    );
    expect(jobs).toEqual([
      { state: 'retry', attempts: 2, retry_limit: 7, tenant_id: tenantId },
      { state: 'retry', attempts: 1, retry_limit: 7, tenant_id: tenantId },
    ]);
    const r = await w.tick();
    // The claimed one has no rule any more (a bare row): skipped; the waiting one is sent on its third attempt.
    expect(r.deliveries).toMatchObject({ sent: 1, skipped: 1 });
    const rows = await t.db.query<{ id: string; status: string; attempts: number }>(
      'SELECT id, status, attempts FROM monitoring_deliveries ORDER BY attempts DESC',
    );
    expect(rows).toEqual([
      { id: expect.any(String), status: 'sent', attempts: 3 },
      { id: claimed!.id, status: 'skipped', attempts: 2 },
    ]);
  });

  it('retries with backoff while SMTP is down and delivers once, late, when it is back', async () => {
    let smtpUp = false;
    const accepted: MailMessage[] = [];
    const flaky: Mailer = {
      async send(_tenant, message) {
        if (!smtpUp) return { id: 'x', error: 'connect ECONNREFUSED 127.0.0.1:25' };
        accepted.push(message);
        return { id: 'y', error: null };
      },
    };
    await highToMe({ groupWindowSeconds: 0 });
    await infect(await device('P'), [finding(1)]);
    const w = worker(flaky);
    expect((await w.tick()).deliveries.retry).toBe(1);
    // Not before the backoff has passed.
    advance(10);
    expect((await w.tick()).deliveries.retry).toBe(0);
    advance(25);
    expect((await w.tick()).deliveries.retry).toBe(1);
    const [row] = await t.db.query<{ status: string; attempts: number; last_error: string }>(
      'SELECT status, attempts, last_error FROM monitoring_deliveries',
    );
    expect(row).toEqual({ status: 'pending', attempts: 2, last_error: 'connect ECONNREFUSED 127.0.0.1:25' });
    smtpUp = true;
    advance(120);
    // A restarted instance (a new worker) picks it up: nothing was lost.
    expect((await worker(flaky).tick()).deliveries.sent).toBe(1);
    advance(3600);
    await w.tick();
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.subject).toBe('[Monitoring] New incident: DarkSword on P');
  });
});
