/**
 * `npx tsx server/bench/monitoringBench.ts`: monitoring's latency and throughput on PGlite.
 * 1. From an inspection finishing (its findings committed) to the alert mail accepted by an SMTP
 *    server on loopback, through the job loop as every instance runs it (2 s poll): with the
 *    grouping window off (target ≤ 5 s) and at the default 30 s (target ≤ 60 s).
 * 2. Alerts created per second when one inspection opens BENCH_FINDINGS (default 10,000) new
 *    findings on a watched device (one alert each).
 */
import Fastify from 'fastify';

import type { Database } from '../contracts';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { recordFindings } from '../modules/gluon/services/incidents';
import type { Finding } from '../modules/inspection/types';
import { registerAlertLoop } from '../modules/monitoring/services/alertLoopJob';
import { registerDeliveryWorker } from '../modules/monitoring/services/deliveryJobs';
import { createDeviceGroup } from '../modules/monitoring/services/deviceGroups';
import { MonitoringRunner } from '../modules/monitoring/services/monitoringRunner';
import { MonitoringWorker } from '../modules/monitoring/services/monitoringWorker';
import { createRule } from '../modules/monitoring/services/rules';
import { startSmtpReceiver } from '../ops/smtpReceiver';
import { generateSigningKeyPem, signingKeyFromPem } from '../plugins/keys';
import { createMailer } from '../plugins/mailer';
import { createTokenService } from '../plugins/tokens';
import { JobQueue } from '../queue';

const findingsCount = Number(process.env.BENCH_FINDINGS ?? 10_000);
const log = Fastify({ logger: false }).log;

const finding = (i: number, family: string): Finding => ({
  observation: { kind: 'path', value: `/private/var/tmp/bench-${family}-${i}`, source: 'ps.txt', line: i },
  indicator: {
    id: `indicator--${family}-${i}`,
    type: 'file:path',
    value: `/private/var/tmp/bench-${family}-${i}`,
    pattern: `[file:path = 'x']`,
  },
  family: { id: `malware--${family}`, name: family },
  ruleSet: { id: 'bundle--bench', name: 'Bench', version: '1' },
  route: 'exact',
});

async function device(
  db: Database,
  tenantId: string,
  name: string,
): Promise<{ deviceId: string; inspectionId: string }> {
  const [d] = await db.query<{ id: string }>(
    'INSERT INTO gluon_devices (tenant_id, name, last_inspection_at) VALUES ($1, $2, now()) RETURNING id',
    [tenantId, name],
  );
  const [n] = await db.query<{ id: string }>(
    "INSERT INTO gluon_inspections (tenant_id, device_id, origin, status) VALUES ($1, $2, 'upload', 'done') RETURNING id",
    [tenantId, d!.id],
  );
  return { deviceId: d!.id, inspectionId: n!.id };
}

const db = await openPglite();
await migrate(db);
const smtp = await startSmtpReceiver();
const mailer = createMailer(db, log, smtp.url);
const tokens = await createTokenService(signingKeyFromPem(generateSigningKeyPem()), 'http://127.0.0.1:8080');
const [{ id: tenantId }] = (await db.query<{ id: string }>(
  "INSERT INTO tenants (name) VALUES ('Bench') RETURNING id",
)) as [{ id: string }];

for (const [label, window] of [
  ['grouping off', 0],
  ['default grouping (30 s)', 30],
] as const) {
  const email = `bench-${window}@example.com`;
  const ruleId = await createRule(
    db,
    tenantId,
    { name: label, minSeverity: 'high', frequency: 'immediate', groupWindowSeconds: window, recipients: [{ email }] },
    null,
  );
  // As the app runs them: the alert loop every 2 s and the deliveries, both on the job queue.
  const queue = new JobQueue(db, { log });
  registerDeliveryWorker(queue, { db, mailer, tokens, publicUrl: 'http://127.0.0.1:8080' });
  await registerAlertLoop(queue, new MonitoringWorker({ db, queue, log }));
  queue.start();
  const { deviceId, inspectionId } = await device(db, tenantId, `Phone ${window}`);
  const started = performance.now();
  await db.tx((q) =>
    recordFindings(q, {
      tenantId,
      deviceId,
      inspectionId,
      findings: [finding(1, `Latency${window}`)],
      ruleSetIds: new Map(),
    }),
  );
  await smtp.waitForMail(email, 120_000);
  console.log(
    `Inspection finished → alert mail accepted by SMTP, ${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`,
  );
  await queue.stop();
  await db.query('UPDATE monitoring_rules SET enabled = false WHERE id = $1', [ruleId]);
}

const { deviceId, inspectionId } = await device(db, tenantId, 'Executive phone');
await createDeviceGroup(db, tenantId, { name: 'Executives', watched: true, deviceIds: [deviceId] });
await db.tx((q) =>
  recordFindings(q, {
    tenantId,
    deviceId,
    inspectionId,
    findings: Array.from({ length: findingsCount }, (_, i) => finding(i, 'Rescan')),
    ruleSetIds: new Map(),
  }),
);
const runner = new MonitoringRunner({ db, mailer, tokens, publicUrl: 'http://127.0.0.1:8080', log });
const started = performance.now();
const result = await runner.worker.tick();
const ms = performance.now() - started;
console.log(
  `Rescan opening ${findingsCount.toLocaleString('en-US')} findings on a watched device: ${result.alerts.toLocaleString('en-US')} alerts in ${(ms / 1000).toFixed(2)} s (${Math.round(result.alerts / (ms / 1000)).toLocaleString('en-US')} alerts/s)`,
);

await smtp.close();
mailer.close();
await db.close();
