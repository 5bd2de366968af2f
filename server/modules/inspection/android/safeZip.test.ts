import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ArchiveError } from '../archiveError';
import { DEFAULT_ZIP_LIMITS, openZip, type ZipLimits, ZipRefusal, type ZipRefusalReason } from './safeZip';
import { createZip, type TestZipEntry } from './testZip';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'android-zip-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function refusal(input: Buffer | string, limits?: ZipLimits): Promise<ZipRefusal> {
  const err = await openZip(input, limits).then(
    (zip) => {
      zip.close();
      return null;
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArchiveError);
  expect(err).toBeInstanceOf(ZipRefusal);
  return err as ZipRefusal;
}

async function readAll(input: Buffer, limits?: ZipLimits): Promise<Map<string, string>> {
  const zip = await openZip(input, limits);
  const out = new Map<string, string>();
  try {
    for (const entry of zip.entries)
      if (!entry.directory) out.set(entry.path, (await zip.read(entry)).toString('utf8'));
  } finally {
    zip.close();
  }
  return out;
}

const good: TestZipEntry[] = [
  { name: 'acq/' },
  { name: 'acq/getprop.txt', data: '[ro.product.model]: [Pixel]\n' },
  { name: 'acq/packages.json', data: '[]', method: 'store' },
  { name: 'acq/empty.txt', data: '' },
];

describe('openZip: a sound zip', () => {
  it('lists files and folders and reads entries, stored and deflated', async () => {
    const zip = await openZip(createZip(good));
    expect(zip.entries.map((e) => [e.path, e.directory])).toEqual([
      ['acq', true],
      ['acq/getprop.txt', false],
      ['acq/packages.json', false],
      ['acq/empty.txt', false],
    ]);
    expect((await zip.read(zip.files.get('acq/getprop.txt')!)).toString()).toBe('[ro.product.model]: [Pixel]\n');
    expect((await zip.read(zip.files.get('acq/packages.json')!)).toString()).toBe('[]');
    expect((await zip.read(zip.files.get('acq/empty.txt')!)).length).toBe(0);
    zip.close();
  });

  it('reads a zip from a file the same way', async () => {
    const file = path.join(work, 'good.zip');
    await writeFile(file, createZip(good));
    const zip = await openZip(file);
    expect((await zip.read(zip.files.get('acq/getprop.txt')!)).toString()).toContain('Pixel');
    zip.close();
  });

  it('stops inflating at the bytes asked for', async () => {
    const zip = await openZip(createZip([{ name: 'big.txt', data: 'x'.repeat(300_000) }]));
    const head = await zip.read(zip.files.get('big.txt')!, 1000);
    expect(head.length).toBe(1000);
    expect(zip.bytesRead).toBeLessThan(300_000);
    zip.close();
  });

  it('normalises `./` and doubled slashes, and calls that a duplicate when it collides', async () => {
    expect([...(await readAll(createZip([{ name: './a//b.txt', data: 'x' }]))).keys()]).toEqual(['a/b.txt']);
    expect(
      (
        await refusal(
          createZip([
            { name: 'a/b.txt', data: 'x' },
            { name: 'a/./b.txt', data: 'y' },
          ]),
        )
      ).reason,
    ).toBe('duplicate-entry');
  });
});

