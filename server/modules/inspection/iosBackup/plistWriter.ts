/**
 * Writes property lists for the backup generator (samples, tests, the benchmark): binary
 * (`bplist00`, objects not shared, 8-byte offsets and 4-byte references, simple over small) and
 * XML. Keyed archives are built by `keyedArchive`.
 */
import { isDict, isUid, type PlistValue } from './plist';

const APPLE_EPOCH_MS = Date.UTC(2001, 0, 1);

function lengthHeader(type: number, length: number): Buffer {
  if (length < 15) return Buffer.from([(type << 4) | length]);
  const n = Buffer.alloc(5);
  n[0] = 0x12;
  n.writeUInt32BE(length, 1);
  return Buffer.concat([Buffer.from([(type << 4) | 0x0f]), n]);
}

export function writeBinaryPlist(root: PlistValue): Buffer {
  const objects: Buffer[] = [];
  const add = (v: PlistValue): number => {
    const index = objects.length;
    objects.push(Buffer.alloc(0));
    let out: Buffer;
    if (v === null) out = Buffer.from([0x00]);
    else if (v === false) out = Buffer.from([0x08]);
    else if (v === true) out = Buffer.from([0x09]);
    else if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) {
      out = Buffer.alloc(9);
      out[0] = 0x13;
      out.writeBigInt64BE(BigInt(v), 1);
    } else if (typeof v === 'number') {
      out = Buffer.alloc(9);
      out[0] = 0x23;
      out.writeDoubleBE(v, 1);
    } else if (v instanceof Date) {
      out = Buffer.alloc(9);
      out[0] = 0x33;
      out.writeDoubleBE((v.getTime() - APPLE_EPOCH_MS) / 1000, 1);
    } else if (Buffer.isBuffer(v)) out = Buffer.concat([lengthHeader(0x4, v.length), v]);
    else if (typeof v === 'string') {
      // eslint-disable-next-line no-control-regex -- ASCII strings are written as such, others as UTF-16
      if (/^[\u0000-\u007f]*$/.test(v)) out = Buffer.concat([lengthHeader(0x5, v.length), Buffer.from(v, 'latin1')]);
      else out = Buffer.concat([lengthHeader(0x6, v.length), Buffer.from(v, 'utf16le').swap16()]);
    } else if (isUid(v)) {
      out = Buffer.alloc(5);
      out[0] = 0x83;
      out.writeUInt32BE(v.uid, 1);
    } else if (Array.isArray(v)) {
      const refs = v.map(add);
      const body = Buffer.alloc(refs.length * 4);
      refs.forEach((r, i) => body.writeUInt32BE(r, i * 4));
      out = Buffer.concat([lengthHeader(0xa, refs.length), body]);
    } else if (isDict(v)) {
      const entries = Object.entries(v);
      const keys = entries.map(([k]) => add(k));
      const values = entries.map(([, x]) => add(x));
      const body = Buffer.alloc(entries.length * 8);
      [...keys, ...values].forEach((r, i) => body.writeUInt32BE(r, i * 4));
      out = Buffer.concat([lengthHeader(0xd, entries.length), body]);
    } else throw new Error('unsupported plist value');
    objects[index] = out;
    return index;
  };
  add(root);
  const header = Buffer.from('bplist00', 'latin1');
  const offsets: number[] = [];
  let at = header.length;
  for (const o of objects) {
    offsets.push(at);
    at += o.length;
  }
  const table = Buffer.alloc(objects.length * 8);
  offsets.forEach((o, i) => table.writeBigUInt64BE(BigInt(o), i * 8));
  const trailer = Buffer.alloc(32);
  trailer[6] = 8;
  trailer[7] = 4;
  trailer.writeBigUInt64BE(BigInt(objects.length), 8);
  trailer.writeBigUInt64BE(0n, 16);
  trailer.writeBigUInt64BE(BigInt(at), 24);
  return Buffer.concat([header, ...objects, table, trailer]);
}

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function writeXmlPlist(root: PlistValue): string {
  const write = (v: PlistValue, indent: string): string => {
    if (v === true) return `${indent}<true/>`;
    if (v === false) return `${indent}<false/>`;
    if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v)))
      return `${indent}<integer>${v}</integer>`;
    if (typeof v === 'number') return `${indent}<real>${v}</real>`;
    if (typeof v === 'string') return `${indent}<string>${escapeXml(v)}</string>`;
    if (v instanceof Date) return `${indent}<date>${v.toISOString().replace(/\.\d{3}Z$/, 'Z')}</date>`;
    if (Buffer.isBuffer(v)) return `${indent}<data>${v.toString('base64')}</data>`;
    if (Array.isArray(v))
      return `${indent}<array>\n${v.map((x) => write(x, `${indent}\t`)).join('\n')}\n${indent}</array>`;
    if (isDict(v))
      return `${indent}<dict>\n${Object.entries(v)
        .map(([k, x]) => `${indent}\t<key>${escapeXml(k)}</key>\n${write(x, `${indent}\t`)}`)
        .join('\n')}\n${indent}</dict>`;
    throw new Error('unsupported XML plist value');
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n${write(root, '')}\n</plist>\n`;
}

/** An NSKeyedArchiver archive of one dictionary of scalars and data (the shape of Manifest.db's MBFile blobs). */
export function keyedArchive(className: string, fields: Record<string, PlistValue>): Buffer {
  const objects: PlistValue[] = ['$null'];
  const root: Record<string, PlistValue> = {};
  objects.push(root);
  for (const [key, value] of Object.entries(fields)) {
    if (Buffer.isBuffer(value)) {
      objects.push({ 'NS.data': value, $class: { uid: 0 } });
      root[key] = { uid: objects.length - 1 };
    } else root[key] = value;
  }
  objects.push({ $classname: className, $classes: [className, 'NSObject'] });
  const classUid = objects.length - 1;
  root.$class = { uid: classUid };
  for (const o of objects) if (isDict(o) && isUid(o.$class) && o.$class.uid === 0) o.$class = { uid: classUid + 1 };
  objects.push({ $classname: 'NSMutableData', $classes: ['NSMutableData', 'NSData', 'NSObject'] });
  return writeBinaryPlist({
    $version: 100000,
    $archiver: 'NSKeyedArchiver',
    $top: { root: { uid: 1 } },
    $objects: objects,
  });
}
