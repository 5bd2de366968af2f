/**
 * Property lists as iTunes/Finder backups write them: binary (`bplist00`: Manifest.plist,
 * Status.plist, the NSKeyedArchiver blobs of Manifest.db) and XML (Info.plist, most preference
 * files). Both readers are bounded: a plist is uploaded data, so object counts, nesting and sizes
 * are checked before anything is built, and a reference cycle cannot loop.
 */

/** A keyed archive's reference to another object of `$objects`. */
export interface PlistUid {
  uid: number;
}

export type PlistValue =
  null | boolean | number | bigint | string | Date | Buffer | PlistUid | PlistValue[] | { [key: string]: PlistValue };

export class PlistError extends Error {
  override readonly name = 'PlistError';
}

export interface PlistLimits {
  maxBytes: number;
  maxObjects: number;
  maxDepth: number;
}

export const DEFAULT_PLIST_LIMITS: PlistLimits = { maxBytes: 16 * 1024 * 1024, maxObjects: 500_000, maxDepth: 64 };

const APPLE_EPOCH_MS = Date.UTC(2001, 0, 1);

export const isUid = (v: unknown): v is PlistUid =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  !(v instanceof Date) &&
  !Buffer.isBuffer(v) &&
  Object.keys(v).length === 1 &&
  typeof (v as PlistUid).uid === 'number';

