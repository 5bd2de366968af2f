import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { defineModule } from './defineModule';

/**
 * Administration → Jobs names each queue in words from the modules' declarations (`queues` in
 * defineModule): a queue a worker works that no module declared would show its code
 * (`electron.inspect`). Every worker is on here, so every queue the app works is registered.
 */
describe('every queue a worker works is declared with its name in words', () => {
  let t: TestApp;
  let storageDir: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'queue-labels-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir, GLUON_WORKER: 'on', MONITORING_WORKER: 'on' } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('labels each worked queue', () => {
    const worked = t.app.queue.workedQueues();
    // The workers are on: the queues every deployment runs are among them.
    expect(worked).toEqual(
      expect.arrayContaining(['gluon.inspect', 'monitoring.delivery', 'electron.inspect', 'housekeeping.clean-up']),
    );
    expect(worked.filter((queue) => t.app.queue.queueLabel(queue) === null)).toEqual([]);
    expect(t.app.queue.queueLabel('monitoring.delivery')).toBe('Notification deliveries');
  });

  it("refuses a queue named outside its module's", () => {
    expect(() =>
      defineModule({ id: 'x', title: 'x', description: 'x', prefixes: [], dependsOn: [], queues: { 'y.work': 'Y' } }),
    ).toThrow("queue 'y.work' must be named 'x.<work>'");
  });
});
