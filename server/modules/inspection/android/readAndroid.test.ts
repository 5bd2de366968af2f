import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ArchiveError } from '../archiveError';
import { buildMatcher } from '../matcher';
import type { Indicator } from '../types';
import {
  androidQfFiles,
  androidQfZip,
  BAD,
  bugreportFiles,
  bugreportZip,
  GOOD,
  SAMPLE_PROPERTIES,
} from './androidSamples';
import { type AndroidObservation, toCoreObservation } from './androidTypes';
import { detectAcquisition } from './detectAcquisition';
import { type AndroidInspection, type AndroidReadOptions, readAndroidAcquisition } from './readAndroid';
import { openZip, ZipRefusal, type ZipRefusalReason } from './safeZip';
import { createZip, type TestZipEntry } from './testZip';

const NOW = new Date('2023-09-01T00:00:00Z');
const options: AndroidReadOptions = { now: NOW };

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'android-read-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function refused(input: Buffer | string, opts: AndroidReadOptions = options): Promise<ZipRefusal> {
  const err = await readAndroidAcquisition(input, opts).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArchiveError);
  expect(err).toBeInstanceOf(ZipRefusal);
  return err as ZipRefusal;
}

const find = (r: AndroidInspection, kind: AndroidObservation['kind'], value: string): AndroidObservation | undefined =>
  r.observations.find((o) => o.kind === kind && o.value === value);

