import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';
import {
  buildMatcher,
  EXAMPLE_MAC_BUNDLE_ID,
  parseStixBundle,
  readAndroidAcquisition,
  readFixtureBundle,
  SAMPLE_FLAGGED_DOMAIN,
  SAMPLE_FLAGGED_LINK,
  toCoreObservation,
} from '../../inspection/public';
import { EXAMPLE_ANDROID_BUNDLE_ID, exampleAndroidBundle } from '../services/sampleUploads';
import { seedExampleRuleSets } from '../services/seedExamples';
import { SAMPLE_ANDROID_FOLDER_PATH, SAMPLE_ANDROID_PATH, SAMPLE_SYSDIAGNOSE_PATH } from './sampleRoutes';

describe('development sample upload', () => {
  let withExamples: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    [withExamples, without] = await Promise.all([
      createTestApp({ env: { GLUON_EXAMPLE_RULE_SETS: 'on' } }),
      createTestApp({ env: { GLUON_EXAMPLE_RULE_SETS: 'off' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withExamples?.close(), without?.close()]);
  });

  it('serves a sysdiagnose-like archive with the files the example rule sets flag, as a download', async () => {
    const res = await withExamples.app.inject({ url: SAMPLE_SYSDIAGNOSE_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="sysdiagnose_2023.06.01_iPhone_sample.tar.gz"',
    );
    const tar = gunzipSync(res.rawPayload).toString('latin1');
    expect(tar).toContain('system_logs.logarchive/Extra/shutdown.log');
    expect(tar).toContain('/private/var/tmp/icloud_dump/helper');
    expect(tar).toContain('BackupAgent');
  });

  it('serves an AndroidQF sample that the example Android rule set flags (package, certificate, property)', async () => {
    const res = await withExamples.app.inject({ url: SAMPLE_ANDROID_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const acquisition = await readAndroidAcquisition(res.rawPayload, { now: new Date('2026-01-01T00:00:00Z') });
    expect(acquisition.acquisition).toBe('androidqf');
    const ruleSet = parseStixBundle(Buffer.from(exampleAndroidBundle()));
    expect(ruleSet.unsupported).toEqual([]);
    const matcher = buildMatcher(ruleSet.indicators);
    const hit = new Set(
      acquisition.observations.flatMap((o) => matcher.match(toCoreObservation(o)!)).map((f) => f.indicator.type),
    );
    expect(hit).toEqual(new Set(['app:id', 'app:cert.sha256', 'android-property:name']));
    expect(acquisition.heuristics.map((h) => h.rule)).toContain('android.sideloaded-app');
  });

  it('serves an AndroidQF folder zipped by hand whose one SMS link the example KingSpawn rule set flags', async () => {
    const res = await withExamples.app.inject({ url: SAMPLE_ANDROID_FOLDER_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const acquisition = await readAndroidAcquisition(res.rawPayload, { now: new Date('2026-01-01T00:00:00Z') });
    expect(acquisition.acquisition).toBe('androidqf');
    expect(acquisition.root).toMatch(/^AndroidQF acquisition 2023-03-05\//);
    const ruleSet = parseStixBundle(readFixtureBundle('kingspawn'));
    const matcher = buildMatcher(ruleSet.indicators);
    const hits = acquisition.observations.flatMap((o) => matcher.match(toCoreObservation(o)!));
    expect(hits.map((f) => [f.observation.kind, f.observation.value, f.indicator.value])).toEqual([
      ['domain', 'track.shoppingeos.com', SAMPLE_FLAGGED_DOMAIN],
    ]);
    expect(hits[0]!.observation.raw).toContain(SAMPLE_FLAGGED_LINK);
  });

  it('seeds the made-up Android and macOS rule sets beside the three MVT bundles', async () => {
    const user = await withExamples.createUser();
    await seedExampleRuleSets(withExamples.db, withExamples.app.log);
    const rows = await withExamples.db.query<{ bundle_id: string; unsupported: unknown }>(
      'SELECT bundle_id, unsupported FROM gluon_rule_sets WHERE tenant_id = $1',
      [user.tenantId],
    );
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.bundle_id)).toContain(EXAMPLE_ANDROID_BUNDLE_ID);
    expect(rows.map((r) => r.bundle_id)).toContain(EXAMPLE_MAC_BUNDLE_ID);
  });

  it('does not exist without the example rule sets', async () => {
    expect((await without.app.inject({ url: SAMPLE_SYSDIAGNOSE_PATH })).statusCode).toBe(404);
    expect((await without.app.inject({ url: SAMPLE_ANDROID_PATH })).statusCode).toBe(404);
  });
});
