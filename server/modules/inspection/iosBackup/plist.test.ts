import { describe, expect, it } from 'vitest';

import { isDict, parsePlist, PlistError, unarchive } from './plist';
import { keyedArchive, writeBinaryPlist, writeXmlPlist } from './plistWriter';

const value = {
  name: 'Sample',
  unicode: 'Zürich ✓',
  n: 42,
  negative: -7,
  big: 2n ** 60n,
  real: 1.5,
  yes: true,
  no: false,
  when: new Date('2024-05-01T00:00:00Z'),
  data: Buffer.from([1, 2, 3]),
  list: ['a', 1, { nested: 'x' }],
  long: 'x'.repeat(40),
};

describe('plist', () => {
  it('reads back what the binary writer writes', () => {
    expect(parsePlist(writeBinaryPlist(value))).toEqual({ ...value });
  });

  it('reads back what the XML writer writes', () => {
    const read = parsePlist(Buffer.from(writeXmlPlist(value)));
    expect(read).toEqual({ ...value });
  });

  it('reads XML entities and empty elements', () => {
    const xml =
      '<?xml version="1.0"?><plist version="1.0"><dict><key>a &amp; b</key><string>&lt;x&gt;</string><key>e</key><string/><key>l</key><array/></dict></plist>';
    expect(parsePlist(Buffer.from(xml))).toEqual({ 'a & b': '<x>', e: '', l: [] });
  });

  it('refuses a truncated binary plist', () => {
    const bytes = writeBinaryPlist(value);
    expect(() => parsePlist(bytes.subarray(0, bytes.length - 10))).toThrow(PlistError);
  });

  it('refuses a reference cycle', () => {
    // An array whose only element is itself: object 0 refers to object 0.
    const bytes = Buffer.concat([
      Buffer.from('bplist00', 'latin1'),
      Buffer.from([0xa1, 0x00]),
      Buffer.from([8]),
      Buffer.from([0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10]),
    ]);
    expect(() => parsePlist(bytes)).toThrow(/cycle/);
  });

  it('refuses more objects than its bound', () => {
    const bytes = writeBinaryPlist(Array.from({ length: 50 }, (_, i) => i));
    expect(() => parsePlist(bytes, { maxBytes: 1 << 20, maxObjects: 10, maxDepth: 8 })).toThrow(/more than 10 objects/);
  });

  it('refuses an unclosed XML dict', () => {
    expect(() => parsePlist(Buffer.from('<plist><dict><key>a</key><string>b</string>'))).toThrow(/not closed/);
  });

  it('resolves a keyed archive (MBFile records)', () => {
    const record = unarchive(parsePlist(keyedArchive('MBFile', { Size: 10, EncryptionKey: Buffer.from('key') })));
    expect(isDict(record) && record.Size).toBe(10);
    expect(isDict(record) && record.EncryptionKey).toEqual(Buffer.from('key'));
  });
});
