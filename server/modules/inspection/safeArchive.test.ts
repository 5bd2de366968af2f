import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { ArchiveError } from './archiveError';
import {
  type ArchiveArtefact,
  type ArchiveLimits,
  DEFAULT_ARCHIVE_LIMITS,
  extractArchive,
  scanArchive,
} from './safeArchive';
import { crashIps, psText, shutdownLogText } from './sampleArtefacts';
import { createTar, createTarGz, type TarWriterEntry } from './tarWriter';

let work: string;
let target: string;
beforeEach(async () => {
  // The target sits inside `work`, so anything escaping it would land beside it, where we look.
  work = await mkdtemp(path.join(os.tmpdir(), 'inspection-archive-'));
  target = path.join(work, 'target');
  await mkdir(target);
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Every file and folder under `dir`, relative. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map(String).sort();
}

const log = shutdownLogText([{ epoch: 1_700_000_000, clients: [{ pid: 7, path: '/private/var/db/evil' }] }]);
const sysdiagnose: TarWriterEntry[] = [
  { path: 'sysdiagnose_2023.06.01/', type: '5' },
  { path: 'sysdiagnose_2023.06.01/ps.txt', data: psText(['/sbin/launchd']) },
  { path: 'sysdiagnose_2023.06.01/system_logs.logarchive/Extra/shutdown.log', data: log },
  { path: 'sysdiagnose_2023.06.01/crashes_and_spins/a.ips', data: crashIps({ procName: 'a', procPath: '/a' }) },
  { path: 'sysdiagnose_2023.06.01/logs/unrelated.txt', data: 'x'.repeat(3000) },
];

async function scanAll(input: Buffer | AsyncIterable<Uint8Array>, limits?: ArchiveLimits) {
  const artefacts: ArchiveArtefact[] = [];
  const summary = await scanArchive(input, (a) => void artefacts.push(a), limits);
  return { artefacts, summary };
}

async function refusal(promise: Promise<unknown>): Promise<ArchiveError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArchiveError);
  return err as ArchiveError;
}

describe('scanArchive (in memory, nothing written)', () => {
  it('hands over the artefacts and skips the rest', async () => {
    const { artefacts, summary } = await scanAll(createTarGz(sysdiagnose));
    expect(artefacts.map((a) => [a.path, a.kind])).toEqual([
      ['sysdiagnose_2023.06.01/ps.txt', 'ps.txt'],
      ['sysdiagnose_2023.06.01/system_logs.logarchive/Extra/shutdown.log', 'shutdown.log'],
      ['sysdiagnose_2023.06.01/crashes_and_spins/a.ips', 'ips'],
    ]);
    expect(artefacts[1]!.data.toString()).toBe(log);
    expect(summary).toMatchObject({ entries: 5, artefacts: 3, warnings: [] });
  });

  it('reads a plain tar and a streamed gzip in small chunks alike', async () => {
    const plain = await scanAll(createTar(sysdiagnose));
    expect(plain.summary.artefacts).toBe(3);
    const gz = createTarGz(sysdiagnose);
    const chunks = Array.from({ length: Math.ceil(gz.length / 7) }, (_, i) => gz.subarray(i * 7, i * 7 + 7));
    const streamed = await scanAll(Readable.from(chunks));
    expect(streamed.artefacts.map((a) => a.data.toString())).toEqual(plain.artefacts.map((a) => a.data.toString()));
  });

  it('reads GNU and pax long names', async () => {
    const deep = `sysdiagnose/${'d'.repeat(90)}/${'e'.repeat(90)}`;
    const { artefacts } = await scanAll(
      createTarGz([
        { path: `${deep}/gnu.ips`, data: '{"bug_type":"309"}\n{}', longNames: 'gnu' },
        { path: `${deep}/shutdown.log`, data: log, longNames: 'pax' },
      ]),
    );
    expect(artefacts.map((a) => a.path)).toEqual([`${deep}/gnu.ips`, `${deep}/shutdown.log`]);
    expect(artefacts[1]!.data.toString()).toBe(log);
  });

  it('skips links and devices with a warning, and does not open nested archives', async () => {
    const inner = createTarGz([{ path: 'shutdown.log', data: log }]);
    const { artefacts, summary } = await scanAll(
      createTarGz([
        { path: 'link.ips', type: '2', linkName: '/etc/passwd' },
        { path: 'hard.ips', type: '1', linkName: 'a.ips' },
        { path: 'fifo', type: '6' },
        { path: 'inner.tar.gz', data: inner },
      ]),
    );
    expect(artefacts).toEqual([]);
    expect(summary.warnings).toEqual([
      'link.ips: symlink skipped (links are never followed or created)',
      'hard.ips: hardlink skipped (links are never followed or created)',
      "fifo: entry of type '6' skipped",
      'inner.tar.gz: nested archive not opened',
    ]);
  });

  it('leaves an artefact larger than its bound unread, with a warning', async () => {
    const { artefacts, summary } = await scanAll(createTarGz(sysdiagnose), {
      ...DEFAULT_ARCHIVE_LIMITS,
      maxArtefactBytes: 200,
    });
    expect(artefacts.map((a) => a.path)).toEqual(['sysdiagnose_2023.06.01/system_logs.logarchive/Extra/shutdown.log']);
    expect(Buffer.byteLength(log)).toBeLessThan(200);
    expect(summary.warnings).toHaveLength(2);
    expect(summary.warnings[0]).toMatch(/ps\.txt: \d+ bytes, larger than 200: not read/);
  });
});

