/**
 * A deterministic sysdiagnose-like archive and rule set for the equivalence test
 * (inspectionGolden.test.ts): the same seed always gives the same bytes, so the observations and
 * findings read from it can be compared with a golden file and with a plain reference matcher.
 * Values are drawn from pools that reach every matching route and its near misses (a 16-character
 * cut, `/var` vs `/private/var`, `..`, trailing slashes, case, a shutdown client's folders).
 */
import { crashIps, jetsamIps, psText, SAMPLE_DEVICE, shutdownLogText, stackshotIps } from './sampleArtefacts';
import { createTarGz, type TarWriterEntry } from './tarWriter';
import type { Indicator, IndicatorType, Observation, ObservationKind, Suppression } from './types';

/** mulberry32: a small seeded PRNG, enough to vary test data reproducibly. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const family = { id: 'malware--seeded', name: 'Seeded' };
const ruleSetA = { id: 'bundle--seeded-a', name: 'Seeded A', version: '1' };
const ruleSetB = { id: 'bundle--seeded-b', name: 'Seeded B', version: '2' };
const ind = (id: string, type: IndicatorType, value: string, ruleSet = ruleSetA): Indicator => ({
  id,
  type,
  value,
  pattern: `[${type} = '${value}']`,
  family,
  ruleSet,
});

/** Indicators that the pools below reach by every route (values normalised as the STIX parser does). */
export const SEEDED_INDICATORS: Indicator[] = [
  ind('i-proc', 'process:name', 'implantd'),
  ind('i-proc-long', 'process:name', 'com.apple.spyservice'), // first 16: 'com.apple.spyser'
  ind('i-proc-long2', 'process:name', 'com.apple.spyserver2'), // same first 16
  ind('i-proc-folder', 'process:name', 'roleaccountd.staging'),
  ind('i-proc-app', 'process:name', 'com.evil.agent'),
  ind('i-name', 'file:name', 'loader.dylib'),
  ind('i-path-tmp', 'file:path', '/private/var/tmp/drop'),
  ind('i-path-db', 'file:path', '/private/var/db/com.apple.xpc.roleaccountd.staging'),
  ind('i-path-usr', 'file:path', '/usr/libexec/evil'),
  ind('i-path-etc', 'file:path', '/private/etc/evil'),
  ind('i-path-private-tmp', 'file:path', '/private/tmp/stage'),
  ind('i-app', 'app:id', 'com.evil.app'),
  ind('i-domain', 'domain-name:value', 'evil.co.uk'),
  ind('i-domain-sub', 'domain-name:value', 'cdn.bad.com'),
  ind('i-ip', 'ipv4-addr:value', '203.0.113.7'),
  ind('i-email', 'email-addr:value', 'spy@evil.com'),
  ind('i-url', 'url:value', 'https://evil.com/x'),
  ind('i-sha256', 'file:hashes.sha256', 'a'.repeat(64)),
  ind('i-md5', 'file:hashes.md5', 'b'.repeat(32)),
  ind('i-cert', 'app:cert.sha1', 'c'.repeat(40)),
  ind('i-prop', 'android-property:name', 'persist.spy.enabled'),
  ind('i-team', 'x-apple-code-signing:team_id', 'ABCDE12345'),
  ind('i-signing', 'x-apple-code-signing:signing_id', 'com.evil.Updater'),
  ind('i-cdhash', 'x-apple-code-signing:cdhash', 'd'.repeat(40)),
  // The same value in a second rule set, and twice in one: one finding per indicator.
  ind('i-proc', 'process:name', 'implantd', ruleSetB),
  ind('i-proc-dup', 'process:name', 'implantd'),
];

const PROCESSES = [
  'launchd',
  'SpringBoard',
  'implantd',
  'Implantd',
  'implantd2',
  'com.apple.spyser',
  'com.apple.spyse',
  'roleaccountd.staging',
  'com.evil.agent',
  'mediaserverd',
  ' implantd ',
];
const PATHS = [
  '/usr/libexec/implantd',
  '/usr/libexec/evil',
  '/usr/libexec/evil/helper',
  '/usr/libexec/evilx',
  '/var/tmp/drop/a.dylib',
  '/private/var/tmp/drop',
  '/private/var/tmp/dropx/a',
  '/var/tmp/../tmp/./drop//b',
  '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged',
  '/var/db/com.apple.xpc.roleaccountd.staging/',
  '/System/Library/Frameworks/loader.dylib',
  '/System/Library/Frameworks/Loader.dylib',
  '/System/Library/PrivateFrameworks/com.apple.spyser',
  '/Applications/Evil.app/com.evil.agent',
  '/usr/lib/libobjc.A.dylib',
  'relative/loader.dylib',
  '/trailing/implantd/',
  '/private/var/roleaccountd.staging/implantd/implantd',
  '/var/containers/implantd/helper',
  '/etc/evil/conf',
  '/tmp/stage/x',
  '/private/tmp/stage',
  '/tmp/./stage/y',
  '/tmpx/stage',
];
const BUNDLES = ['com.apple.mobilesafari', 'com.evil.app', 'COM.EVIL.APP', 'com.evil.agent', 'com.evil.apps'];

