import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { HttpError, ServiceUnavailable } from '../../../contracts';

/** What an upload became: its content address and size. */
export interface StoredObject {
  key: string;
  sha256: string;
  size: number;
}

/** Bytes `start` to `end` of a file, both included (as an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** Raised when a stream passes the size limit; nothing is kept. A 413 as it stands (the error handler answers it). */
export class UploadTooLargeError extends HttpError {
  override readonly name = 'UploadTooLargeError';
  constructor(readonly limit: number) {
    super(413, `The file is larger than the upload limit (${Math.round(limit / (1024 * 1024))} MB).`);
  }
}

/** What the console shows while the object store cannot be reached (a 503 with Retry-After). */
export const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is unavailable; try again in a minute';

/**
 * The file storage cannot be reached, after the SDK's own retries: uploads and downloads answer
 * 503 (the error handler logs it once per request, with these details and nothing of the SDK's
 * error, whose request may carry a signature).
 */
export class StorageUnavailable extends ServiceUnavailable {
  override readonly name = 'StorageUnavailable';
  constructor(details: { operation: string; location: string; reason: string; attempts: number | null }) {
    super(STORAGE_UNAVAILABLE_MESSAGE, 60, details);
  }
}

/**
 * Where uploaded files live: a local folder (createFsStorage, one machine) or an S3-compatible
 * object store (createS3Storage in s3Storage.ts, shared by every instance); storageFromConfig
 * picks one. Keys are the content's sha256, so storing the same bytes twice keeps one copy.
 */
export interface FileStorage {
  /** Where the files are, for messages: a folder or `s3://bucket/prefix`. */
  readonly location: string;
  /** Streams `source` in, hashing and counting; UploadTooLargeError past `maxBytes`. A failed put keeps nothing. */
  put(source: Readable, maxBytes: number): Promise<StoredObject>;
  /** The file's bytes, or those of `range`; an unknown key fails the stream. */
  read(key: string, range?: ByteRange): Readable;
  exists(key: string): Promise<boolean>;
  /** The file's size in bytes, null when it is not stored. */
  size(key: string): Promise<number | null>;
  /** Every stored file (storage-copy walks it). */
  list(): AsyncIterable<{ key: string; size: number }>;
  remove(key: string): Promise<void>;
  /**
   * The stored file's path on this machine, when it has one: a zip is read in place (its central
   * directory at the end, entries opened at their offsets), which keeps memory flat. An object
   * store leaves it out and the file is read into memory (bounded).
   */
  localPath?(key: string): string;
}

export const STORAGE_KEY = /^[0-9a-f]{64}$/;

/** Refuses a key that is not a sha256 (keys come from our own hashing; anything else is a bug or an attack). */
export function checkKey(key: string): string {
  if (!STORAGE_KEY.test(key)) throw new Error(`Invalid storage key ${key}`);
  return key;
}

/** Refuses a range that is not `0 ≤ start ≤ end`, whole numbers. */
export function checkRange(range: ByteRange): ByteRange {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start)
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  return range;
}

/**
 * A pass-through that counts and hashes what flows and fails with UploadTooLargeError past
 * `maxBytes`. `source` is piped into it, not pipelined: a refused upload must not destroy the
 * request stream, which would reset the connection before the 413 is answered (the server
 * drains what the client still sends once the answer is out). A failing source (the client went
 * away) fails the counter, so the put rejects. `detach` unpipes after a failure.
 */
export function hashingCounter(
  source: Readable,
  maxBytes: number,
): { stream: Transform; result: () => { sha256: string; size: number }; detach: () => void } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new UploadTooLargeError(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const onSourceError = (error: Error) => stream.destroy(error);
  source.on('error', onSourceError);
  source.pipe(stream);
  return {
    stream,
    result: () => ({ sha256: hash.digest('hex'), size }),
    detach: () => {
      source.off('error', onSourceError);
      source.unpipe(stream);
    },
  };
}

/** Files under one folder: `<dir>/<first two hex>/<sha256>`, written to a temporary name first. */
export function createFsStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  // Keys come from our own hashing; refusing anything else keeps every path under `root`.
  const fileOf = (key: string): string => path.join(root, key.slice(0, 2), checkKey(key));
  const size = async (key: string): Promise<number | null> => {
    try {
      const s = await stat(fileOf(key));
      return s.isFile() ? s.size : null;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('Invalid storage key')) throw error;
      return null;
    }
  };
  return {
    location: root,
    async put(source, maxBytes) {
      const tmpDir = path.join(root, 'tmp');
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const tmp = path.join(tmpDir, randomUUID());
      const counter = hashingCounter(source, maxBytes);
      const out = createWriteStream(tmp, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(counter.stream, out);
        const { sha256, size } = counter.result();
        const target = fileOf(sha256);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await rename(tmp, target);
        return { key: sha256, sha256, size };
      } catch (error) {
        counter.detach();
        // A refusal can come before the file is even open; the stream still opens it, then closes.
        // Removing it before that 'close' would leave the file behind in tmp/.
        if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
        await rm(tmp, { force: true });
        throw error;
      }
    },
    read(key, range) {
      if (!range) return createReadStream(fileOf(key));
      const { start, end } = checkRange(range);
      return createReadStream(fileOf(key), { start, end });
    },
    async exists(key) {
      return (await size(key)) !== null;
    },
    size,
    async *list() {
      let prefixes: string[];
      try {
        prefixes = (await readdir(root)).filter((name) => /^[0-9a-f]{2}$/.test(name)).sort();
      } catch {
        return;
      }
      for (const prefix of prefixes) {
        for (const name of (await readdir(path.join(root, prefix))).sort()) {
          if (!STORAGE_KEY.test(name) || !name.startsWith(prefix)) continue;
          const bytes = await size(name);
          if (bytes !== null) yield { key: name, size: bytes };
        }
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
    localPath(key) {
      return fileOf(key);
    },
  };
}