describe('AndroidQF output', () => {
  let result: AndroidInspection;
  beforeAll(async () => {
    result = await readAndroidAcquisition(androidQfZip(), options);
  });

  it('is recognised by content, under its UUID folder', () => {
    expect(result.acquisition).toBe('androidqf');
    expect(result.root).toBe('6f1c2b9e-0d4a-4e1b-9d7f-2a3b4c5d6e7f');
    expect(result.evidence).toMatch(/androidqf_version/);
  });

  it('identifies the device from getprop and getenforce', () => {
    expect(result.device).toMatchObject({
      platform: 'android',
      model: 'Example Phone 7',
      manufacturer: 'Examplecorp',
      androidVersion: '13',
      securityPatch: '2023-01-05',
      fingerprint: SAMPLE_PROPERTIES['ro.build.fingerprint'],
      serial: 'EX7SERIAL0001',
      selinux: 'permissive',
    });
  });

  it('merges packages.json (hashes, certificate) with dumpsys package (times, permissions)', () => {
    const bad = result.packages.find((p) => p.name === BAD.package)!;
    expect(bad).toMatchObject({
      system: false,
      thirdParty: true,
      firstInstallTime: '2023-03-02T13:05:09.000Z',
      grantedDangerousPermissions: ['android.permission.READ_SMS', 'android.permission.RECORD_AUDIO'],
    });
    expect(bad.installer).toBeUndefined();
    expect(bad.files[0]!.certificate?.sha256).toBe(BAD.certSha256);
    expect(bad.sources.map((s) => s.split('/').pop())).toEqual(['packages.json', 'dumpsys.txt']);
    expect(bad.evidence).toMatchObject({
      source: `${result.root}/packages.json`,
      jsonPath: '$[0].name',
      timestamp: '2023-03-02T13:05:09.000Z',
    });
  });

  it('gives every observation its evidence: file, line or JSON path, raw record', () => {
    for (const o of result.observations) {
      expect(o.source.startsWith(result.root)).toBe(true);
      expect(o.line !== undefined || o.jsonPath !== undefined).toBe(true);
      expect((o.raw ?? '').length).toBeLessThanOrEqual(501);
    }
    expect(find(result, 'appCert', BAD.certSha256)).toMatchObject({
      algorithm: 'sha256',
      appId: BAD.package,
      jsonPath: '$[0].files[0].certificate.Sha256',
    });
    expect(find(result, 'property', BAD.property)).toMatchObject({
      source: `${result.root}/getprop.txt`,
      detail: { value: '1' },
    });
    expect(find(result, 'setting', 'global/adb_enabled')).toMatchObject({ line: 1 });
    expect(find(result, 'process', BAD.package)).toMatchObject({ source: `${result.root}/processes.txt`, line: 4 });
    expect(find(result, 'path', '/data/local/tmp/implantd')).toBeDefined();
    expect(find(result, 'mount', '/data')).toMatchObject({ detail: { type: 'f2fs' } });
    expect(find(result, 'accessibilityService', BAD.accessibilityService)).toBeDefined();
    expect(find(result, 'deviceAdmin', BAD.deviceAdmin)).toBeDefined();
    expect(find(result, 'receiver', `${BAD.package}/.SmsSpy`)).toBeDefined();
    expect(find(result, 'appop', `${BAD.package}:RECORD_AUDIO`)).toBeDefined();
  });

  it('reports each artefact, dumpsys by section', () => {
    const kinds = result.artefacts.map((a) => a.kind);
    for (const kind of [
      'getprop',
      'getenforce',
      'settings global',
      'settings secure',
      'packages',
      'ps',
      'dumpsys package',
      'dumpsys accessibility',
      'dumpsys device_policy',
      'dumpsys appops',
      'files',
      'root binaries',
      'mounts',
    ]) {
      expect(kinds).toContain(kind);
    }
    expect(result.artefacts.filter((a) => a.error)).toEqual([]);
  });

  it('warns, with evidence and why, about the sideloaded app, root, SELinux, the old patch, verification and ADB', () => {
    const rules = result.heuristics.map((h) => h.rule);
    expect(rules.sort()).toEqual([
      'android.adb-enabled',
      'android.old-security-patch',
      'android.package-verification-disabled',
      'android.root-binary',
      'android.selinux-permissive',
      'android.sideloaded-app',
    ]);
    const sideloaded = result.heuristics.find((h) => h.rule === 'android.sideloaded-app')!;
    expect(sideloaded.message).toMatch(
      /com\.example\.spyagent was installed without an installer.*holds dangerous permissions \(READ_SMS, RECORD_AUDIO\).*accessibility service.*device administrator/,
    );
    expect(sideloaded.why).toMatch(/outside an app store/);
    expect(sideloaded.observation.value).toBe(BAD.package);
    expect(sideloaded.evidence.map((o) => o.kind).sort()).toEqual([
      'accessibilityService',
      'accessibilityService',
      'deviceAdmin',
    ]);
    const patch = result.heuristics.find((h) => h.rule === 'android.old-security-patch')!;
    expect(patch.message).toBe('Security patch level 2023-01-05 is 239 days old (more than 180)');
    expect(result.heuristics.find((h) => h.rule === 'android.selinux-permissive')!.observation.source).toMatch(
      /selinux\.txt$/,
    );
    // The Play-installed app with a dangerous permission is not warned about.
    expect(result.heuristics.some((h) => h.message.includes(GOOD.package))).toBe(false);
  });

  it('the patch age is measured against the injected now and bound', async () => {
    const fresh = await readAndroidAcquisition(androidQfZip(), { now: new Date('2023-02-01T00:00:00Z') });
    expect(fresh.heuristics.some((h) => h.rule === 'android.old-security-patch')).toBe(false);
    const strict = await readAndroidAcquisition(androidQfZip(), {
      now: new Date('2023-02-01T00:00:00Z'),
      maxPatchAgeDays: 7,
    });
    expect(strict.heuristics.some((h) => h.rule === 'android.old-security-patch')).toBe(true);
  });

  it('the known-bad package, APK hash and process reach indicators through the existing matcher', () => {
    const ruleSet = { id: 'bundle--test', name: 'Test', version: '1' };
    const family = { id: 'malware--test', name: 'SpyAgent' };
    const indicators: Indicator[] = [
      {
        id: 'indicator--1',
        type: 'app:id',
        value: BAD.package,
        pattern: `[app:id = '${BAD.package}']`,
        family,
        ruleSet,
      },
      {
        id: 'indicator--2',
        type: 'file:hashes.sha256',
        value: BAD.apkSha256,
        pattern: `[file:hashes.sha256 = '${BAD.apkSha256}']`,
        family,
        ruleSet,
      },
      {
        id: 'indicator--3',
        type: 'file:path',
        value: '/data/local/tmp/implantd',
        pattern: "[file:path = '/data/local/tmp/implantd']",
        family,
        ruleSet,
      },
    ];
    const matcher = buildMatcher(indicators);
    const hits = result.observations.flatMap((o) => {
      const core = toCoreObservation(o);
      return core ? matcher.match(core) : [];
    });
    expect(new Set(hits.map((f) => f.indicator.id))).toEqual(new Set(['indicator--1', 'indicator--2', 'indicator--3']));
    // Every Android kind is the engine's since the wiring: appCert goes to the matcher too.
    expect(toCoreObservation(find(result, 'appCert', BAD.certSha256)!)?.kind).toBe('appCert');
  });

  it('streams observations to a callback without keeping them', async () => {
    const seen: AndroidObservation[] = [];
    const r = await readAndroidAcquisition(androidQfZip(), {
      now: NOW,
      keepObservations: false,
      onObservation: (o) => seen.push(o),
    });
    expect(r.observations).toEqual([]);
    expect(seen.length).toBe(result.observations.length);
  });

  it('reads a zip at the root (the encrypted streaming layout) and from a file', async () => {
    const atRoot = await readAndroidAcquisition(androidQfZip({ root: '' }), options);
    expect([atRoot.acquisition, atRoot.root]).toEqual(['androidqf', '']);
    const file = path.join(work, 'acquisition.zip');
    await writeFile(file, androidQfZip());
    expect((await readAndroidAcquisition(file, options)).packages.length).toBe(3);
  });

  it('opens the bugreport.zip AndroidQF stores inside, and reads its tombstones', async () => {
    const r = await readAndroidAcquisition(androidQfZip({ nestedBugreport: bugreportZip() }), options);
    expect(r.tombstones.map((t) => t.process)).toEqual([BAD.tombstoneProcess, 'com.example.notes']);
    expect(r.tombstones[0]!.source).toMatch(/bugreport\.zip\/FS\/data\/tombstones\/tombstone_00$/);
    const broken = await readAndroidAcquisition(
      androidQfZip({ nestedBugreport: Buffer.from('not a zip at all') }),
      options,
    );
    expect(broken.artefacts.find((a) => a.kind === 'bugreport')?.error).toMatch(/nested bugreport refused: Not a zip/);
  });
});

