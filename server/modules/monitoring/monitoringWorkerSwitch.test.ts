import { afterEach, describe, expect, it, vi } from 'vitest';

import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/testApp';
import { ALERT_SOURCES } from './services/sources/alertSources';

/**
 * Monitoring's job loop starts on its own switch (MONITORING_WORKER), not gluon's (GLUON_WORKER):
 * an instance that inspects nothing still evaluates alerts and sends digests.
 */
describe("monitoring's worker switch", () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  const scannedSources = async (app: TestApp) =>
    (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM monitoring_source_cursors'))[0]!.n;

  it(
    "with gluon's worker off and monitoring's on, monitoring's loop runs (every source and the incident lifecycle scanned)",
    { timeout: 90_000 },
    async () => {
      t = await createTestApp({ env: { GLUON_WORKER: 'off', MONITORING_WORKER: 'on' } });
      expect(t.config.gluon.worker).toBe(false);
      // The loop is a schedule on the app's queue, which tests drive (it never polls under NODE_ENV=test).
      await vi.waitFor(
        async () => {
          await t!.app.queue.tick();
          expect(await scannedSources(t!)).toBe(ALERT_SOURCES.length + 1);
        },
        {
          timeout: 60_000,
          interval: 50,
        },
      );
    },
  );

  it('reads MONITORING_WORKER apart from GLUON_WORKER, off by default under tests, and rejects a value that is not on/off', () => {
    const base = { NODE_ENV: 'test', PUBLIC_URL: 'http://127.0.0.1:8080' };
    expect(loadConfig(base).monitoring.worker).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).monitoring.worker).toBe(true);
    const split = loadConfig({ ...base, GLUON_WORKER: 'on', MONITORING_WORKER: 'off' });
    expect([split.gluon.worker, split.monitoring.worker]).toEqual([true, false]);
    expect(() => loadConfig({ ...base, MONITORING_WORKER: 'sometimes' })).toThrow(/MONITORING_WORKER/);
  });
});
