import { ArchiveError } from './archiveError';
import { ByteReader } from './byteReader';

export interface TarLimits {
  /** Entries (files, directories, links) in the archive. */
  maxEntries: number;
  /** Tar bytes read: headers, metadata and the entries' data. */
  maxTotalBytes: number;
  /** Declared size of one entry. */
  maxEntryBytes: number;
  /** Path segments of one entry (`a/b/c` is 3). */
  maxDepth: number;
  maxPathLength: number;
}

export type TarEntryType = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other';

export interface TarEntry {
  /** Relative, normalised (`a/b/c`), checked: no absolute path, no `..`, bounded depth. */
  path: string;
  type: TarEntryType;
  /** The header's type flag, for messages about `other` entries. */
  typeFlag: string;
  size: number;
  linkName?: string;
  /** The entry's data; each entry's data can be read once, before the next entry is asked for. */
  read(): Promise<Buffer>;
  chunks(): AsyncGenerator<Buffer>;
}

const BLOCK = 512;
/** pax and GNU long-name records larger than this are not names but an attack. */
const MAX_META_BYTES = 1024 * 1024;
/** Metadata headers (pax, GNU long names) allowed before one real entry. */
const MAX_META_PER_ENTRY = 8;

const TYPES: Record<string, TarEntryType> = {
  '0': 'file',
  '\0': 'file',
  '7': 'file',
  '5': 'directory',
  '2': 'symlink',
  '1': 'hardlink',
};

/**
 * Reads a tar stream (POSIX ustar, GNU long names `L`/`K`, pax `x`/`g` path/linkpath/size)
 * entry by entry, refusing it as soon as a header breaks a bound: a 1 GB declared size is refused
 * from its 512-byte header, before any data is read. Reading stops at the end-of-archive marker,
 * so whatever follows (a gzip bomb's tail) is never decompressed.
 */
export async function* readTar(source: AsyncIterable<Uint8Array>, limits: TarLimits): AsyncGenerator<TarEntry> {
  const iterator = source[Symbol.asyncIterator]();
  const reader = new ByteReader(iterator);
  let entries = 0;
  let globalPax: Record<string, string> = {};
  try {
    for (;;) {
      let longName: string | undefined;
      let longLink: string | undefined;
      let pax: Record<string, string> = {};
      let metaCount = 0;
      let header: Buffer;
      for (;;) {
        if (!(await reader.fill(BLOCK))) {
          // A stream that stops on a block boundary without the zero blocks is accepted (many writers
          // drop them); one that stops inside a header or between metadata and its entry is not.
          if (reader.available === 0 && metaCount === 0 && reader.consumed > 0) return;
          if (reader.consumed > 0) throw new ArchiveError('truncated', 'Archive is truncated');
          throw new ArchiveError('not-an-archive', reader.available === 0 ? 'Archive is empty' : 'Not a tar archive');
        }
        header = reader.take(BLOCK);
        if (isZeroBlock(header)) {
          if (metaCount > 0) throw new ArchiveError('corrupt', 'Archive ends after a metadata header');
          return;
        }
        if (!checksumMatches(header)) {
          throw new ArchiveError(
            reader.consumed === BLOCK ? 'not-an-archive' : 'corrupt',
            reader.consumed === BLOCK ? 'Not a tar archive' : 'Archive has a corrupt header (checksum mismatch)',
          );
        }
        const flag = String.fromCharCode(header[156]!);
        if (!'xgLK'.includes(flag)) break;
        if (++metaCount > MAX_META_PER_ENTRY)
          throw new ArchiveError('corrupt', 'Archive has too many metadata headers in a row');
        const size = headerSize(header);
        if (size > MAX_META_BYTES) throw new ArchiveError('too-large', 'Archive has an oversized metadata header');
        checkBudget(reader, size, limits);
        const data = await readData(reader, size);
        if (flag === 'L') longName = cString(data);
        else if (flag === 'K') longLink = cString(data);
        else if (flag === 'x') pax = { ...pax, ...parsePax(data) };
        else globalPax = { ...globalPax, ...parsePax(data) };
      }

      const meta = { ...globalPax, ...pax };
      const flag = String.fromCharCode(header[156]!);
      const type = TYPES[flag] ?? 'other';
      const size = meta.size !== undefined ? parsePaxSize(meta.size) : headerSize(header);
      const rawPath = meta.path ?? longName ?? ustarPath(header);
      const linkName = meta.linkpath ?? longLink ?? (cString(header.subarray(157, 257)) || undefined);

      if (++entries > limits.maxEntries) {
        throw new ArchiveError('too-many-entries', `Archive has more than ${limits.maxEntries} entries`);
      }
      if (size > limits.maxEntryBytes) {
        throw new ArchiveError(
          'too-large',
          `Archive entry ${printable(rawPath)} declares ${size} bytes (at most ${limits.maxEntryBytes})`,
        );
      }
      checkBudget(reader, size, limits);
      const path = safeRelativePath(rawPath, limits);

      let consumed = false;
      const chunks = async function* (): AsyncGenerator<Buffer> {
        if (consumed) throw new Error(`Data of ${path} was already read`);
        consumed = true;
        let left = size;
        while (left > 0) {
          const chunk = await reader.takeSome(left);
          if (!chunk) throw new ArchiveError('truncated', `Archive is truncated inside ${printable(path)}`);
          left -= chunk.length;
          yield chunk;
        }
      };
      const entry: TarEntry = {
        path,
        type,
        typeFlag: flag,
        size,
        ...(linkName && (type === 'symlink' || type === 'hardlink') ? { linkName } : {}),
        chunks,
        read: async () => {
          if (consumed) throw new Error(`Data of ${path} was already read`);
          consumed = true;
          return readData(reader, size);
        },
      };
      const before = reader.consumed;
      yield entry;
      // Skip whatever the consumer did not read, then the padding to the next block.
      const read = reader.consumed - before;
      await skip(reader, size - read + padding(size));
    }
  } finally {
    await iterator.return?.();
  }
}