describe('Android bugreport', () => {
  let result: AndroidInspection;
  beforeAll(async () => {
    result = await readAndroidAcquisition(bugreportZip(), options);
  });

  it('is recognised from main_entry.txt and the dumpstate header, and without main_entry.txt', async () => {
    expect(result.acquisition).toBe('bugreport');
    expect(result.evidence).toMatch(/named by main_entry\.txt/);
    const bare = await readAndroidAcquisition(
      bugreportZip({ withMainEntry: false, root: 'bugreport-example' }),
      options,
    );
    expect([bare.acquisition, bare.root]).toEqual(['bugreport', 'bugreport-example']);
  });

  it('reads properties, processes, packages, settings and services from the dumpstate', () => {
    expect(result.device).toMatchObject({
      model: 'Example Phone 7',
      securityPatch: '2023-01-05',
      selinux: 'permissive',
    });
    expect(find(result, 'property', BAD.property)?.source).toMatch(/^bugreport-.*\.txt$/);
    expect(find(result, 'process', 'xample.spyagent')).toBeDefined();
    expect(find(result, 'process', 'RenderThread')).toBeUndefined();
    expect(result.packages.find((p) => p.name === BAD.package)).toMatchObject({
      firstInstallTime: '2023-03-02T13:05:09.000Z',
    });
    expect(find(result, 'setting', 'global/adb_enabled')).toMatchObject({ detail: { value: '1' } });
    expect(find(result, 'accessibilityService', BAD.accessibilityService)).toBeDefined();
  });

  it('reads the text tombstones (not the .pb ones) with their evidence', () => {
    expect(result.tombstones).toHaveLength(2);
    expect(result.tombstones[0]).toMatchObject({
      process: BAD.tombstoneProcess,
      signal: { name: 'SIGABRT' },
      abortMessage: BAD.abortMessage,
    });
    expect(find(result, 'tombstone', BAD.tombstoneProcess)).toMatchObject({
      source: 'FS/data/tombstones/tombstone_00',
      line: 8,
      timestamp: '2023-03-04T02:12:45.123Z',
    });
    expect(result.artefacts.some((a) => a.path.endsWith('.pb'))).toBe(false);
  });

  it('warns from the bugreport too (no certificate there: dumpsys prints no certificate digest)', () => {
    expect(result.heuristics.map((h) => h.rule).sort()).toEqual([
      'android.adb-enabled',
      'android.old-security-patch',
      'android.package-verification-disabled',
      'android.package-verification-disabled',
      'android.selinux-permissive',
      'android.sideloaded-app',
    ]);
    expect(result.observations.some((o) => o.kind === 'appCert')).toBe(false);
  });
});

