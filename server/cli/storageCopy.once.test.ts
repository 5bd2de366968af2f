import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { loadConfig } from '../config';
import { createFsStorage } from '../modules/gluon/services/fileStorage';
import { createS3Storage } from '../modules/gluon/services/s3Storage';
import { S3RVER_CREDENTIALS, startTestS3, type TestS3 } from '../test/s3Server';
import { type CliContext, runCommand } from './commands';

describe('npm run admin -- storage-copy', () => {
  let s3: TestS3;
  let dir: string;
  let ctx: CliContext;
  const run = (...argv: string[]) => runCommand(ctx, argv);
  const read = async (stream: Readable) => Buffer.concat(await stream.toArray()).toString();

  beforeAll(async () => {
    s3 = await startTestS3('gluon-copy');
    dir = await mkdtemp(path.join(os.tmpdir(), 'gluon-copy-'));
    // The S3 client finds its credentials as in production: in the environment.
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    const config = loadConfig({
      NODE_ENV: 'test',
      GLUON_STORAGE_DIR: path.join(dir, 'local'),
      AWS_ENDPOINT_URL: s3.endpoint,
      STORAGE_S3_PATH_STYLE: 'on',
    });
    // storage-copy reads the configuration only (no database, keys or mail).
    ctx = { config } as CliContext;
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('copies every file from the local folder to the object store and back, once', async () => {
    const local = createFsStorage(path.join(dir, 'local'));
    const a = await local.put(Readable.from([Buffer.from('first file')]), 1024);
    const b = await local.put(Readable.from([Buffer.alloc(200_000, 7)]), 1024 * 1024);

    expect(await run('storage-copy', '--from', 'local', '--to', 's3://gluon-copy/prod')).toBe(
      `Copied 2 files (0.2 MB) from ${path.join(dir, 'local')} to s3://gluon-copy/prod/; skipped 0 already there.`,
    );
    const remote = createS3Storage(s3.client, { bucket: 'gluon-copy', prefix: 'prod/' });
    expect(await read(remote.read(a.key))).toBe('first file');
    expect(await remote.size(b.key)).toBe(200_000);

    // Idempotent: a second run copies nothing; a new file alone is copied.
    expect(await run('storage-copy', '--from', 'local', '--to', 's3://gluon-copy/prod')).toMatch(
      /^Copied 0 files \(0\.0 MB\) .*; skipped 2 already there\.$/,
    );
    const c = await local.put(Readable.from([Buffer.from('third')]), 1024);
    expect(await run('storage-copy', '--from', 'local', '--to', 's3://gluon-copy/prod')).toMatch(
      /^Copied 1 files .*; skipped 2 already there\.$/,
    );

    // And back, into another folder: the same three files.
    const back = path.join(dir, 'back');
    expect(await run('storage-copy', '--from', 's3://gluon-copy/prod', '--to', back)).toMatch(
      /^Copied 3 files .*; skipped 0 already there\.$/,
    );
    const keys = [];
    for await (const item of createFsStorage(back).list()) keys.push(item.key);
    expect(keys.sort()).toEqual([a.key, b.key, c.key].sort());
  });

  it('stops on a damaged file and keeps nothing of it', async () => {
    const source = path.join(dir, 'damaged');
    const good = await createFsStorage(source).put(Readable.from([Buffer.from('good')]), 1024);
    await writeFile(path.join(source, good.key.slice(0, 2), good.key), 'tampered');
    await expect(run('storage-copy', '--from', source, '--to', 's3://gluon-copy/damaged')).rejects.toThrow(
      `The file ${good.key} in ${source} is damaged`,
    );
    const left = [];
    for await (const item of createS3Storage(s3.client, { bucket: 'gluon-copy', prefix: 'damaged/' }).list())
      left.push(item);
    expect(left).toEqual([]);
  });

  it('refuses a bad or identical location', async () => {
    await expect(run('storage-copy', '--from', 'local')).rejects.toThrow('--to is required');
    await expect(run('storage-copy', '--from', 's3://No_Such', '--to', 'local')).rejects.toThrow(
      /--from: "No_Such" is not a bucket name/,
    );
    await expect(run('storage-copy', '--from', 'local', '--to', 'local')).rejects.toThrow(
      /--from and --to are the same storage/,
    );
  });
});
