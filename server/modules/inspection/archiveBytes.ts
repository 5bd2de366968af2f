import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

import { ArchiveError } from './archiveError';

export type ArchiveInput = Buffer | Uint8Array | AsyncIterable<Uint8Array>;

const isGzip = (chunk: Uint8Array): boolean => chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b;

async function* prepend(first: Uint8Array, rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * The tar bytes of an upload: gunzipped when it starts with the gzip magic, as is otherwise (a
 * plain .tar). Decompression is pulled by the tar reader, so it stops when the reader stops.
 */
export async function* tarBytes(input: ArchiveInput): AsyncGenerator<Uint8Array> {
  const source: AsyncIterable<Uint8Array> =
    input instanceof Uint8Array
      ? (async function* () {
          yield input;
        })()
      : input;
  const iterator = source[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.length === 0) first = await iterator.next();
  if (first.done) throw new ArchiveError('not-an-archive', 'Archive is empty');
  if (!isGzip(first.value)) {
    yield* prepend(first.value, iterator);
    return;
  }
  const compressed = Readable.from(prepend(first.value, iterator), { objectMode: false });
  // Larger output chunks than the 16 KiB default: fewer hand-offs between zlib and the tar reader.
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  compressed.on('error', (err) => gunzip.destroy(err));
  compressed.pipe(gunzip);
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') throw new ArchiveError('truncated', 'Archive is truncated (gzip stream ends early)');
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw new ArchiveError('corrupt', `Archive is not valid gzip data (${(err as Error).message})`);
    }
    throw err;
  } finally {
    compressed.destroy();
    gunzip.destroy();
  }
}
