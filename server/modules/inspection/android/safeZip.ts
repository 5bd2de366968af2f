import { open } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

import { ArchiveError, type ArchiveErrorCode } from '../archiveError';

/**
 * What made a zip be refused, finer than ArchiveErrorCode (whose list lives outside this folder):
 * the code stays one the rest of the engine knows, the reason says exactly what was wrong.
 */
export type ZipRefusalReason =
  | 'not-a-zip'
  | 'truncated'
  | 'corrupt'
  | 'absolute-path'
  | 'traversal'
  | 'backslash'
  | 'control-character'
  | 'path-too-long'
  | 'too-deep'
  | 'link'
  | 'special-file'
  | 'encrypted'
  | 'unsupported-compression'
  | 'too-many-entries'
  | 'entry-too-large'
  | 'total-too-large'
  | 'compression-ratio'
  | 'read-budget'
  | 'overlapping-entries'
  | 'duplicate-entry'
  | 'size-mismatch'
  | 'crc-mismatch'
  | 'not-android';

const CODES: Record<ZipRefusalReason, ArchiveErrorCode> = {
  'not-a-zip': 'not-an-archive',
  truncated: 'truncated',
  corrupt: 'corrupt',
  'absolute-path': 'unsafe-path',
  traversal: 'unsafe-path',
  backslash: 'unsafe-path',
  'control-character': 'unsafe-path',
  'path-too-long': 'unsafe-path',
  'too-deep': 'too-deep',
  link: 'unsafe-path',
  'special-file': 'unsafe-path',
  encrypted: 'corrupt',
  'unsupported-compression': 'corrupt',
  'too-many-entries': 'too-many-entries',
  'entry-too-large': 'too-large',
  'total-too-large': 'too-large',
  'compression-ratio': 'too-large',
  'read-budget': 'too-large',
  'overlapping-entries': 'corrupt',
  'duplicate-entry': 'corrupt',
  'size-mismatch': 'corrupt',
  'crc-mismatch': 'corrupt',
  'not-android': 'not-an-archive',
};

/** A refused zip. An ArchiveError (its message is safe to show the uploader) with the exact reason. */
export class ZipRefusal extends ArchiveError {
  constructor(
    readonly reason: ZipRefusalReason,
    message: string,
  ) {
    super(CODES[reason], message);
  }
}

export interface ZipLimits {
  /** Entries in the central directory (files and folders), checked before any is read. */
  maxEntries: number;
  /** Declared uncompressed size of one entry. */
  maxEntryBytes: number;
  /** Sum of the entries' declared uncompressed sizes. */
  maxTotalBytes: number;
  /** Uncompressed / compressed size of one entry larger than `ratioFloorBytes`. */
  maxCompressionRatio: number;
  /** Entries smaller than this are not held to the ratio (tiny files compress absurdly well and cost nothing). */
  ratioFloorBytes: number;
  /** Bytes inflated over the whole zip, whatever is read. */
  maxReadBytes: number;
  /** Path segments of one entry. */
  maxDepth: number;
  maxPathLength: number;
}

/**
 * Sized for an AndroidQF output (some hundred files, up to some GB with APKs and a full backup)
 * and a bugreport (a few thousand files, a dumpstate text of some hundred MB at most). Deflate
 * cannot exceed about 1,032:1; real text compresses 5-20:1, so 100:1 above 1 MiB is a bomb.
 */
export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 100_000,
  maxEntryBytes: 1024 ** 3,
  maxTotalBytes: 4 * 1024 ** 3,
  maxCompressionRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxReadBytes: 1024 ** 3,
  maxDepth: 32,
  maxPathLength: 1024,
};

export interface ZipEntryInfo {
  /** Relative, normalised (`a/b/c`), checked; folders without their trailing slash. */
  path: string;
  directory: boolean;
  /** Declared uncompressed size (reading holds the entry to it). */
  size: number;
  compressedSize: number;
  /** Position in the central directory. */
  index: number;
}

export type ZipInput = Buffer | string;

const UNIX_HOSTS = new Set([3, 19]); // 3 Unix, 19 OS X (APPNOTE 4.4.2)
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;
const DOS_DIRECTORY = 0x10;
const DOS_REPARSE_POINT = 0x400;
const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const refuse = (reason: ZipRefusalReason, message: string): ZipRefusal => new ZipRefusal(reason, message);

/** Shows a name in a message: bounded, control characters escaped. */
function shown(name: string): string {
  const escaped = JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);
  return escaped;
}