describe('openZip refuses, before reading anything', () => {
  const cases: Array<[string, TestZipEntry[], ZipRefusalReason, RegExp]> = [
    ['an absolute path', [{ name: '/etc/passwd', data: 'x' }], 'absolute-path', /absolute path/],
    ['a drive letter', [{ name: 'C:/Windows/x', data: 'x' }], 'absolute-path', /absolute path/],
    ['a traversal', [{ name: 'acq/../../evil.sh', data: 'x' }], 'traversal', /climbs out/],
    ['a backslash traversal', [{ name: '..\\..\\evil.sh', data: 'x' }], 'backslash', /backslash/],
    ['a backslash name', [{ name: 'acq\\getprop.txt', data: 'x' }], 'backslash', /backslash/],
    ['a NUL in a name', [{ name: 'getprop.txt\u0000.png', data: 'x' }], 'control-character', /control characters/],
    [
      'a Unix symlink',
      [{ name: 'acq/link', data: '/etc/passwd', method: 'store', unixMode: 0o120777 }],
      'link',
      /symbolic link/,
    ],
    ['a DOS reparse point', [{ name: 'acq/junction', data: 'x', dosAttributes: 0x400 }], 'link', /symbolic link/],
    ['a FIFO', [{ name: 'acq/fifo', unixMode: 0o010644 }], 'special-file', /FIFO/],
    [
      'an encrypted entry',
      [{ name: 'secret.txt', data: 'x'.repeat(20), encrypted: true, method: 'store', declaredSize: 8 }],
      'encrypted',
      /encrypted/,
    ],
    [
      'an unknown compression method',
      [{ name: 'a.txt', data: 'x', methodNumber: 14 }],
      'unsupported-compression',
      /method 14/,
    ],
    [
      'two entries of one name',
      [
        { name: 'a.txt', data: 'x' },
        { name: 'a.txt', data: 'y' },
      ],
      'duplicate-entry',
      /two entries/,
    ],
    [
      'a file and a folder of one name',
      [
        { name: 'a', data: 'x' },
        { name: 'a/b', data: 'y' },
      ],
      'corrupt',
      /file and a folder/,
    ],
    [
      'a local name that differs',
      [{ name: 'getprop.txt', localName: 'evil.txt', data: 'x' }],
      'corrupt',
      /another name/,
    ],
  ];
  it.each(cases)('%s', async (_label, entries, reason, message) => {
    const err = await refusal(createZip(entries));
    expect(err.reason).toBe(reason);
    expect(err.message).toMatch(message);
  });

  it('an entry whose declared size is over the bound', async () => {
    const err = await refusal(createZip([{ name: 'a.txt', data: 'x'.repeat(2000) }]), {
      ...DEFAULT_ZIP_LIMITS,
      maxEntryBytes: 1000,
    });
    expect([err.reason, err.code]).toEqual(['entry-too-large', 'too-large']);
  });

  it('a total declared size over the bound', async () => {
    const entries = [0, 1, 2].map((i) => ({ name: `f${i}.txt`, data: 'x'.repeat(600) }));
    const err = await refusal(createZip(entries), { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: 1500 });
    expect(err.reason).toBe('total-too-large');
  });

  it('too many entries, from the end record alone', async () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }));
    const err = await refusal(createZip(entries), { ...DEFAULT_ZIP_LIMITS, maxEntries: 10 });
    expect([err.reason, err.code]).toEqual(['too-many-entries', 'too-many-entries']);
  });

  it('too deep a path', async () => {
    const err = await refusal(createZip([{ name: `${'d/'.repeat(40)}f.txt`, data: 'x' }]));
    expect([err.reason, err.code]).toEqual(['too-deep', 'too-deep']);
  });

  it('a zip bomb by compression ratio (8 MiB of zeros in some KB)', async () => {
    const bomb = createZip([{ name: 'acq/logcat.txt', data: Buffer.alloc(8 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(20_000);
    const err = await refusal(bomb);
    expect(err.reason).toBe('compression-ratio');
    expect(err.message).toMatch(/zip bomb/);
  });

  it('overlapping entries: several central records on one local header', async () => {
    const kernel = 'A'.repeat(5000);
    const entries: TestZipEntry[] = [
      { name: 'k0.txt', data: kernel },
      ...[1, 2, 3].map((i) => ({ name: `k${i}.txt`, data: kernel, sharesLocalHeaderOf: 0 })),
    ];
    const err = await refusal(createZip(entries));
    expect(err.reason).toBe('overlapping-entries');
  });

  it('overlapping entries: a local header quoted inside another entry (the non-recursive bomb)', async () => {
    const inner = createZip([{ name: 'b.txt', data: 'B'.repeat(3000), method: 'store' }]);
    const innerLocal = inner.subarray(0, 30 + 5 + 3000);
    const entries: TestZipEntry[] = [
      { name: 'a.txt', data: innerLocal, method: 'store' },
      { name: 'b.txt', data: 'B'.repeat(3000), method: 'store', sharesLocalHeaderOf: 0, offsetDelta: 30 + 5 },
    ];
    const err = await refusal(createZip(entries));
    expect(err.reason).toBe('overlapping-entries');
  });

  it('a truncated zip', async () => {
    const whole = createZip(good);
    for (const keep of [whole.length - 10, Math.floor(whole.length / 2), 40]) {
      const err = await refusal(whole.subarray(0, keep));
      expect(err.reason).toBe('truncated');
      expect(err.code).toBe('truncated');
    }
  });

  it('an age-encrypted AndroidQF output is named as such', async () => {
    const err = await refusal(Buffer.from('age-encryption.org/v1\n-> X25519 abc\n--- def\n\u0000\u0001binary'));
    expect(err.reason).toBe('encrypted');
    expect(err.message).toMatch(/decrypt it/);
  });

  it('binary garbage, an empty input and a tar are not zips', async () => {
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    for (const input of [garbage, Buffer.alloc(0), Buffer.from('ustar'.padEnd(1024, '\0'))]) {
      const err = await refusal(input);
      expect(err.code).toBe('not-an-archive');
    }
  });
});

describe('reading holds each entry to what it declares', () => {
  it('an entry that inflates past its declared size (a lying bomb) is refused', async () => {
    const zip = await openZip(createZip([{ name: 'a.txt', data: 'x'.repeat(100_000), declaredSize: 1000 }]));
    const err = await zip.read(zip.files.get('a.txt')!).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZipRefusal);
    expect((err as ZipRefusal).reason).toBe('size-mismatch');
    zip.close();
  });

  it('a CRC mismatch is refused', async () => {
    const zip = await openZip(createZip([{ name: 'a.txt', data: 'hello', crc: 1234 }]));
    const err = await zip.read(zip.files.get('a.txt')!).catch((e: unknown) => e);
    expect((err as ZipRefusal).reason).toBe('crc-mismatch');
    zip.close();
  });

  it('corrupt deflate data is refused', async () => {
    const whole = createZip([{ name: 'a.txt', data: 'hello hello hello hello'.repeat(50) }]);
    // The deflate data starts after the 30-byte local header and the 5-byte name.
    whole.fill(0xff, 35, 45);
    const zip = await openZip(whole);
    const err = await zip.read(zip.files.get('a.txt')!).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZipRefusal);
    expect((err as ZipRefusal).code).toBe('corrupt');
    zip.close();
  });

  it('the whole zip has a read budget', async () => {
    const entries = [0, 1, 2].map((i) => ({ name: `f${i}.txt`, data: 'y'.repeat(4000) }));
    const zip = await openZip(createZip(entries), { ...DEFAULT_ZIP_LIMITS, maxReadBytes: 10_000 });
    await zip.read(zip.files.get('f0.txt')!);
    await zip.read(zip.files.get('f1.txt')!);
    const err = await zip.read(zip.files.get('f2.txt')!).catch((e: unknown) => e);
    expect((err as ZipRefusal).reason).toBe('read-budget');
    zip.close();
  });

  it('nothing is ever written: the temporary folder stays as it was', async () => {
    const before = await readdir(work);
    await refusal(createZip([{ name: '../../escape.txt', data: 'x' }]));
    await readAll(createZip(good));
    expect(await readdir(work)).toEqual(before);
  });
});