export const isDict = (v: unknown): v is { [key: string]: PlistValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !Buffer.isBuffer(v) && !isUid(v);

/** Reads a plist of either form, by its first bytes. */
export function parsePlist(data: Buffer, limits: PlistLimits = DEFAULT_PLIST_LIMITS): PlistValue {
  if (data.length > limits.maxBytes) throw new PlistError(`plist larger than ${limits.maxBytes} bytes`);
  if (data.subarray(0, 6).toString('latin1') === 'bplist') return parseBinaryPlist(data, limits);
  return parseXmlPlist(data.toString('utf8'), limits);
}

function readUInt(data: Buffer, offset: number, size: number): number {
  if (offset + size > data.length) throw new PlistError('binary plist is truncated');
  let n = 0;
  for (let i = 0; i < size; i++) n = n * 256 + data[offset + i]!;
  return n;
}

export function parseBinaryPlist(data: Buffer, limits: PlistLimits = DEFAULT_PLIST_LIMITS): PlistValue {
  if (data.length > limits.maxBytes) throw new PlistError(`plist larger than ${limits.maxBytes} bytes`);
  if (data.length < 40 || data.subarray(0, 8).toString('latin1') !== 'bplist00')
    throw new PlistError('not a binary plist (bplist00)');
  const trailer = data.length - 32;
  const offsetSize = data[trailer + 6]!;
  const refSize = data[trailer + 7]!;
  const numObjects = readUInt(data, trailer + 8, 8);
  const top = readUInt(data, trailer + 16, 8);
  const tableAt = readUInt(data, trailer + 24, 8);
  if (offsetSize < 1 || offsetSize > 8 || refSize < 1 || refSize > 8)
    throw new PlistError('binary plist trailer is corrupt');
  if (numObjects > limits.maxObjects) throw new PlistError(`binary plist holds more than ${limits.maxObjects} objects`);
  if (top >= numObjects || tableAt + numObjects * offsetSize > trailer)
    throw new PlistError('binary plist trailer is corrupt');
  const offsets = new Array<number>(numObjects);
  for (let i = 0; i < numObjects; i++) {
    const at = readUInt(data, tableAt + i * offsetSize, offsetSize);
    if (at < 8 || at >= tableAt) throw new PlistError('binary plist offset table is corrupt');
    offsets[i] = at;
  }
  let built = 0;
  const visiting = new Set<number>();

  const lengthAt = (marker: number, at: number): [number, number] => {
    const low = marker & 0x0f;
    if (low !== 0x0f) return [low, at + 1];
    const intMarker = data[at + 1];
    if (intMarker === undefined || intMarker >> 4 !== 1) throw new PlistError('binary plist length is corrupt');
    const size = 1 << (intMarker & 0x0f);
    return [readUInt(data, at + 2, size), at + 2 + size];
  };

  const object = (ref: number, depth: number): PlistValue => {
    if (ref >= numObjects) throw new PlistError('binary plist reference out of range');
    if (depth > limits.maxDepth) throw new PlistError(`binary plist nested deeper than ${limits.maxDepth}`);
    if (++built > limits.maxObjects * 4) throw new PlistError('binary plist expands past its bound');
    if (visiting.has(ref)) throw new PlistError('binary plist holds a reference cycle');
    const at = offsets[ref]!;
    const marker = data[at]!;
    const type = marker >> 4;
    switch (type) {
      case 0x0:
        if (marker === 0x08) return false;
        if (marker === 0x09) return true;
        return null;
      case 0x1: {
        const size = 1 << (marker & 0x0f);
        if (at + 1 + size > tableAt) throw new PlistError('binary plist is truncated');
        if (size === 8) {
          const big = data.readBigInt64BE(at + 1);
          return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
        }
        if (size > 8) return data.readBigUInt64BE(at + 1 + size - 8);
        return readUInt(data, at + 1, size);
      }
      case 0x2: {
        const size = 1 << (marker & 0x0f);
        if (at + 1 + size > tableAt) throw new PlistError('binary plist is truncated');
        return size === 4 ? data.readFloatBE(at + 1) : data.readDoubleBE(at + 1);
      }
      case 0x3:
        if (at + 9 > tableAt) throw new PlistError('binary plist is truncated');
        return new Date(APPLE_EPOCH_MS + data.readDoubleBE(at + 1) * 1000);
      case 0x4:
      case 0x5:
      case 0x6: {
        const [length, start] = lengthAt(marker, at);
        const bytes = type === 0x6 ? length * 2 : length;
        if (start + bytes > tableAt) throw new PlistError('binary plist is truncated');
        const slice = data.subarray(start, start + bytes);
        if (type === 0x4) return Buffer.from(slice);
        if (type === 0x5) return slice.toString('latin1');
        return Buffer.from(slice).swap16().toString('utf16le');
      }
      case 0x8:
        return { uid: readUInt(data, at + 1, (marker & 0x0f) + 1) };
      case 0xa:
      case 0xc:
      case 0xd: {
        const [count, start] = lengthAt(marker, at);
        const refs = type === 0xd ? count * 2 : count;
        if (count > limits.maxObjects || start + refs * refSize > tableAt)
          throw new PlistError('binary plist is truncated');
        visiting.add(ref);
        try {
          if (type === 0xd) {
            const dict: { [key: string]: PlistValue } = Object.create(null) as { [key: string]: PlistValue };
            for (let i = 0; i < count; i++) {
              const key = object(readUInt(data, start + i * refSize, refSize), depth + 1);
              if (typeof key !== 'string') throw new PlistError('binary plist dictionary key is not a string');
              dict[key] = object(readUInt(data, start + (count + i) * refSize, refSize), depth + 1);
            }
            return dict;
          }
          const list: PlistValue[] = [];
          for (let i = 0; i < count; i++) list.push(object(readUInt(data, start + i * refSize, refSize), depth + 1));
          return list;
        } finally {
          visiting.delete(ref);
        }
      }
      default:
        throw new PlistError(`binary plist object of unknown type 0x${type.toString(16)}`);
    }
  };
  return object(top, 0);
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return XML_ENTITIES[name] ?? whole;
  });
}