/** A yauzl or zlib failure as a refusal with a reason (never the raw error). */
function asRefusal(err: unknown, startsLikeZip: boolean): ArchiveError {
  if (err instanceof ArchiveError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (/end of central directory record signature not found/i.test(message)) {
    return startsLikeZip
      ? refuse('truncated', 'Zip archive is truncated: its central directory (at the end of the file) is missing')
      : refuse('not-a-zip', 'Not a zip archive');
  }
  if (/unexpected EOF|overflows file bounds/i.test(message))
    return refuse('truncated', 'Zip archive is truncated: an entry runs past the end of the file');
  if (/strong encryption/i.test(message))
    return refuse('encrypted', 'Zip archive has encrypted entries, which are not read');
  if (/too many bytes|not enough bytes|size mismatch/i.test(message)) {
    return refuse('size-mismatch', 'Zip archive is corrupt: an entry does not hold the size its header declares');
  }
  if (code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(message))
    return refuse('truncated', 'Zip archive is truncated: compressed data ends early');
  if (typeof code === 'string' && code.startsWith('Z_'))
    return refuse('corrupt', 'Zip archive is corrupt: an entry is not valid deflate data');
  if (/signature|comment length|extra field|zip64|invalid/i.test(message))
    return refuse('corrupt', `Zip archive is corrupt (${message.slice(0, 200)})`);
  if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw err;
  return refuse('corrupt', `Zip archive could not be read (${message.slice(0, 200)})`);
}

/** The checked, normalised path of an entry name, or a refusal. */
function checkedPath(name: string, limits: ZipLimits): { path: string; trailingSlash: boolean } {
  // Control characters (NUL included) have no place in a file name and hide what a name really is.
  // eslint-disable-next-line no-control-regex -- matching control characters is the check
  if (/[\u0000-\u001f\u007f]/.test(name))
    throw refuse('control-character', `Zip entry name ${shown(name)} has control characters`);
  if (name.includes('\\'))
    throw refuse('backslash', `Zip entry name ${shown(name)} has a backslash (a Windows path separator)`);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name))
    throw refuse('absolute-path', `Zip entry ${shown(name)} has an absolute path`);
  if (name.length > limits.maxPathLength)
    throw refuse('path-too-long', `Zip entry name is longer than ${limits.maxPathLength} characters`);
  const segments: string[] = [];
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') throw refuse('traversal', `Zip entry ${shown(name)} climbs out of the archive ('..')`);
    segments.push(segment);
  }
  if (segments.length > limits.maxDepth)
    throw refuse('too-deep', `Zip entry ${shown(name)} is more than ${limits.maxDepth} folders deep`);
  return { path: segments.join('/'), trailingSlash: name.endsWith('/') };
}

/** File type from the external attributes: Unix mode bits when the creator was Unix, DOS bits otherwise. */
function entryType(entry: yauzl.Entry): 'file' | 'directory' | 'link' | 'special' {
  const host = entry.versionMadeBy >>> 8;
  const attributes = entry.externalFileAttributes >>> 0;
  if (UNIX_HOSTS.has(host)) {
    const type = (attributes >>> 16) & S_IFMT;
    if (type === S_IFLNK) return 'link';
    if (type === S_IFDIR) return 'directory';
    if (type !== 0 && type !== S_IFREG) return 'special';
  } else if (host === 0 || host === 10 || host === 11 || host === 14) {
    // MS-DOS, NTFS, VFAT: a reparse point is a link or a junction.
    if (attributes & DOS_REPARSE_POINT) return 'link';
    if (attributes & DOS_DIRECTORY) return 'directory';
  }
  return 'file';
}

interface Located {
  info: ZipEntryInfo;
  entry: yauzl.Entry;
}

/**
 * A zip whose every entry was checked before any data is read: names, types, sizes, ratios,
 * encryption, and that no two entries share bytes. Entries are then read one at a time, in memory,
 * with their declared size, their CRC and the whole zip's read budget enforced; nothing is ever
 * written anywhere.
 */
export class SafeZip {
  /** Files and folders, in central-directory order. */
  readonly entries: ZipEntryInfo[];
  /** Files by path. */
  readonly files: Map<string, ZipEntryInfo>;
  /** Sum of the declared sizes. */
  readonly totalBytes: number;
  private readonly raw: yauzl.Entry[];
  private inflated = 0;

  /** @internal use openZip */
  constructor(
    private readonly zip: yauzl.ZipFile,
    located: Located[],
    readonly limits: ZipLimits,
  ) {
    this.entries = located.map((l) => l.info);
    this.raw = located.map((l) => l.entry);
    this.files = new Map(this.entries.filter((e) => !e.directory).map((e) => [e.path, e]));
    this.totalBytes = this.entries.reduce((sum, e) => sum + e.size, 0);
  }

  /** Bytes inflated so far. */
  get bytesRead(): number {
    return this.inflated;
  }