/**
 * Everything read counts against maxTotalBytes (headers, metadata and data), so neither large
 * entries nor a flood of small headers can make us inflate more than the bound.
 */
function checkBudget(reader: ByteReader, size: number, limits: TarLimits): void {
  if (reader.consumed + size + padding(size) > limits.maxTotalBytes) {
    throw new ArchiveError('too-large', `Archive content exceeds ${limits.maxTotalBytes} bytes`);
  }
}

async function readData(reader: ByteReader, size: number): Promise<Buffer> {
  if (!(await reader.fill(size + padding(size)))) {
    if (reader.available < size) throw new ArchiveError('truncated', 'Archive is truncated');
  }
  const data = reader.take(size);
  await skip(reader, Math.min(padding(size), reader.available));
  return data;
}

async function skip(reader: ByteReader, n: number): Promise<void> {
  let left = n;
  while (left > 0) {
    const chunk = await reader.takeSome(left);
    if (!chunk) throw new ArchiveError('truncated', 'Archive is truncated');
    left -= chunk.length;
  }
}

const padding = (size: number): number => (BLOCK - (size % BLOCK)) % BLOCK;

function isZeroBlock(block: Buffer): boolean {
  for (let i = 0; i < BLOCK; i++) if (block[i] !== 0) return false;
  return true;
}

/** Unsigned sum with the checksum field as spaces; some old writers summed signed bytes. */
function checksumMatches(header: Buffer): boolean {
  const stored = parseOctal(header.subarray(148, 156));
  if (stored === null) return false;
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : header[i]!;
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stored === unsigned || stored === signed;
}

function parseOctal(field: Buffer): number | null {
  const text = cString(field).trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) return null;
  return parseInt(text, 8);
}

/** Size field: octal, or GNU base-256 (high bit set) for sizes past 8 GiB. */
function headerSize(header: Buffer): number {
  const field = header.subarray(124, 136);
  if (field[0]! & 0x80) {
    if (field[0] === 0xff) throw new ArchiveError('corrupt', 'Archive entry has a negative size');
    let value = field[0]! & 0x7f;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i]!;
    return value;
  }
  const value = parseOctal(field);
  if (value === null) throw new ArchiveError('corrupt', 'Archive entry has an unreadable size');
  return value;
}

function parsePaxSize(value: string): number {
  if (!/^\d{1,20}$/.test(value)) throw new ArchiveError('corrupt', 'Archive has an unreadable pax size');
  return Number(value);
}

function cString(field: Buffer): string {
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? field.length : end).toString('utf8');
}

function ustarPath(header: Buffer): string {
  const name = cString(header.subarray(0, 100));
  const isUstar = header.subarray(257, 262).toString('latin1') === 'ustar';
  const prefix = isUstar ? cString(header.subarray(345, 500)) : '';
  return prefix ? `${prefix}/${name}` : name;
}

/** pax records: `LEN key=value\n`, LEN counting the whole record. */
function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space < 0) break;
    const length = Number(data.subarray(offset, space).toString('latin1'));
    if (!Number.isInteger(length) || length <= space - offset || offset + length > data.length) {
      throw new ArchiveError('corrupt', 'Archive has a malformed pax header');
    }
    const record = data.subarray(space + 1, offset + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    offset += length;
  }
  return out;
}

const printable = (path: string): string => JSON.stringify(path.length > 120 ? `${path.slice(0, 120)}…` : path);

/**
 * The entry's path made relative and normalised, or an ArchiveError when it is absolute, climbs
 * out with `..`, holds a NUL or control character, or is too long or too deep.
 */
export function safeRelativePath(raw: string, limits: Pick<TarLimits, 'maxDepth' | 'maxPathLength'>): string {
  if (raw.length > limits.maxPathLength) {
    throw new ArchiveError('unsafe-path', `Archive entry path is longer than ${limits.maxPathLength} characters`);
  }
  // eslint-disable-next-line no-control-regex -- a path with control characters is what this refuses
  if (/[\u0000-\u001f]/.test(raw))
    throw new ArchiveError('unsafe-path', `Archive entry ${printable(raw)} has control characters in its path`);
  if (raw.startsWith('/') || raw.startsWith('\\') || /^[A-Za-z]:/.test(raw)) {
    throw new ArchiveError('unsafe-path', `Archive entry ${printable(raw)} has an absolute path`);
  }
  // Backslashes count as separators here so a `..\` written on Windows is refused too.
  const segments = raw.split(/[/\\]+/).filter((s) => s !== '' && s !== '.');
  if (segments.includes('..'))
    throw new ArchiveError('unsafe-path', `Archive entry ${printable(raw)} climbs out with ..`);
  if (segments.length > limits.maxDepth) {
    throw new ArchiveError(
      'too-deep',
      `Archive entry ${printable(raw)} is nested deeper than ${limits.maxDepth} levels`,
    );
  }
  return segments.join('/');
}
