import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestS3, type TestS3 } from '../../../test/s3Server';
import { type FileStorage, UploadTooLargeError } from './fileStorage';
import { createS3Storage } from './s3Storage';
import { parseS3Url } from './storageLocation';

const MiB = 1024 * 1024;
/** `n` bytes that differ from part to part (a repeated pattern would hide a part sent twice). */
const bytesOf = (n: number, seed: number) => {
  const b = Buffer.alloc(Math.ceil(n / 4) * 4);
  for (let i = 0; i < b.length; i += 4) b.writeUInt32LE((i * 2654435761 + seed) >>> 0, i);
  return b.subarray(0, n);
};
/** Streams `buffer` in 64 KiB chunks, as a request body arrives. */
const chunked = (buffer: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < buffer.length; i += 64 * 1024) yield buffer.subarray(i, i + 64 * 1024);
    })(),
  );

describe('S3 storage (s3rver on 127.0.0.1)', () => {
  let s3: TestS3;
  let storage: FileStorage;
  beforeAll(async () => {
    s3 = await startTestS3();
    // Parts of 5 MiB (S3's smallest) so that a 12 MiB file is a multipart upload of three parts.
    storage = createS3Storage(s3.client, { bucket: s3.bucket, prefix: 'files/' }, { partSize: 5 * MiB });
  });
  afterAll(() => s3.close());

  const read = async (stream: Readable) => Buffer.concat(await stream.toArray());
  const objects = async () =>
    ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key);

  it('stores a multipart upload by sha256, under the prefix, once for the same bytes, and reads it back', async () => {
    const bytes = bytesOf(12 * MiB + 123, 1);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const first = await storage.put(chunked(bytes), 64 * MiB);
    const again = await storage.put(chunked(bytes), 64 * MiB);
    expect(first).toEqual({ key: sha256, sha256, size: bytes.length });
    expect(again).toEqual(first);
    expect(await objects()).toEqual([`files/${sha256.slice(0, 2)}/${sha256}`]);
    expect((await read(storage.read(sha256))).equals(bytes)).toBe(true);
    expect(await storage.size(sha256)).toBe(bytes.length);
    expect(await storage.exists(sha256)).toBe(true);
    expect(await s3.pendingUploads()).toEqual([]);
  });

  it('reads a range of bytes, both ends included', async () => {
    const bytes = bytesOf(3 * MiB, 2);
    const { key } = await storage.put(Readable.from([bytes]), 64 * MiB);
    expect((await read(storage.read(key, { start: 0, end: 9 }))).equals(bytes.subarray(0, 10))).toBe(true);
    expect(
      (await read(storage.read(key, { start: MiB, end: 2 * MiB + 6 }))).equals(bytes.subarray(MiB, 2 * MiB + 7)),
    ).toBe(true);
    expect(
      (await read(storage.read(key, { start: bytes.length - 1, end: bytes.length - 1 }))).equals(bytes.subarray(-1)),
    ).toBe(true);
    expect(() => storage.read(key, { start: 5, end: 4 })).toThrow(/Invalid byte range/);
    await storage.remove(key);
  });

  it('aborts a multipart upload past the limit: no part, no temporary object, no file is left', async () => {
    const before = await objects();
    // Two parts go up before the third passes the 12 MiB limit.
    await expect(storage.put(chunked(bytesOf(16 * MiB, 3)), 12 * MiB)).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(await s3.pendingUploads()).toEqual([]);
    expect(await objects()).toEqual(before);
  });

  it('aborts when the source fails mid-way, and keeps nothing', async () => {
    const before = await objects();
    const failing = Readable.from(
      (async function* () {
        yield bytesOf(6 * MiB, 4);
        yield bytesOf(5 * MiB, 5);
        throw new Error('client went away');
      })(),
    );
    // The request stream fails (the client went away): put rejects rather than storing a truncated file.
    await expect(storage.put(failing, 64 * MiB)).rejects.toThrow('client went away');
    expect(await s3.pendingUploads()).toEqual([]);
    expect(await objects()).toEqual(before);
  });

  it('lists stored files with their sizes and removes them; an unknown key fails the read', async () => {
    const a = await storage.put(Readable.from([Buffer.from('alpha')]), 1024);
    const b = await storage.put(Readable.from([Buffer.from('bravo!')]), 1024);
    const listed = [];
    for await (const item of storage.list()) listed.push(item);
    expect(listed).toEqual(
      expect.arrayContaining([
        { key: a.key, size: 5 },
        { key: b.key, size: 6 },
      ]),
    );
    await storage.remove(a.key);
    expect(await storage.exists(a.key)).toBe(false);
    expect(await storage.size(a.key)).toBeNull();
    await expect(read(storage.read(a.key))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(() => storage.read('../../etc/passwd')).toThrow(/Invalid storage key/);
  });
});

describe('STORAGE_URL', () => {
  it('parses a bucket and a prefix, and says what is wrong with a bad one', () => {
    expect(parseS3Url('s3://gluon-files')).toEqual({ bucket: 'gluon-files', prefix: '' });
    expect(parseS3Url('s3://gluon-files/prod/eu/')).toEqual({ bucket: 'gluon-files', prefix: 'prod/eu/' });
    expect(parseS3Url('/var/lib/gluon')).toBeNull();
    expect(parseS3Url('s3://Bad_Bucket/x')).toMatch(/is not a bucket name/);
    expect(parseS3Url('s3://bucket/a/../b')).toMatch(/"\." or "\.\." segment/);
  });
});