describe('detection', () => {
  const detect = async (entries: TestZipEntry[]) => {
    const zip = await openZip(createZip(entries));
    try {
      return await detectAcquisition(zip);
    } finally {
      zip.close();
    }
  };

  it('does not go by names: AndroidQF names with other content, a renamed dumpstate', async () => {
    expect(
      (
        await detect([
          { name: 'getprop.txt', data: 'hello' },
          { name: 'packages.json', data: '{"x": 1}' },
        ])
      ).kind,
    ).toBe('unknown');
    expect((await detect([{ name: 'bugreport-x.txt', data: 'just text' }])).kind).toBe('unknown');
    const renamed = await detect([
      { name: 'anything.txt', data: 'x' },
      { name: 'main_entry.txt', data: 'anything.txt' },
    ]);
    expect(renamed.kind).toBe('unknown');
    const real = await detect(bugreportFiles({ mainName: 'report.txt' }));
    expect(real.kind).toBe('bugreport');
  });

  it('takes one AndroidQF file with its content (a subset of modules ran), not one by name only', async () => {
    expect((await detect([{ name: 'getprop.txt', data: '[a]: [b]\n' }])).kind).toBe('androidqf');
    expect((await detect([{ name: 'getprop.txt', data: 'hello\n' }])).kind).toBe('unknown');
    expect(
      (
        await detect([
          { name: 'getprop.txt', data: '[a]: [b]\n' },
          { name: 'selinux.txt', data: 'Enforcing' },
        ])
      ).kind,
    ).toBe('androidqf');
  });

  it('a zip that is neither is refused with the reason', async () => {
    const err = await refused(
      createZip([
        { name: 'photo.jpg', data: Buffer.from([0xff, 0xd8, 0xff]) },
        { name: 'notes.txt', data: 'hi' },
      ]),
    );
    expect([err.reason, err.code]).toEqual(['not-android', 'not-an-archive']);
    expect(err.message).toMatch(/not an Android acquisition/);
  });
});

/** Deterministic characters that deflate poorly. */
function noise(length: number): string {
  let x = 12345;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(97 + ((x >>> 16) % 26));
  }
  return out;
}

