import { describe, expect, it } from 'vitest';

import { ArchiveError } from './archiveError';
import { FIXTURE_BUNDLES, readFixtureBundle } from './indicatorFixtures';
import { inspectArchive } from './inspectArchive';
import { buildMatcher } from './matcher';
import { crashIps, jetsamIps, psText, SAMPLE_DEVICE, shutdownLogText, stackshotIps } from './sampleArtefacts';
import { parseStixBundle } from './stixBundle';
import { createTarGz } from './tarWriter';

const ruleSets = FIXTURE_BUNDLES.map((name) => parseStixBundle(readFixtureBundle(name)));
const matcher = buildMatcher(ruleSets.flatMap((r) => r.indicators));
const dir = 'sysdiagnose_2023.06.01_10-30-00+0200_iPhone-OS_iPhone_20F66';

describe('inspectArchive with the public MVT bundles', () => {
  it('finds a DarkSword path, a Triangulation process and a KingSpawn implant end to end', async () => {
    const archive = createTarGz([
      {
        path: `${dir}/system_logs.logarchive/Extra/shutdown.log`,
        data: shutdownLogText([
          {
            epoch: 1_685_608_200,
            clients: [
              { pid: 61, path: '/usr/libexec/mobileassetd' },
              { pid: 666, path: '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged', times: 3 },
            ],
          },
        ]),
      },
      { path: `${dir}/crashes_and_spins/JetsamEvent-2023-06-01.ips`, data: jetsamIps(['SpringBoard', 'BackupAgent']) },
      {
        path: `${dir}/crashes_and_spins/MobileSafari-2023-06-01.ips`,
        data: crashIps({
          procName: 'MobileSafari',
          procPath: '/Applications/MobileSafari.app/MobileSafari',
          bundleId: 'com.apple.mobilesafari',
          images: ['/Applications/MobileSafari.app/MobileSafari', '/private/var/tmp/icloud_dump/loader.dylib'],
        }),
      },
      { path: `${dir}/crashes_and_spins/stacks-2023-06-01.ips`, data: stackshotIps(['kernel_task', 'launchd']) },
      { path: `${dir}/ps.txt`, data: psText(['/sbin/launchd', '/usr/libexec/rce_loader.js']) },
      { path: `${dir}/crashes_and_spins/broken.ips`, data: '{"bug_type":"309"}\n{"procName": "x", "usedImag' },
    ]);

    const report = await inspectArchive(archive, matcher);
    const found = report.findings.map((f) => [
      f.family.name,
      f.indicator.type,
      f.indicator.value,
      f.observation.source.split('/').pop(),
    ]);
    expect(found).toEqual([
      ['KingSpawn', 'file:path', '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged', 'shutdown.log'],
      ['OperationTriangulation', 'process:name', 'BackupAgent', 'JetsamEvent-2023-06-01.ips'],
      ['DarkSword', 'file:path', '/private/var/tmp/icloud_dump', 'MobileSafari-2023-06-01.ips'],
      ['DarkSword', 'file:name', 'rce_loader.js', 'ps.txt'],
    ]);
    const triangulation = report.findings[1]!;
    expect(triangulation.ruleSet).toEqual({
      id: 'bundle--6c4ae57e-883d-4235-8994-056463d2dbf2',
      name: 'OperationTriangulation',
      version: '2023-10-23T15:49:48.131064Z',
    });
    expect(triangulation.observation.raw).toBe('processes[1].name = BackupAgent');
    expect(report.findings[0]!.observation.timestamp).toBe('2023-06-01T08:30:00.000Z');
    expect(report.heuristics.map((h) => h.rule)).toEqual(['shutdown.delayed-client', 'shutdown.suspicious-path']);
    expect(report.device).toEqual({
      osVersion: `${SAMPLE_DEVICE.osVersion} (${SAMPLE_DEVICE.build})`,
      modelCode: SAMPLE_DEVICE.modelCode,
      crashReporterKey: SAMPLE_DEVICE.crashReporterKey,
    });
    expect(report.artefacts.find((a) => a.path.endsWith('broken.ips'))?.error).toBe(
      'bug_type 309 report body is truncated or not JSON',
    );
    expect(report.artefacts).toHaveLength(6);
  });

  it('a clean device has no findings; reports of a second device are flagged', async () => {
    const other = { ...SAMPLE_DEVICE, crashReporterKey: 'another-device' };
    const report = await inspectArchive(
      createTarGz([
        { path: 'a.ips', data: crashIps({ procName: 'Maps', procPath: '/Applications/Maps.app/Maps' }) },
        { path: 'b.ips', data: jetsamIps(['SpringBoard'], other) },
      ]),
      matcher,
    );
    expect(report.findings).toEqual([]);
    expect(report.observations).toBeGreaterThan(0);
    expect(report.archive.warnings).toEqual(['b.ips: report of another device (crashReporterKey another-device)']);
  });

  it('an unsafe archive is refused as a whole', async () => {
    await expect(inspectArchive(createTarGz([{ path: '../shutdown.log', data: 'x' }]), matcher)).rejects.toThrow(
      ArchiveError,
    );
  });
});
