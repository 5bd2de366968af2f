import { Readable } from 'node:stream';
import { createInflate, inflateSync } from 'node:zlib';

import { ArchiveError } from '../archiveError';
import { readTar, type TarLimits } from '../tarReader';
import { str } from './collect';

/**
 * Android's `adb backup` file (`backup.ab`, what AndroidQF's backup module writes), as AOSP's
 * BackupManagerService writes it: four text lines, `ANDROID BACKUP`, the format version, `1` when
 * the rest is zlib-deflated (else `0`), the encryption (`none`, or `AES-256` followed by the
 * key's salts and checksum, which we do not read); then a tar of `apps/<package>/<domain>/...`.
 * The telephony provider's agent stores messages as `apps/com.android.providers.telephony/d_f/
 * NNNNNN_sms_backup` (and `_mms_backup`): a zlib-deflated JSON array of rows (`address`, `body`,
 * `date` in ms, `type`...; MMS has `mms_body`).
 */
export interface BackupLimits extends TarLimits {
  /** A messages file inflated into memory at most this size. */
  maxMessagesFileBytes: number;
  /** Rows read from one messages file. */
  maxMessagesPerFile: number;
}

export const DEFAULT_BACKUP_LIMITS: BackupLimits = {
  maxEntries: 100_000,
  maxTotalBytes: 1024 ** 3,
  maxEntryBytes: 256 * 1024 ** 2,
  maxDepth: 32,
  maxPathLength: 1024,
  maxMessagesFileBytes: 64 * 1024 ** 2,
  maxMessagesPerFile: 200_000,
};

export interface BackupMessage {
  /** Path in the backup's tar. */
  file: string;
  index: number;
  kind: 'sms' | 'mms';
  body: string;
  address?: string;
  /** UTC ISO, from `date` (ms since the epoch). */
  timestamp?: string;
}

export interface BackupResult {
  version: number;
  compressed: boolean;
  files: number;
  messageFiles: number;
  warnings: string[];
}

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

const MESSAGES = /^apps\/com\.android\.providers\.telephony\/d_f\/[^/]*_(sms|mms)_backup$/;
const MAX_HEADER_BYTES = 1024;

/** Splits the four header lines off the stream; the rest is handed on untouched. */
async function header(source: AsyncIterator<Buffer>): Promise<{ lines: string[]; rest: AsyncGenerator<Buffer> }> {
  let buffered = Buffer.alloc(0);
  for (;;) {
    let newlines = 0;
    let end = -1;
    for (let i = 0; i < buffered.length; i++)
      if (buffered[i] === 0x0a && ++newlines === 4) {
        end = i + 1;
        break;
      }
    if (end >= 0) {
      const lines = buffered.subarray(0, end).toString('latin1').split('\n').slice(0, 4);
      const tail = buffered.subarray(end);
      return {
        lines,
        rest: (async function* () {
          if (tail.length) yield tail;
          for (;;) {
            const next = await source.next();
            if (next.done) return;
            yield next.value;
          }
        })(),
      };
    }
    if (buffered.length > MAX_HEADER_BYTES) throw new BackupError('not an Android backup: no header (ANDROID BACKUP)');
    const next = await source.next();
    if (next.done) throw new BackupError('not an Android backup: the file ends inside its header');
    buffered = Buffer.concat([buffered, next.value]);
  }
}

async function* inflated(input: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  const compressed = Readable.from(input, { objectMode: false });
  const inflate = createInflate({ chunkSize: 64 * 1024 });
  compressed.on('error', (err) => inflate.destroy(err));
  compressed.pipe(inflate);
  try {
    for await (const chunk of inflate) yield chunk as Buffer;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR') throw new BackupError('the backup is truncated (its compressed data ends early)');
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new BackupError(`the backup's compressed data is corrupt (${(err as Error).message})`);
    throw err;
  } finally {
    compressed.destroy();
    inflate.destroy();
  }
}

const epochMs = (value: unknown): string | undefined => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 && n < 4_102_444_800_000
    ? new Date(n).toISOString()
    : undefined;
};