  /**
   * The entry's bytes in chunks, at most `maxBytes` of them (the rest is not inflated). Throws
   * ZipRefusal when the entry inflates past its declared size, fails its CRC or exhausts the read
   * budget.
   */
  async *chunks(info: ZipEntryInfo, maxBytes = Infinity): AsyncGenerator<Buffer> {
    const entry = this.raw[info.index];
    if (!entry || info.directory) throw new Error(`Not a file entry of this zip: ${info.path}`);
    if (info.size === 0) {
      if (entry.crc32 !== 0) throw refuse('crc-mismatch', `Zip entry ${shown(info.path)} fails its CRC check`);
      return;
    }
    let stream: NodeJS.ReadableStream & { destroy(): void };
    try {
      stream = (await this.zip.openReadStreamPromise(entry)) as typeof stream;
    } catch (err) {
      throw asRefusal(err, true);
    }
    let count = 0;
    let crc = 0;
    let stopped = false;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        count += chunk.length;
        if (count > info.size)
          throw refuse(
            'size-mismatch',
            `Zip entry ${shown(info.path)} inflates past its declared size (${info.size} bytes)`,
          );
        this.inflated += chunk.length;
        if (this.inflated > this.limits.maxReadBytes) {
          throw refuse('read-budget', `Zip archive inflates to more than ${this.limits.maxReadBytes} bytes read`);
        }
        crc = crc32(chunk, crc);
        const room = maxBytes - (count - chunk.length);
        if (room < chunk.length) {
          stopped = true;
          if (room > 0) yield chunk.subarray(0, room);
          return;
        }
        yield chunk;
      }
    } catch (err) {
      throw asRefusal(err, true);
    } finally {
      stream.destroy();
    }
    if (!stopped) {
      if (count !== info.size)
        throw refuse(
          'size-mismatch',
          `Zip entry ${shown(info.path)} holds ${count} bytes, not the ${info.size} it declares`,
        );
      if (crc >>> 0 !== entry.crc32 >>> 0)
        throw refuse('crc-mismatch', `Zip entry ${shown(info.path)} fails its CRC check`);
    }
  }

  /** The entry's bytes, whole; callers check `info.size` against what they accept first. */
  async read(info: ZipEntryInfo, maxBytes = info.size): Promise<Buffer> {
    const parts: Buffer[] = [];
    for await (const chunk of this.chunks(info, maxBytes)) parts.push(chunk);
    return Buffer.concat(parts);
  }

  close(): void {
    this.zip.close();
  }
}

function openYauzl(input: ZipInput): Promise<yauzl.ZipFile> {
  const options: yauzl.Options = {
    lazyEntries: true,
    autoClose: false,
    decodeStrings: false,
    validateEntrySizes: true,
    strictFileNames: true,
  };
  return typeof input === 'string' ? yauzl.openPromise(input, options) : yauzl.fromBufferPromise(input, options);
}

const AGE_HEADER = Buffer.from('age-encryption.org/', 'latin1');