describe('malformed input: a clear error, nothing written, no other exception', () => {
  const zipCases: Array<[string, () => Buffer, ZipRefusalReason]> = [
    ['a truncated zip', () => androidQfZip().subarray(0, 5000), 'truncated'],
    [
      'a zip bomb by ratio',
      () => androidQfZip({ extra: [{ name: 'logcat_big.txt', data: Buffer.alloc(16 * 1024 * 1024, 0x41) }] }),
      'compression-ratio',
    ],
    ['a traversal name', () => androidQfZip({ extra: [{ name: '../../../etc/cron.d/evil', data: 'x' }] }), 'traversal'],
    ['an absolute name', () => androidQfZip({ extra: [{ name: '/etc/passwd', data: 'x' }] }), 'absolute-path'],
    [
      'a symlink entry',
      () => androidQfZip({ extra: [{ name: 'link', data: '/etc/shadow', method: 'store', unixMode: 0o120777 }] }),
      'link',
    ],
    [
      'overlapping entries',
      () => createZip([...androidQfFiles(), { name: 'copy-of-getprop.txt', sharesLocalHeaderOf: 2 }]),
      'overlapping-entries',
    ],
    ['binary garbage', () => Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 131 + 7) % 256)), 'not-a-zip'],
  ];

  it.each(zipCases)('%s', async (_label, make, reason) => {
    const before = await readdir(os.tmpdir());
    const err = await refused(make());
    expect(err.reason).toBe(reason);
    expect(err.message.length).toBeGreaterThan(10);
    expect((await readdir(os.tmpdir())).filter((f) => !before.includes(f) && f.startsWith('android'))).toEqual([]);
  });

  it('absurd and huge JSON: the artefact gets its error, the rest is read', async () => {
    const zip = androidQfZip({
      replace: {
        'packages.json': `[${'['.repeat(100_000)}${']'.repeat(100_000)}, {"name": "com.still.read", "files": []}]`,
        // Two million characters that do not compress (a repetitive one would be refused as a bomb).
        'files.json': `[{"path": "/${noise(2_000_000)}"}, {"path": "/ok"}]`,
        'root_binaries.json': '{"not": "an array"}',
        'mounts.json': '[1, 2, ',
      },
    });
    const r = await readAndroidAcquisition(zip, options);
    const byKind = new Map(r.artefacts.map((a) => [a.kind, a]));
    expect(byKind.get('packages')!.warnings[0]).toMatch(/nested deeper than 32/);
    expect(r.packages.map((p) => p.name)).toContain('com.still.read');
    expect(byKind.get('files')!.warnings[0]).toMatch(/larger than/);
    expect(find(r, 'path', '/ok')).toBeDefined();
    expect(byKind.get('root binaries')!.error).toBe('not a JSON array');
    expect(byKind.get('mounts')!.error).toMatch(/breaks off/);
    expect(byKind.get('getprop')!.error).toBeUndefined();
  });

  it('binary garbage in a text artefact, and an oversize one', async () => {
    const zip = androidQfZip({
      replace: {
        'processes.txt': Buffer.from([0x50, 0x49, 0x44, 0x00, 0xff, 0xfe]),
        'settings_system.txt': Buffer.from([0xc3, 0x28, 0x0a]),
      },
    });
    const r = await readAndroidAcquisition(zip, options);
    expect(r.artefacts.find((a) => a.kind === 'ps')!.error).toBe('binary content: not a text file');
    expect(r.artefacts.find((a) => a.kind === 'settings system')!.error).toBe('binary content: not valid UTF-8 text');
    const small = await readAndroidAcquisition(androidQfZip(), { now: NOW, limits: { maxArtefactBytes: 100 } });
    expect(small.artefacts.find((a) => a.kind === 'getprop')!.error).toMatch(/too large/);
  });

  it('a corrupt entry (CRC) refuses the whole upload', async () => {
    const entries = androidQfFiles();
    const i = entries.findIndex((e) => e.name.endsWith('getprop.txt'));
    entries[i] = { ...entries[i]!, crc: 1 };
    const err = await refused(createZip(entries));
    expect(err.reason).toBe('crc-mismatch');
  });

  it('a dumpsys.txt of garbage lines and a tombstone that is not one', async () => {
    const r = await readAndroidAcquisition(androidQfZip({ replace: { 'dumpsys.txt': 'hello\nworld\n' } }), options);
    expect(r.artefacts.find((a) => a.kind === 'dumpsys')!.error).toBe('no DUMP OF SERVICE sections found');
    const b = await readAndroidAcquisition(
      bugreportZip({ extra: [{ name: 'FS/data/tombstones/tombstone_07', data: 'random words' }] }),
      options,
    );
    expect(b.artefacts.find((a) => a.path.endsWith('tombstone_07'))!.error).toMatch(/not a tombstone/);
  });
});