/** The rows of one messages file: deflated JSON as the agent writes it, or plain JSON. */
function messagesIn(file: string, kind: 'sms' | 'mms', data: Buffer, limits: BackupLimits): BackupMessage[] {
  let json: Buffer = data;
  if (data[0] !== 0x5b) {
    try {
      json = inflateSync(data, { maxOutputLength: limits.maxMessagesFileBytes });
    } catch (err) {
      throw new BackupError(`${file}: not deflated JSON (${(err as Error).message})`);
    }
  }
  let rows: unknown;
  try {
    rows = JSON.parse(json.toString('utf8'));
  } catch {
    throw new BackupError(`${file}: not a JSON array of messages`);
  }
  if (!Array.isArray(rows)) throw new BackupError(`${file}: not a JSON array of messages`);
  const out: BackupMessage[] = [];
  for (let index = 0; index < rows.length && index < limits.maxMessagesPerFile; index++) {
    const row = rows[index] as Record<string, unknown> | null;
    if (!row || typeof row !== 'object') continue;
    const body = str(kind === 'sms' ? row.body : (row.mms_body ?? row.body), 64 * 1024);
    if (!body) continue;
    const address = str(row.address, 256);
    const timestamp = epochMs(row.date);
    out.push({ file, index, kind, body, ...(address ? { address } : {}), ...(timestamp ? { timestamp } : {}) });
  }
  return out;
}

/**
 * Reads an unencrypted Android backup as a stream (decompressing as the tar reader pulls), handing
 * each message with its text to `onMessage`. Other apps' data is skipped unread. Throws
 * BackupError (the artefact's error) for an encrypted, unknown, truncated or corrupt backup, and
 * ArchiveError from the tar reader (its bounds), which the caller turns into the artefact's error too.
 */
export async function readAndroidBackup(
  source: AsyncIterable<Buffer>,
  onMessage: (message: BackupMessage) => void,
  limits: BackupLimits = DEFAULT_BACKUP_LIMITS,
): Promise<BackupResult> {
  const { lines, rest } = await header(source[Symbol.asyncIterator]());
  const [magic, versionLine, compressedLine, encryption] = lines.map((l) => l.replace(/\r$/, ''));
  if (magic !== 'ANDROID BACKUP') throw new BackupError('not an Android backup: no `ANDROID BACKUP` header');
  const version = Number(versionLine);
  if (!Number.isInteger(version) || version < 1 || version > 10)
    throw new BackupError(`unknown Android backup version ${JSON.stringify(versionLine?.slice(0, 20))}`);
  if (compressedLine !== '0' && compressedLine !== '1')
    throw new BackupError(`not an Android backup: compression flag ${JSON.stringify(compressedLine?.slice(0, 20))}`);
  if (encryption !== 'none')
    throw new BackupError(
      `the backup is encrypted (${(encryption ?? '').slice(0, 20)}): not read; make it again without a password to read its messages`,
    );
  const compressed = compressedLine === '1';
  const result: BackupResult = { version, compressed, files: 0, messageFiles: 0, warnings: [] };
  const tar = compressed ? inflated(rest) : rest;
  try {
    for await (const entry of readTar(tar, limits)) {
      if (entry.type !== 'file') continue;
      result.files += 1;
      const m = MESSAGES.exec(entry.path);
      if (!m) continue;
      result.messageFiles += 1;
      if (entry.size > limits.maxMessagesFileBytes) {
        result.warnings.push(`${entry.path}: ${entry.size} bytes, over ${limits.maxMessagesFileBytes}: not read`);
        continue;
      }
      try {
        for (const message of messagesIn(entry.path, m[1] as 'sms' | 'mms', await entry.read(), limits))
          onMessage(message);
      } catch (err) {
        if (!(err instanceof BackupError)) throw err;
        result.warnings.push(err.message);
      }
    }
  } catch (err) {
    if (err instanceof ArchiveError && err.code === 'not-an-archive')
      throw new BackupError(`the backup holds no tar archive (${err.message})`);
    if (err instanceof ArchiveError && err.code === 'truncated')
      throw new BackupError(`the backup is truncated (${err.message})`);
    throw err;
  }
  return result;
}