/** The input's first bytes (a local header says zip; age's header says an encrypted AndroidQF output). */
async function head(input: ZipInput): Promise<Buffer> {
  if (typeof input !== 'string') return input.subarray(0, 32);
  const handle = await open(input, 'r');
  try {
    const bytes = Buffer.alloc(32);
    const { bytesRead } = await handle.read(bytes, 0, 32, 0);
    return bytes.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Opens a zip (bytes or a file) and checks all of it before anything is read: throws ZipRefusal
 * (an ArchiveError) on the first unsafe or inconsistent thing, with the reason.
 */
export async function openZip(input: ZipInput, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<SafeZip> {
  const first = await head(input).catch(() => Buffer.alloc(0));
  const looksLikeZip = first.subarray(0, 4).equals(LOCAL_HEADER);
  if (typeof input !== 'string' && input.length === 0) throw refuse('not-a-zip', 'Archive is empty');
  if (first.subarray(0, AGE_HEADER.length).equals(AGE_HEADER)) {
    throw refuse(
      'encrypted',
      'This is an age-encrypted file (an encrypted AndroidQF output): decrypt it with its key first, then upload the zip',
    );
  }
  let zip: yauzl.ZipFile;
  try {
    zip = await openYauzl(input);
  } catch (err) {
    throw asRefusal(err, looksLikeZip);
  }
  try {
    // The central directory's offset, before yauzl's cursor moves (an internal field: used only when present).
    const cursor = (zip as unknown as { readEntryCursor?: unknown }).readEntryCursor;
    const centralDirectoryOffset = typeof cursor === 'number' ? cursor : undefined;
    if (zip.entryCount > limits.maxEntries) {
      throw refuse('too-many-entries', `Zip archive has ${zip.entryCount} entries, more than ${limits.maxEntries}`);
    }
    const located = await readCentralDirectory(zip, limits);
    await checkLocalHeaders(zip, located, centralDirectoryOffset);
    return new SafeZip(zip, located, limits);
  } catch (err) {
    zip.close();
    throw asRefusal(err, looksLikeZip);
  }
}

async function readCentralDirectory(zip: yauzl.ZipFile, limits: ZipLimits): Promise<Located[]> {
  const located: Located[] = [];
  const names = new Set<string>();
  const folders = new Set<string>();
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
    const { path, trailingSlash } = checkedPath(name, limits);
    if (entry.isEncrypted())
      throw refuse('encrypted', `Zip entry ${shown(name)} is encrypted; encrypted archives are not read`);
    const type = entryType(entry);
    if (type === 'link') throw refuse('link', `Zip entry ${shown(name)} is a symbolic link; links are never followed`);
    if (type === 'special')
      throw refuse('special-file', `Zip entry ${shown(name)} is a device, FIFO or socket, not a file`);
    const directory = trailingSlash || type === 'directory';
    if (directory && entry.uncompressedSize > 0) throw refuse('corrupt', `Zip folder entry ${shown(name)} has data`);
    if (!directory && path === '') throw refuse('corrupt', `Zip entry ${shown(name)} has no file name`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw refuse(
        'unsupported-compression',
        `Zip entry ${shown(name)} uses compression method ${entry.compressionMethod}; only stored and deflated entries are read`,
      );
    }
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      throw refuse(
        'entry-too-large',
        `Zip entry ${shown(name)} declares ${entry.uncompressedSize} bytes, more than ${limits.maxEntryBytes}`,
      );
    }
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes)
      throw refuse('total-too-large', `Zip archive declares more than ${limits.maxTotalBytes} bytes uncompressed`);
    if (
      entry.uncompressedSize > limits.ratioFloorBytes &&
      entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio
    ) {
      const ratio = Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1));
      throw refuse(
        'compression-ratio',
        `Zip entry ${shown(name)} expands ${ratio} times (more than ${limits.maxCompressionRatio}): a zip bomb`,
      );
    }
    if (!directory) {
      if (names.has(path)) throw refuse('duplicate-entry', `Zip archive has two entries named ${shown(path)}`);
      if (folders.has(path)) throw refuse('corrupt', `Zip archive has a file and a folder named ${shown(path)}`);
      names.add(path);
    }
    // Every folder above the entry (and the entry itself when a folder): none may also be a file.
    const parts = path.split('/');
    for (let i = 1; i <= parts.length - (directory ? 0 : 1); i++) {
      const folder = parts.slice(0, i).join('/');
      if (names.has(folder)) throw refuse('corrupt', `Zip archive has a file and a folder named ${shown(folder)}`);
      folders.add(folder);
    }
    located.push({
      info: {
        path,
        directory,
        size: entry.uncompressedSize,
        compressedSize: entry.compressedSize,
        index: located.length,
      },
      entry,
    });
  }
  return located;
}

/**
 * Each entry's local header must carry the central directory's name, and the entries' bytes must
 * not overlap: a zip bomb of overlapping entries (several central records pointing at one
 * compressed kernel) inflates the same bytes again and again, and a local name that differs from
 * the central one shows a different file to another unzipper.
 */
async function checkLocalHeaders(
  zip: yauzl.ZipFile,
  located: Located[],
  centralDirectoryOffset: number | undefined,
): Promise<void> {
  const spans: Array<{ start: number; end: number; name: string }> = [];
  let renamed: string | undefined;
  let encrypted: string | undefined;
  for (const { info, entry } of located) {
    const header = await zip.readLocalFileHeaderPromise(entry);
    if (!header.fileName.equals(entry.fileNameRaw)) renamed ??= info.path;
    if ((header.generalPurposeBitFlag & 1) !== 0) encrypted ??= info.path;
    spans.push({
      start: entry.relativeOffsetOfLocalHeader,
      end: header.fileDataStart + entry.compressedSize,
      name: info.path,
    });
  }
  spans.sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < spans.length; i++) {
    const previous = spans[i - 1]!;
    const current = spans[i]!;
    if (current.start < previous.end) {
      throw refuse(
        'overlapping-entries',
        `Zip entries ${shown(previous.name)} and ${shown(current.name)} share bytes (overlapping entries, a zip bomb technique)`,
      );
    }
  }
  const last = spans[spans.length - 1];
  if (last && centralDirectoryOffset !== undefined && last.end > centralDirectoryOffset) {
    throw refuse('overlapping-entries', `Zip entry ${shown(last.name)} runs into the central directory`);
  }
  // After the overlap check: several records on one header also disagree on the name, and the overlap is the telling reason.
  if (renamed !== undefined)
    throw refuse('corrupt', `Zip entry ${shown(renamed)} has another name in its local header`);
  if (encrypted !== undefined)
    throw refuse('encrypted', `Zip entry ${shown(encrypted)} is encrypted; encrypted archives are not read`);
}