describe('archives that are refused', () => {
  it('a 1 GB declared size, refused from its header without reading data', async () => {
    const err = await refusal(
      scanAll(createTarGz([{ path: 'huge.ips', declaredSize: 1024 ** 3 }], { endMarker: false })),
    );
    expect(err.code).toBe('too-large');
    expect(err.message).toBe(`Archive entry "huge.ips" declares ${1024 ** 3} bytes (at most ${256 * 1024 ** 2})`);
  });

  it('a gzip bomb: a small upload that inflates past the bounds is stopped, not unpacked', async () => {
    // 64 MiB of zeros gzip to ~64 KiB; the bound here is 1 MiB per entry.
    const bomb = gzipSync(createTar([{ path: 'zeros.log', data: Buffer.alloc(64 * 1024 ** 2) }]));
    expect(bomb.length).toBeLessThan(200 * 1024);
    const limits = { ...DEFAULT_ARCHIVE_LIMITS, maxEntryBytes: 1024 ** 2 };
    expect((await refusal(scanAll(bomb, limits))).code).toBe('too-large');
    expect((await refusal(extractArchive(bomb, target, limits))).code).toBe('too-large');
    expect(await tree(target)).toEqual([]);
  });

  it('too much in total, or too many entries', async () => {
    const many = createTarGz(Array.from({ length: 20 }, (_, i) => ({ path: `f${i}.txt`, data: 'x'.repeat(100) })));
    const total = await refusal(scanAll(many, { ...DEFAULT_ARCHIVE_LIMITS, maxTotalBytes: 1000 }));
    expect([total.code, total.message]).toEqual(['too-large', 'Archive content exceeds 1000 bytes']);
    const count = await refusal(scanAll(many, { ...DEFAULT_ARCHIVE_LIMITS, maxEntries: 10 }));
    expect([count.code, count.message]).toEqual(['too-many-entries', 'Archive has more than 10 entries']);
  });

  it('a deeply nested archive', async () => {
    const deep = `${Array.from({ length: 200 }, (_, i) => `d${i}`).join('/')}/shutdown.log`;
    const archive = createTarGz([{ path: deep, data: log, longNames: 'pax' }]);
    expect((await refusal(scanAll(archive))).code).toBe('too-deep');
    expect((await refusal(extractArchive(archive, target))).message).toMatch(/nested deeper than 32 levels/);
    expect(await tree(target)).toEqual([]);
  });

  it('truncated gzip, truncated tar, binary garbage, a corrupt header, an empty upload', async () => {
    const gz = createTarGz(sysdiagnose);
    expect((await refusal(scanAll(gz.subarray(0, gz.length - 40)))).code).toBe('truncated');
    const tar = createTar(sysdiagnose);
    expect((await refusal(scanAll(tar.subarray(0, 1200)))).code).toBe('truncated');
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 131 + 17) % 256));
    expect(await refusal(scanAll(garbage))).toMatchObject({ code: 'not-an-archive', message: 'Not a tar archive' });
    const badGzip = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), garbage]);
    expect((await refusal(scanAll(badGzip))).code).toMatch(/corrupt|truncated/);
    const corrupt = Buffer.from(tar);
    corrupt[512 * 3 + 10] = corrupt[512 * 3 + 10]! ^ 0xff; // inside the second entry's header
    expect(await refusal(scanAll(corrupt))).toMatchObject({
      code: 'corrupt',
      message: 'Archive has a corrupt header (checksum mismatch)',
    });
    expect(await refusal(scanAll(Buffer.alloc(0)))).toMatchObject({
      code: 'not-an-archive',
      message: 'Archive is empty',
    });
  });
});

