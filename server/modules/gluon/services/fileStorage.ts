import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { HttpError } from '../../../contracts';

/** What an upload became: its content address and size. */
export interface StoredObject {
  key: string;
  sha256: string;
  size: number;
}

/** Raised when a stream passes the size limit; nothing is kept. A 413 as it stands (the error handler answers it). */
export class UploadTooLargeError extends HttpError {
  override readonly name = 'UploadTooLargeError';
  constructor(readonly limit: number) {
    super(413, `The file is larger than the upload limit (${Math.round(limit / (1024 * 1024))} MB).`);
  }
}

/**
 * Where uploaded files live. Keys are the content's sha256, so storing the same bytes twice
 * keeps one copy; an object store can implement the same four calls.
 */
export interface FileStorage {
  /** Streams `source` in, hashing and counting; UploadTooLargeError past `maxBytes`. */
  put(source: Readable, maxBytes: number): Promise<StoredObject>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /**
   * The stored file's path on this machine, when it has one: a zip is read in place (its central
   * directory at the end, entries opened at their offsets), which keeps memory flat. An object
   * store leaves it out and the file is read into memory (bounded).
   */
  localPath?(key: string): string;
}

const KEY = /^[0-9a-f]{64}$/;

/** Files under one folder: `<dir>/<first two hex>/<sha256>`, written to a temporary name first. */
export function createFsStorage(dir: string): FileStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string): string => {
    // Keys come from our own hashing; refusing anything else keeps every path under `root`.
    if (!KEY.test(key)) throw new Error(`Invalid storage key ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(source, maxBytes) {
      const tmpDir = path.join(root, 'tmp');
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const tmp = path.join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new UploadTooLargeError(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      // `pipe`, not pipeline, from the source: a refused upload must not destroy the request
      // stream, which would reset the connection before the 413 is answered (the server drains
      // what the client still sends once the answer is out).
      source.pipe(counter);
      try {
        await pipeline(counter, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        const sha256 = hash.digest('hex');
        const target = fileOf(sha256);
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await rename(tmp, target);
        return { key: sha256, sha256, size };
      } catch (error) {
        source.unpipe(counter);
        await rm(tmp, { force: true });
        throw error;
      }
    },
    read(key) {
      return createReadStream(fileOf(key));
    },
    async exists(key) {
      try {
        return (await stat(fileOf(key))).isFile();
      } catch {
        return false;
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
