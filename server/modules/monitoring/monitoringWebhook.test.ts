import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { recordFindings } from '../gluon/public';
import { MonitoringRunner } from './services/monitoringRunner';
import { webhookPolicy } from './services/webhookTarget';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver a SIEM would run: checks the signature as the README tells, answers what the test queues. */
function verify(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['x-monitoring-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex')}`;
  const given = Buffer.from(String(r.headers['x-monitoring-signature']));
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}

/**
 * Monitoring's webhook channel on the database (PGlite, or PostgreSQL under server-pg): a rule
 * sends signed POSTs to a receiver on loopback (allowed through MONITORING_WEBHOOK_ALLOW), retried
 * on failure, sent once with two workers; addresses inside the network are refused on save and at
 * send time; the secret is shown once.
 */
describe('monitoring webhooks', () => {
  let t: TestApp;
  let tenantId: string;
  let cfg: string;
  let receiver: Server;
  let port: number;
  const received: Received[] = [];
  const answers: number[] = [];
  const logged: string[] = [];
  let now: Date;
  const worker = () =>
    new MonitoringRunner({
      db: t.db,
      mailer: t.app.mailer,
      tokens: t.app.tokens,
      publicUrl: t.config.publicUrl,
      log: {
        warn: (...a: unknown[]) => logged.push(JSON.stringify(a)),
        error: (...a: unknown[]) => logged.push(JSON.stringify(a)),
      } as never,
      clock: () => now,
      webhooks: webhookPolicy({ nodeEnv: 'test', allow: `127.0.0.1:${port}` }),
    });
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${cfg}` }, ...(payload ? { payload } : {}) });
  const rule = (webhookUrl: string) =>
    call('POST', '/monitoring-backend/rules', {
      name: 'High to the SIEM',
      minSeverity: 'high',
      frequency: 'immediate',
      groupWindowSeconds: 0,
      recipients: [{ webhookUrl }],
    });

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.statusCode = answers.shift() ?? 200;
        res.end(res.statusCode >= 300 ? 'receiver is down' : 'ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
    t = await createTestApp({ env: { MONITORING_WEBHOOK_ALLOW: `127.0.0.1:${port}` } });
    tenantId = await t.createTenant('Hooked');
    cfg = (await t.accessToken(await t.createUser({ tenantId, permissions: ['mnt#cfg#rw'], email: 'cfg@example.com' })))
      .token;
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });
  beforeEach(async () => {
    now = new Date();
    received.length = 0;
    answers.length = 0;
    for (const table of ['monitoring_alerts', 'monitoring_rules', 'monitoring_deliveries', 'queue_jobs'])
      await t.db.query(`DELETE FROM ${table}`);
    await t.db.query('DELETE FROM gluon_devices WHERE tenant_id = $1', [tenantId]);
  });

  async function infectedDevice(name: string): Promise<string> {
    const [d] = await t.db.query<{ id: string }>(
      'INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) VALUES ($1, $2, now()) RETURNING id',
      [tenantId, name],
    );
    const [n] = await t.db.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, file_name, finished_at) VALUES ($1, $2, 'upload', 'done', 'sample.zip', now()) RETURNING id",
      [tenantId, d!.id],
    );
    const findings = [
      {
        observation: { kind: 'path', value: '/private/var/tmp/implant', source: 'ps.txt', line: 1 },
        indicator: {
          id: 'indicator--1',
          type: 'file:path',
          value: '/private/var/tmp/implant',
          pattern: "[file:path = '/private/var/tmp/implant']",
        },
        family: { id: 'malware--dark', name: 'DarkSword' },
        ruleSet: { id: 'bundle--1', name: 'Rules', version: '1' },
        route: 'exact',
      },
    ] as never;
    await t.db.tx((q) =>
      recordFindings(q, { tenantId, deviceId: d!.id, inspectionId: n!.id, findings, ruleSetIds: new Map() }),
    );
    return d!.id;
  }
  const deliveries = async () =>
    (await call('GET', '/monitoring-backend/deliveries')).json<{
      items: { channel: string; email: string; status: string; attempts: number; lastError: string | null }[];
    }>().items;

  it('signs each POST, retries a failing receiver with backoff, sends once with two workers, and shows the secret only once', async () => {
    const created = await rule(`http://127.0.0.1:${port}/hook/T0KEN-IN-PATH?key=q`);
    expect(created.statusCode).toBe(201);
    const { webhooks } = created.json<{ id: string; webhooks: { host: string; secret: string }[] }>();
    expect(webhooks).toEqual([
      {
        recipientId: expect.any(String),
        host: `127.0.0.1:${port}`,
        secret: expect.stringMatching(/^whsec_[\w-]{43}$/),
      },
    ]);
    const secret = webhooks[0]!.secret;

    const deviceId = await infectedDevice('CEO iPhone');
    answers.push(503);
    const [a, b] = [worker(), worker()];
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect(ra.deliveries.retry + rb.deliveries.retry).toBe(1);
    expect(await deliveries()).toEqual([
      expect.objectContaining({
        channel: 'webhook',
        email: `127.0.0.1:${port}`,
        status: 'pending',
        attempts: 1,
        lastError: 'HTTP 503: receiver is down',
      }),
    ]);

    // Before the backoff nothing is sent again; after it, the receiver takes it.
    expect((await a.tick()).deliveries.sent).toBe(0);
    now = new Date(now.getTime() + 60_000);
    const [sa, sb] = await Promise.all([a.tick(), b.tick()]);
    expect(sa.deliveries.sent + sb.deliveries.sent).toBe(1);
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['x-monitoring-delivery']).toBe(received[0]!.headers['x-monitoring-delivery']);
    expect(received.every((r) => verify(secret, r))).toBe(true);
    expect(verify('whsec_wrong', received[1]!)).toBe(false);
    expect(verify(secret, { ...received[1]!, body: received[1]!.body.replace('CEO', 'CFO') })).toBe(false);
    const body = JSON.parse(received[1]!.body);
    expect(body.alerts).toEqual([
      expect.objectContaining({
        severity: 'high',
        category: 'incident',
        title: 'New incident: DarkSword on CEO iPhone',
        device: { id: deviceId, name: 'CEO iPhone', displayName: 'CEO iPhone', riskLevel: 'high' },
        family: { id: 'malware--dark', name: 'DarkSword' },
        links: expect.objectContaining({
          incident: expect.stringContaining('/incident-management/'),
          device: `${t.config.publicUrl}/devices/${deviceId}`,
        }),
      }),
    ]);
    expect(body.devices).toEqual([expect.objectContaining({ deviceId, riskLevel: 'high', openIncidents: 1 })]);
    expect(received[1]!.headers['content-type']).toBe('application/json');
    expect((await deliveries())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });

    // The secret (and the URL's path and query) are in no answer, log or audit entry; stored encrypted.
    const answersText = [
      (await call('GET', '/monitoring-backend/rules')).body,
      (await call('GET', '/monitoring-backend/deliveries')).body,
      JSON.stringify(await t.db.query('SELECT details FROM audit_events WHERE tenant_id = $1', [tenantId])),
      logged.join('\n'),
    ].join('\n');
    expect(answersText).toContain(`127.0.0.1:${port}`);
    expect(answersText).not.toContain(secret);
    expect(answersText).not.toContain('T0KEN-IN-PATH');
    const [stored] = await t.db.query<{ webhook_secret: string }>(
      "SELECT webhook_secret FROM monitoring_recipients WHERE channel = 'webhook'",
    );
    expect(stored!.webhook_secret).not.toContain(secret);
    expect(stored!.webhook_secret.startsWith('v1.')).toBe(true);
    const rules = (await call('GET', '/monitoring-backend/rules')).json<
      { recipients: { channel: string; email: string }[] }[]
    >();
    expect(rules[0]!.recipients).toEqual([
      { id: expect.any(String), userId: null, email: `127.0.0.1:${port}`, channel: 'webhook' },
    ]);
  });

  it.each([
    ['http://localhost:PORT/hook', /localhost is \(or resolves to\) (127\.0\.0\.1|::1), a loopback/],
    ['http://127.0.0.1:1/hook', /127\.0\.0\.1, a loopback/],
    ['http://2130706433:1/', /127\.0\.0\.1, a loopback/],
    ['http://0177.0.0.1:1/', /127\.0\.0\.1, a loopback/],
    ['http://0x7f.1:1/', /127\.0\.0\.1, a loopback/],
    ['http://[::ffff:127.0.0.1]:PORT/', /::ffff:7f00:1, a loopback/],
    ['http://[::1]/', /::1, a loopback/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254/],
    ['http://10.0.0.8/', /10\.0\.0\.8/],
    ['http://172.20.0.1/', /172\.20\.0\.1/],
    ['http://192.168.1.1/', /192\.168\.1\.1/],
    ['http://100.64.0.1/', /100\.64\.0\.1/],
    ['http://[fd00:ec2::254]/', /fd00:ec2::254/],
    ['http://[fe80::1]/', /fe80::1/],
    ['http://224.0.0.1/', /224\.0\.0\.1/],
    ['http://0.0.0.0/', /0\.0\.0\.0/],
    ['http://[::]/', /::, a loopback/],
    ['ftp://siem.example.com/', /must use https or http/],
    ['https://user:pw@siem.example.com/', /must not carry a user name or password/],
  ])('refuses %s on save with a clear 400', async (url, message) => {
    const answer = await rule(url.replace('PORT', String(port)));
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(message);
    expect(await t.db.query('SELECT 1 FROM monitoring_rules')).toHaveLength(0);
  });

  it('checks the address again at send time: a destination no longer allowed fails without a request', async () => {
    expect((await rule(`http://127.0.0.1:${port}/hook`)).statusCode).toBe(201);
    // As if DNS now answered a loopback address for the saved name.
    await t.db.query("UPDATE monitoring_recipients SET webhook_url = $1 WHERE channel = 'webhook'", [
      `http://localhost:${port}/hook`,
    ]);
    await infectedDevice('Lab phone');
    expect((await worker().tick()).deliveries.failed).toBe(1);
    expect(received).toHaveLength(0);
    expect(await deliveries()).toEqual([
      expect.objectContaining({
        status: 'failed',
        attempts: 1,
        lastError: expect.stringMatching(/localhost is \(or resolves to\) .*a loopback/),
      }),
    ]);
  });

  it('retries a webhook whose host does not resolve (DNS may come back)', async () => {
    expect((await rule(`http://127.0.0.1:${port}/hook`)).statusCode).toBe(201);
    await t.db.query(
      "UPDATE monitoring_recipients SET webhook_url = 'http://receiver.invalid/hook' WHERE channel = 'webhook'",
    );
    await infectedDevice('Spare phone');
    expect((await worker().tick()).deliveries.retry).toBe(1);
    expect(await deliveries()).toEqual([
      expect.objectContaining({
        status: 'pending',
        attempts: 1,
        lastError: 'The webhook host receiver.invalid does not resolve.',
      }),
    ]);
  });

  it('fails a delivery after its last attempt, with the reason in the log', async () => {
    expect((await rule(`http://127.0.0.1:${port}/hook`)).statusCode).toBe(201);
    await infectedDevice('Old phone');
    const w = worker();
    for (let i = 0; i < 8; i++) {
      answers.push(500);
      await w.tick();
      now = new Date(now.getTime() + 2 * 3600_000);
    }
    expect(received).toHaveLength(8);
    expect(await deliveries()).toEqual([
      expect.objectContaining({ status: 'failed', attempts: 8, lastError: 'HTTP 500: receiver is down' }),
    ]);
    // Its job is failed too, with the same error (the Administration jobs page); retried there, it is sent.
    const [job] = await w.queue.failurePage({ tenantId, limit: 10, offset: 0 }).then((p) => p.items);
    expect(job).toMatchObject({ queue: 'monitoring.delivery', attempts: 8, error: 'HTTP 500: receiver is down' });
    expect(await w.queue.retry(job!.id, { tenantId })).toEqual({ outcome: 'retried', queue: 'monitoring.delivery' });
    expect((await w.tick()).deliveries.sent).toBe(1);
    expect(received).toHaveLength(9);
    expect(await deliveries()).toEqual([expect.objectContaining({ status: 'sent', attempts: 9, lastError: null })]);
  });
});
