import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { SAMPLE_SYSDIAGNOSE_PATH } from './sampleRoutes';

describe('development sample upload', () => {
  let withExamples: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    [withExamples, without] = await Promise.all([createTestApp({ env: { GLUON_EXAMPLE_RULE_SETS: 'on' } }), createTestApp({ env: { GLUON_EXAMPLE_RULE_SETS: 'off' } })]);
  });
  afterAll(async () => {
    await Promise.all([withExamples?.close(), without?.close()]);
  });

  it('serves a sysdiagnose-like archive with the files the example rule sets flag, as a download', async () => {
    const res = await withExamples.app.inject({ url: SAMPLE_SYSDIAGNOSE_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sysdiagnose_2023.06.01_iPhone_sample.tar.gz"');
    const tar = gunzipSync(res.rawPayload).toString('latin1');
    expect(tar).toContain('system_logs.logarchive/Extra/shutdown.log');
    expect(tar).toContain('/private/var/tmp/icloud_dump/helper');
    expect(tar).toContain('BackupAgent');
  });

  it('does not exist without the example rule sets', async () => {
    expect((await without.app.inject({ url: SAMPLE_SYSDIAGNOSE_PATH })).statusCode).toBe(404);
  });
});
