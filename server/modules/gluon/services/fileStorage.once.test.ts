import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createFsStorage, type FileStorage, UploadTooLargeError } from './fileStorage';

describe('filesystem storage', () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gluon-storage-'));
    storage = createFsStorage(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const read = async (key: string) => Buffer.concat(await storage.read(key).toArray());

  it('stores by sha256, once for the same bytes, and reads back', async () => {
    const bytes = Buffer.from('remaining client pid: 1 (/sbin/launchd)\n');
    const first = await storage.put(Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]), 1024);
    const again = await storage.put(Readable.from([bytes]), 1024);
    expect(first).toEqual({
      key: createHash('sha256').update(bytes).digest('hex'),
      sha256: first.key,
      size: bytes.length,
    });
    expect(again.key).toBe(first.key);
    expect((await read(first.key)).equals(bytes)).toBe(true);
    expect(await readdir(path.join(dir, first.key.slice(0, 2)))).toEqual([first.key]);
  });

  it('refuses past the limit and keeps nothing, not even the temporary file', async () => {
    await expect(storage.put(Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), 1000)).rejects.toBeInstanceOf(
      UploadTooLargeError,
    );
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([]);
  });

  it('reads a range of bytes (both ends included), knows sizes and lists what it holds', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    const { key } = await storage.put(Readable.from([bytes]), 1024);
    expect((await Buffer.concat(await storage.read(key, { start: 3, end: 7 }).toArray())).toString()).toBe('34567');
    expect((await Buffer.concat(await storage.read(key, { start: 19, end: 19 }).toArray())).toString()).toBe('j');
    expect(() => storage.read(key, { start: -1, end: 2 })).toThrow(/Invalid byte range/);
    expect(await storage.size(key)).toBe(20);
    expect(await storage.size('b'.repeat(64))).toBeNull();
    const listed = [];
    for await (const item of storage.list()) listed.push(item);
    expect(listed).toContainEqual({ key, size: 20 });
    expect(listed.every((item) => /^[0-9a-f]{64}$/.test(item.key))).toBe(true);
  });

  it('never resolves a key outside its folder', async () => {
    expect(() => storage.read('../../etc/passwd')).toThrow(/Invalid storage key/);
    expect(await storage.exists('a'.repeat(64))).toBe(false);
    await expect(storage.remove('../x')).rejects.toThrow(/Invalid storage key/);
  });
});
