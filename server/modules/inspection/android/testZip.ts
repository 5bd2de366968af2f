/**
 * A minimal zip writer for tests (yauzl only reads). It writes unsafe and inconsistent archives
 * on purpose: links, encrypted flags, lying sizes, shared local headers, names as given.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export interface TestZipEntry {
  /** Written as is (UTF-8, flag 11 set). A trailing `/` makes a folder. */
  name: string;
  data?: string | Buffer;
  /** Default `deflate` for files. */
  method?: 'store' | 'deflate';
  /** Unix mode (e.g. 0o120777 for a symlink): sets the creator to Unix and the external attributes. */
  unixMode?: number;
  /** DOS attributes (creator MS-DOS), e.g. 0x400 for a reparse point. */
  dosAttributes?: number;
  /** Sets the encryption flag (the data is not really encrypted). */
  encrypted?: boolean;
  /** Uncompressed size written in the headers instead of the real one. */
  declaredSize?: number;
  /** CRC written in the headers instead of the real one. */
  crc?: number;
  /**
   * Central record points at this earlier entry's local header (plus `offsetDelta` bytes) instead
   * of writing its own; with `data`, its sizes and CRC are those of that data.
   */
  sharesLocalHeaderOf?: number;
  offsetDelta?: number;
  /** Name written in the local header when it must differ from the central one. */
  localName?: string;
  /** Compression method number written instead of 0/8 (data stored). */
  methodNumber?: number;
}

interface Written {
  offset: number;
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  flags: number;
  versionMadeBy: number;
  external: number;
}

const DOS_TIME = 0x6000; // 12:00:00
const DOS_DATE = ((2024 - 1980) << 9) | (5 << 5) | 1; // 2024-05-01

export function createZip(entries: TestZipEntry[], options: { comment?: string } = {}): Buffer {
  const parts: Buffer[] = [];
  const written: Written[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const data = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : (e.data ?? Buffer.alloc(0));
    const folder = e.name.endsWith('/');
    const deflate = !folder && (e.method ?? 'deflate') === 'deflate' && e.methodNumber === undefined;
    const body = deflate ? deflateRawSync(data) : data;
    const method = e.methodNumber ?? (deflate ? 8 : 0);
    const crc = e.crc ?? crc32(data) >>> 0;
    const size = e.declaredSize ?? data.length;
    const flags = 0x800 | (e.encrypted ? 1 : 0);
    let versionMadeBy = 20;
    let external = folder ? 0x10 : 0;
    if (e.unixMode !== undefined) {
      versionMadeBy = (3 << 8) | 20;
      external = ((e.unixMode & 0xffff) << 16) >>> 0;
    } else if (e.dosAttributes !== undefined) {
      external = e.dosAttributes;
    }
    if (e.sharesLocalHeaderOf !== undefined) {
      const shared = written[e.sharesLocalHeaderOf]!;
      const own = e.data === undefined ? {} : { method, crc, compressedSize: body.length, size };
      written.push({ ...shared, ...own, offset: shared.offset + (e.offsetDelta ?? 0), name, versionMadeBy, external });
      continue;
    }
    const localName = e.localName !== undefined ? Buffer.from(e.localName, 'utf8') : name;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(body.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(localName.length, 26);
    header.writeUInt16LE(0, 28);
    parts.push(header, localName, body);
    written.push({ offset, name, method, crc, compressedSize: body.length, size, flags, versionMadeBy, external });
    offset += header.length + localName.length + body.length;
  }
  const centralStart = offset;
  for (const w of written) {
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(w.versionMadeBy, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(w.flags, 8);
    header.writeUInt16LE(w.method, 10);
    header.writeUInt16LE(DOS_TIME, 12);
    header.writeUInt16LE(DOS_DATE, 14);
    header.writeUInt32LE(w.crc, 16);
    header.writeUInt32LE(w.compressedSize, 20);
    header.writeUInt32LE(w.size, 24);
    header.writeUInt16LE(w.name.length, 28);
    header.writeUInt16LE(0, 30);
    header.writeUInt16LE(0, 32);
    header.writeUInt16LE(0, 34);
    header.writeUInt16LE(0, 36);
    header.writeUInt32LE(w.external, 38);
    header.writeUInt32LE(w.offset, 42);
    parts.push(header, w.name);
    offset += header.length + w.name.length;
  }
  const comment = Buffer.from(options.comment ?? '', 'latin1');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(offset - centralStart, 12);
  end.writeUInt32LE(centralStart, 16);
  end.writeUInt16LE(comment.length, 20);
  parts.push(end, comment);
  return Buffer.concat(parts);
}
