import {
  androidBackup,
  androidQfFiles,
  androidQfZip,
  BAD,
  crashIps,
  createTarGz,
  createZip,
  jetsamIps,
  psText,
  SAMPLE_DEVICE,
  type SampleDevice,
  shutdownLogText,
} from '../../inspection/public';

/**
 * Test and demo support: a sysdiagnose-like archive whose shutdown.log lists a DarkSword path
 * (/private/var/tmp/icloud_dump) and whose Jetsam .ips names a Triangulation process
 * (BackupAgent), plus a clean crash report and a ps.txt. Made-up data, no real device.
 */
export function sampleSysdiagnose(options: { device?: SampleDevice; extraProcess?: string } = {}): Buffer {
  const device = options.device ?? SAMPLE_DEVICE;
  const dir = `sysdiagnose_2023.06.01_10-30-00+0200_iPhone-OS_iPhone_${device.build}`;
  return createTarGz([
    {
      path: `${dir}/system_logs.logarchive/Extra/shutdown.log`,
      data: shutdownLogText([
        {
          epoch: 1_685_608_200,
          clients: [
            { pid: 61, path: '/usr/libexec/mobileassetd' },
            { pid: 412, path: '/private/var/tmp/icloud_dump/helper' },
            { pid: 666, path: '/private/var/db/com.apple.xpc.roleaccountd.staging/subridged' },
          ],
        },
      ]),
    },
    {
      path: `${dir}/crashes_and_spins/JetsamEvent-2023-06-01.ips`,
      data: jetsamIps(['SpringBoard', 'BackupAgent', ...(options.extraProcess ? [options.extraProcess] : [])], device),
    },
    {
      path: `${dir}/crashes_and_spins/MobileSafari-2023-06-01.ips`,
      data: crashIps(
        {
          procName: 'MobileSafari',
          procPath: '/Applications/MobileSafari.app/MobileSafari',
          bundleId: 'com.apple.mobilesafari',
          images: ['/Applications/MobileSafari.app/MobileSafari'],
        },
        device,
      ),
    },
    { path: `${dir}/ps.txt`, data: psText(['/sbin/launchd', '/usr/libexec/mobileassetd']) },
  ]);
}

/**
 * Test and demo support: a made-up AndroidQF output of a phone carrying a sideloaded
 * "spy agent" (a package, its signing certificate and a system property the example Android rule
 * set names, plus what the heuristics warn about). No real device data.
 */
export function sampleAndroidQf(): Buffer {
  return androidQfZip();
}

/**
 * Test and demo support: an AndroidQF output as an analyst zips it by hand, its acquisition folder
 * under one top-level folder, with an `adb backup` of the messages whose one SMS links to a
 * subdomain of a KingSpawn domain (the example MVT rule set flags it); made-up data.
 */
export function sampleAndroidQfFolder(): Buffer {
  const top = 'AndroidQF acquisition 2023-03-05';
  const files = androidQfFiles({ root: '6f1c2b9e-0d4a-4e1b-9d7f-2a3b4c5d6e7f' }).map((e) => ({
    ...e,
    name: `${top}/${e.name}`,
  }));
  return createZip([
    { name: `${top}/` },
    ...files,
    { name: `${top}/6f1c2b9e-0d4a-4e1b-9d7f-2a3b4c5d6e7f/backup.ab`, data: androidBackup(), method: 'store' },
  ]);
}

export const EXAMPLE_ANDROID_BUNDLE_ID = 'bundle--6a3c1d2e-0000-4000-8000-00000000a022';

/** A made-up STIX 2.1 rule set naming the sample's spy agent: an Android example beside the public MVT bundles. */
export function exampleAndroidBundle(): string {
  const malware = {
    type: 'malware',
    spec_version: '2.1',
    id: 'malware--6a3c1d2e-0000-4000-8000-00000000a022',
    name: 'ExampleSpyAgent (made-up)',
    is_family: true,
  };
  const patterns = [
    `[app:id = '${BAD.package}']`,
    `[app:cert.sha256 = '${BAD.certSha256}']`,
    `[android-property:name = '${BAD.property}']`,
  ];
  const objects: unknown[] = [malware];
  patterns.forEach((pattern, i) => {
    const id = `indicator--6a3c1d2e-0000-4000-8000-00000000a0${30 + i}`;
    objects.push(
      {
        type: 'indicator',
        spec_version: '2.1',
        id,
        pattern,
        pattern_type: 'stix',
        valid_from: '2026-01-01T00:00:00Z',
        modified: '2026-01-01T00:00:00Z',
      },
      {
        type: 'relationship',
        spec_version: '2.1',
        id: `relationship--6a3c1d2e-0000-4000-8000-00000000a0${30 + i}`,
        relationship_type: 'indicates',
        source_ref: id,
        target_ref: malware.id,
      },
    );
  });
  return JSON.stringify({ type: 'bundle', id: EXAMPLE_ANDROID_BUNDLE_ID, objects });
}