/** XML plists: the element subset Apple's writer emits (no attributes are read, no entities beyond XML's). */
export function parseXmlPlist(text: string, limits: PlistLimits = DEFAULT_PLIST_LIMITS): PlistValue {
  const tags = /<(\/?)([a-zA-Z]+)\s*(\/?)>|<\?[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<plist[^>]*>/g;
  let pos = 0;
  let objects = 0;
  type Tag = { close: boolean; name: string; empty: boolean; start: number; end: number };
  const next = (): Tag | null => {
    for (;;) {
      tags.lastIndex = pos;
      const m = tags.exec(text);
      if (!m) return null;
      pos = tags.lastIndex;
      if (!m[2] || m[2] === 'plist') continue;
      return { close: m[1] === '/', name: m[2], empty: m[3] === '/', start: m.index, end: tags.lastIndex };
    }
  };
  const textUntil = (name: string, from: number): string => {
    const close = text.indexOf(`</${name}>`, from);
    if (close < 0) throw new PlistError(`XML plist: <${name}> is not closed`);
    pos = close + name.length + 3;
    return text.slice(from, close);
  };
  const value = (tag: Tag, depth: number): PlistValue => {
    if (depth > limits.maxDepth) throw new PlistError(`XML plist nested deeper than ${limits.maxDepth}`);
    if (++objects > limits.maxObjects) throw new PlistError(`XML plist holds more than ${limits.maxObjects} objects`);
    if (tag.close) throw new PlistError(`XML plist: unexpected </${tag.name}>`);
    switch (tag.name) {
      case 'true':
      case 'false':
        if (!tag.empty) textUntil(tag.name, tag.end);
        return tag.name === 'true';
      case 'string':
        return tag.empty ? '' : unescapeXml(textUntil('string', tag.end));
      case 'integer': {
        const raw = textUntil('integer', tag.end).trim();
        const n = Number(raw);
        return Number.isSafeInteger(n) ? n : BigInt(raw);
      }
      case 'real':
        return Number(textUntil('real', tag.end).trim());
      case 'date':
        return new Date(textUntil('date', tag.end).trim());
      case 'data':
        return tag.empty ? Buffer.alloc(0) : Buffer.from(textUntil('data', tag.end).replace(/\s+/g, ''), 'base64');
      case 'array': {
        const list: PlistValue[] = [];
        if (tag.empty) return list;
        for (;;) {
          const t = next();
          if (!t) throw new PlistError('XML plist: <array> is not closed');
          if (t.close && t.name === 'array') return list;
          list.push(value(t, depth + 1));
        }
      }
      case 'dict': {
        const dict: { [key: string]: PlistValue } = Object.create(null) as { [key: string]: PlistValue };
        if (tag.empty) return dict;
        for (;;) {
          const t = next();
          if (!t) throw new PlistError('XML plist: <dict> is not closed');
          if (t.close && t.name === 'dict') return dict;
          if (t.name !== 'key' || t.close) throw new PlistError('XML plist: <dict> entry without a <key>');
          const key = t.empty ? '' : unescapeXml(textUntil('key', t.end));
          const v = next();
          if (!v) throw new PlistError('XML plist: <key> without a value');
          dict[key] = value(v, depth + 1);
        }
      }
      default:
        throw new PlistError(`XML plist: unknown element <${tag.name}>`);
    }
  };
  const first = next();
  if (!first) throw new PlistError('not a property list (neither bplist00 nor XML)');
  return value(first, 0);
}

/**
 * An NSKeyedArchiver archive resolved into plain values: `$objects[$top.root]` with every UID
 * followed (a cycle or an out-of-range UID is refused), NSData/NSString wrappers unwrapped.
 */
export function unarchive(archive: PlistValue, maxDepth = 32): PlistValue {
  if (!isDict(archive) || !Array.isArray(archive.$objects) || !isDict(archive.$top))
    throw new PlistError('not a keyed archive ($objects, $top)');
  const objects = archive.$objects;
  const resolve = (v: PlistValue, depth: number): PlistValue => {
    if (depth > maxDepth) throw new PlistError('keyed archive nested too deep');
    if (isUid(v)) {
      const target = objects[v.uid];
      if (target === undefined) throw new PlistError('keyed archive UID out of range');
      return resolve(target, depth + 1);
    }
    if (Array.isArray(v)) return v.map((x) => resolve(x, depth + 1));
    if (isDict(v)) {
      if ('NS.data' in v) return resolve(v['NS.data']!, depth + 1);
      if ('NS.string' in v) return resolve(v['NS.string']!, depth + 1);
      const out: { [key: string]: PlistValue } = Object.create(null) as { [key: string]: PlistValue };
      for (const [k, x] of Object.entries(v)) if (k !== '$class') out[k] = resolve(x, depth + 1);
      return out;
    }
    return v;
  };
  const top = archive.$top;
  const root = top.root ?? Object.values(top)[0];
  if (root === undefined) throw new PlistError('keyed archive has no root');
  return resolve(root, 0);
}