describe('extractArchive', () => {
  it('writes every regular file under the target and lists the artefacts', async () => {
    const result = await extractArchive(createTarGz(sysdiagnose), target);
    expect(result.root).toBe(target);
    expect(result.files).toEqual(sysdiagnose.slice(1).map((e) => e.path));
    expect(result.artefactFiles.map((a) => [a.path, a.kind])).toEqual([
      ['sysdiagnose_2023.06.01/ps.txt', 'ps.txt'],
      ['sysdiagnose_2023.06.01/system_logs.logarchive/Extra/shutdown.log', 'shutdown.log'],
      ['sysdiagnose_2023.06.01/crashes_and_spins/a.ips', 'ips'],
    ]);
    expect(await readFile(result.artefactFiles[1]!.file, 'utf8')).toBe(log);
    expect(await readdir(work)).toEqual(['target']);
  });

  const traversal: Array<[string, TarWriterEntry]> = [
    ['a ../ path', { path: 'logs/../../escaped.txt', data: 'pwned' }],
    ['a bare .. path', { path: '../escaped.txt', data: 'pwned' }],
    ['an absolute path', { path: `${'/tmp'}/escaped-${process.pid}.txt`, data: 'pwned' }],
    ['a Windows climb', { path: 'logs\\..\\..\\escaped.txt', data: 'pwned' }],
    [
      'a long pax name that climbs',
      { path: `${'a/'.repeat(60)}${'../'.repeat(62)}escaped.txt`, data: 'pwned', longNames: 'pax' },
    ],
  ];
  it.each(traversal)('refuses %s and removes what it had written', async (_name, bad) => {
    const archive = createTarGz([...sysdiagnose, bad]);
    const err = await refusal(extractArchive(archive, target));
    expect(err.code).toBe('unsafe-path');
    expect(await tree(target)).toEqual([]);
    expect(await readdir(work)).toEqual(['target']);
    expect(existsSync(`/tmp/escaped-${process.pid}.txt`)).toBe(false);
  });

  it('creates no links: link entries are skipped with a warning', async () => {
    const result = await extractArchive(
      createTarGz([
        { path: 'dir/', type: '5' },
        { path: 'dir/evil', type: '2', linkName: '../../..' },
        { path: 'dir/evil/escaped.txt', data: 'pwned' },
      ]),
      target,
    );
    expect(result.warnings).toEqual(['dir/evil: symlink skipped (links are never followed or created)']);
    // `dir/evil` became a real folder inside the target, not a link out of it.
    expect(await tree(target)).toEqual(['dir', 'dir/evil', 'dir/evil/escaped.txt']);
    expect(await readdir(work)).toEqual(['target']);
  });

  it('never follows a link already in the target, nor overwrites a file', async () => {
    await symlink(work, path.join(target, 'out'));
    await writeFile(path.join(target, 'keep.txt'), 'mine');
    const err = await refusal(extractArchive(createTarGz([{ path: 'out/escaped.txt', data: 'pwned' }]), target));
    expect(err.code).toBe('unsafe-path');
    const result = await extractArchive(createTarGz([{ path: 'keep.txt', data: 'theirs' }]), target);
    expect(result.warnings).toEqual(['keep.txt: a file of that name is already in the target, entry skipped']);
    expect(result.files).toEqual([]);
    expect(await readFile(path.join(target, 'keep.txt'), 'utf8')).toBe('mine');
    expect(await readdir(work)).toEqual(['target']);
  });

  it('keeps the first of two entries with one name', async () => {
    const result = await extractArchive(
      createTarGz([
        { path: 'a/x.txt', data: 'first' },
        { path: 'a/x.txt', data: 'second' },
        { path: 'a/big.bin', data: Buffer.alloc(2 * 1024 * 1024, 7) },
      ]),
      target,
    );
    expect(result.warnings).toEqual(['a/x.txt: duplicate entry skipped']);
    expect(result.files).toEqual(['a/x.txt', 'a/big.bin']);
    expect(await readFile(path.join(target, 'a/x.txt'), 'utf8')).toBe('first');
    expect((await readFile(path.join(target, 'a/big.bin'))).equals(Buffer.alloc(2 * 1024 * 1024, 7))).toBe(true);
  });

  it('a refusal after many files removes every one of them', async () => {
    const files = Array.from({ length: 50 }, (_, i) => ({ path: `d${i % 5}/f${i}.ips`, data: 'x'.repeat(600) }));
    const err = await refusal(extractArchive(createTarGz([...files, { path: 'd0/../../out', data: 'pwned' }]), target));
    expect(err.code).toBe('unsafe-path');
    expect(await tree(target)).toEqual([]);
  });

  it('refuses a target that is not a folder', async () => {
    await writeFile(path.join(work, 'file'), '');
    await expect(extractArchive(createTarGz(sysdiagnose), path.join(work, 'file'))).rejects.toThrow(
      /is not a directory/,
    );
  });
});