/** The archive: .ips reports of the three shapes, shutdown logs (one rotated), a ps.txt and unreadable files. */
export function seededArchive(seed: number, reports: number): Buffer {
  const random = seededRandom(seed);
  const dir = `sysdiagnose_seed${seed}`;
  const entries: TarWriterEntry[] = [];
  const device = { ...SAMPLE_DEVICE, crashReporterKey: `seed${seed}` };
  for (let i = 0; i < reports; i++) {
    const shape = random();
    const names = Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(random, PROCESSES));
    const path = `${dir}/crashes_and_spins/r${String(i).padStart(4, '0')}.ips`;
    if (shape < 0.6) {
      const procPath = pick(random, PATHS);
      const bundleId = random() < 0.7 ? pick(random, BUNDLES) : undefined;
      const images = Array.from({ length: Math.floor(random() * 6) }, () => pick(random, PATHS));
      const procName = random() < 0.5 ? procPath.slice(procPath.lastIndexOf('/') + 1) : names[0]!;
      entries.push({
        path,
        data: crashIps(
          { procName, procPath, ...(bundleId ? { bundleId } : {}), parentProc: pick(random, PROCESSES), images },
          device,
        ),
      });
    } else if (shape < 0.8) entries.push({ path, data: jetsamIps(names, device) });
    else entries.push({ path, data: stackshotIps(names, device) });
  }
  const clients = (n: number) =>
    Array.from({ length: n }, (_, k) => ({
      pid: 100 + k,
      path: random() < 0.8 ? pick(random, PATHS) : pick(random, PROCESSES),
      times: 1 + Math.floor(random() * 4),
    }));
  entries.push({
    path: `${dir}/system_logs.logarchive/Extra/shutdown.log`,
    data: shutdownLogText([{ epoch: 1_700_000_000 + seed, clients: clients(6) }]),
  });
  entries.push({
    path: `${dir}/system_logs.logarchive/Extra/shutdown.1.log`,
    data: shutdownLogText([{ epoch: 1_600_000_000, clients: clients(4) }]),
  });
  entries.push({
    path: `${dir}/ps.txt`,
    data: psText(Array.from({ length: 12 }, () => (random() < 0.5 ? pick(random, PATHS) : pick(random, PROCESSES)))),
  });
  entries.push({
    path: `${dir}/crashes_and_spins/truncated.ips`,
    data: '{"bug_type":"309"}\n{"procName": "implantd", "usedIm',
  });
  entries.push({ path: `${dir}/crashes_and_spins/other.ips`, data: '{"bug_type":"211","name":"implantd"}\nnot json' });
  entries.push({
    path: `${dir}/crashes_and_spins/Header.IPS`,
    data: '\ufeff{"bug_type":"210","name":"com.apple.spyser","bundleID":"com.evil.app"}',
  });
  entries.push({ path: `${dir}/crashes_and_spins/binary.ips`, data: Buffer.from([0x7b, 0, 0x7d]) });
  return createTarGz(entries);
}

const KINDS: readonly ObservationKind[] = [
  'process',
  'path',
  'domain',
  'bundleId',
  'ipv4',
  'email',
  'url',
  'fileHash',
  'appCert',
  'property',
  'accessibilityService',
  'receiver',
  'appop',
  'setting',
  'teamId',
  'signingId',
  'cdhash',
];
const DOMAINS = [
  'evil.co.uk',
  'x.evil.co.uk',
  'EVIL.CO.UK.',
  'co.uk',
  'a.b.cdn.bad.com',
  'bad.com',
  'cdn.bad.com.',
  'notevil.co.uk',
  '203.0.113.7',
  'bad_host',
  ' cdn.bad.com ',
];
const OTHER: Partial<Record<ObservationKind, readonly string[]>> = {
  ipv4: ['203.0.113.7', '203.0.113.70'],
  email: ['spy@evil.com', 'SPY@EVIL.COM', 'x@evil.com'],
  url: ['https://evil.com/x', 'https://evil.com/X'],
  fileHash: ['a'.repeat(64), 'B'.repeat(32), 'c'.repeat(40)],
  appCert: ['C'.repeat(40), 'a'.repeat(64), 'c'.repeat(39)],
  property: ['persist.spy.enabled', 'Persist.spy.enabled'],
  accessibilityService: ['com.evil.app/.Svc', 'com.evil.apps/.Svc'],
  receiver: ['COM.EVIL.APP/com.evil.app.R'],
  appop: ['com.evil.app:READ_SMS', 'com.other:READ_SMS'],
  setting: ['global/adb_enabled'],
  teamId: ['ABCDE12345', 'abcde12345', 'ABCDE1234'],
  signingId: ['com.evil.Updater', 'com.evil.updater', 'com.evil.Updater2'],
  cdhash: ['D'.repeat(40), 'd'.repeat(39), 'd'.repeat(64)],
};

/** Observations of every kind, for matching alone (the iOS extractors yield only some kinds). */
export function seededObservations(seed: number, count: number): Observation[] {
  const random = seededRandom(seed);
  const sources = ['ps.txt', 'x/shutdown.log', 'x/shutdown.2.log', 'x/shutdown.log.bak', 'r.ips'];
  return Array.from({ length: count }, () => {
    const kind = pick(random, KINDS);
    const pool =
      kind === 'process'
        ? PROCESSES
        : kind === 'path'
          ? PATHS
          : kind === 'domain'
            ? DOMAINS
            : kind === 'bundleId'
              ? BUNDLES
              : (OTHER[kind] ?? ['x']);
    return { kind, value: pick(random, pool), source: pick(random, sources) };
  });
}

/** Suppressions of each shape the matcher keys (indicator; indicator and kind; value; kind and value; ...). */
export const SEEDED_SUPPRESSIONS: Suppression[] = [
  { indicatorId: 'i-email' },
  { indicatorId: 'i-url', kind: 'url' },
  { value: '/usr/libexec/evil/helper' },
  { kind: 'domain', value: 'x.evil.co.uk' },
  { indicatorId: 'i-proc', value: 'Implantd' },
  { indicatorId: 'i-name', kind: 'path', value: '/System/Library/Frameworks/loader.dylib' },
];
