import { gzipSync } from 'node:zlib';

export interface TarWriterEntry {
  path: string;
  data?: string | Buffer;
  /** Type flag: '0' file (default), '5' directory, '1' hard link, '2' symlink, or any other. */
  type?: string;
  linkName?: string;
  /** Size written in the header when it must differ from the data (tests of lying headers). */
  declaredSize?: number;
  /** How a path longer than 100 bytes is written: GNU `L` record (default) or pax `x` header. */
  longNames?: 'gnu' | 'pax';
}

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: string, linkName = ''): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, 'utf8');
  block.write(octal(0o644, 8), 100, 'latin1');
  block.write(octal(0, 8), 108, 'latin1');
  block.write(octal(0, 8), 116, 'latin1');
  if (size < 8 ** 11) block.write(octal(size, 12), 124, 'latin1');
  else {
    // GNU base-256 for sizes an 11-digit octal field cannot hold.
    block[124] = 0x80;
    let v = size;
    for (let i = 135; i > 124; i--) {
      block[i] = v % 256;
      v = Math.floor(v / 256);
    }
  }
  block.write(octal(1_700_000_000, 12), 136, 'latin1');
  block.write('        ', 148, 'latin1');
  block.write(type, 156, 'latin1');
  block.write(linkName.slice(0, 100), 157, 'utf8');
  block.write('ustar\u000000', 257, 'latin1');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

function padded(data: Buffer): Buffer[] {
  const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
  return pad ? [data, Buffer.alloc(pad)] : [data];
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length)
    length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

/**
 * A minimal tar writer (ustar headers, GNU or pax long names) for the tests and the benchmark:
 * it writes exactly what it is told, including unsafe paths and lying sizes.
 */
export function createTar(entries: TarWriterEntry[], { endMarker = true } = {}): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const type = entry.type ?? '0';
    const data = entry.data === undefined ? Buffer.alloc(0) : Buffer.from(entry.data);
    const size = entry.declaredSize ?? (type === '0' ? data.length : 0);
    if (Buffer.byteLength(entry.path) > 100) {
      if (entry.longNames === 'pax') {
        const pax = Buffer.from(paxRecord('path', entry.path));
        parts.push(header('PaxHeader', pax.length, 'x'), ...padded(pax));
      } else {
        const name = Buffer.from(`${entry.path}\0`);
        parts.push(header('././@LongLink', name.length, 'L'), ...padded(name));
      }
    }
    parts.push(header(entry.path, size, type, entry.linkName));
    if (type === '0' && data.length > 0) parts.push(...padded(data));
  }
  if (endMarker) parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

export function createTarGz(entries: TarWriterEntry[], options?: { endMarker?: boolean }): Buffer {
  return gzipSync(createTar(entries, options), { level: 1 });
}
