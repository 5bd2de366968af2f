/**
 * Made-up Android artefacts for tests (and, later, the sample upload): written here from the
 * formats' descriptions in the README, not copied from any real device or any other project.
 * `BAD` lists the values a test rule set flags.
 */
import { createHash } from 'node:crypto';

import { createZip, type TestZipEntry } from './testZip';

const sha = (algorithm: string, text: string): string => createHash(algorithm).update(text).digest('hex');

/** The known-bad values planted in the samples. */
export const BAD = {
  package: 'com.example.spyagent',
  accessibilityService: 'com.example.spyagent/.ScreenReaderService',
  deviceAdmin: 'com.example.spyagent/.AdminReceiver',
  apkPath: '/data/app/~~QmFk==/com.example.spyagent-Zm9v==/base.apk',
  apkSha256: sha('sha256', 'made-up spy agent apk'),
  apkSha1: sha('sha1', 'made-up spy agent apk'),
  apkMd5: sha('md5', 'made-up spy agent apk'),
  certSha256: sha('sha256', 'made-up spy agent certificate'),
  certSha1: sha('sha1', 'made-up spy agent certificate'),
  certMd5: sha('md5', 'made-up spy agent certificate'),
  property: 'persist.sys.spyagent.enabled',
  tombstoneProcess: '/data/local/tmp/implantd',
  abortMessage: 'implant: heap corruption detected by made-up check',
  rootBinary: '/system/xbin/su',
};

export const GOOD = {
  package: 'com.example.notes',
  apkSha256: sha('sha256', 'made-up notes apk'),
  certSha256: sha('sha256', 'made-up notes certificate'),
};

export const SAMPLE_PROPERTIES: Record<string, string> = {
  'ro.product.manufacturer': 'Examplecorp',
  'ro.product.brand': 'example',
  'ro.product.model': 'Example Phone 7',
  'ro.product.device': 'example7',
  'ro.build.version.release': '13',
  'ro.build.version.sdk': '33',
  'ro.build.version.security_patch': '2023-01-05',
  'ro.build.fingerprint': 'example/example7/example7:13/TQ1A.230105.001/1234567:user/release-keys',
  'ro.build.id': 'TQ1A.230105.001',
  'ro.serialno': 'EX7SERIAL0001',
  'ro.boot.selinux': 'permissive',
  'persist.sys.timezone': 'Europe/Paris',
  [BAD.property]: '1',
};

export function getpropText(props: Record<string, string> = SAMPLE_PROPERTIES): string {
  return `${Object.entries(props)
    .map(([k, v]) => `[${k}]: [${v}]`)
    .join('\n')}\n`;
}

export interface SamplePackage {
  name: string;
  installer?: string | null;
  system?: boolean;
  disabled?: boolean;
  uid: number;
  firstInstall: string;
  lastUpdate: string;
  requested: string[];
  runtimeGranted: string[];
  apk: { path: string; md5: string; sha1: string; sha256: string };
  cert?: { md5: string; sha1: string; sha256: string; subject: string };
}

export const SAMPLE_PACKAGES: SamplePackage[] = [
  {
    name: BAD.package,
    installer: null,
    uid: 10234,
    firstInstall: '2023-03-02 14:05:09',
    lastUpdate: '2023-03-02 14:05:09',
    requested: [
      'android.permission.INTERNET',
      'android.permission.READ_SMS',
      'android.permission.RECORD_AUDIO',
      'android.permission.ACCESS_FINE_LOCATION',
    ],
    runtimeGranted: ['android.permission.READ_SMS', 'android.permission.RECORD_AUDIO'],
    apk: { path: BAD.apkPath, md5: BAD.apkMd5, sha1: BAD.apkSha1, sha256: BAD.apkSha256 },
    cert: { md5: BAD.certMd5, sha1: BAD.certSha1, sha256: BAD.certSha256, subject: 'CN=Made Up Signer' },
  },
  {
    name: GOOD.package,
    installer: 'com.android.vending',
    uid: 10180,
    firstInstall: '2022-11-20 09:00:00',
    lastUpdate: '2023-02-01 08:30:00',
    requested: ['android.permission.INTERNET', 'android.permission.CAMERA'],
    runtimeGranted: ['android.permission.CAMERA'],
    apk: {
      path: '/data/app/~~Tm90ZXM=/com.example.notes-YWJj/base.apk',
      md5: sha('md5', 'notes'),
      sha1: sha('sha1', 'notes'),
      sha256: GOOD.apkSha256,
    },
    cert: {
      md5: sha('md5', 'notes cert'),
      sha1: sha('sha1', 'notes cert'),
      sha256: GOOD.certSha256,
      subject: 'CN=Notes Inc',
    },
  },
  {
    name: 'com.android.systemui',
    system: true,
    uid: 10120,
    firstInstall: '2009-01-01 01:00:00',
    lastUpdate: '2009-01-01 01:00:00',
    requested: ['android.permission.READ_PHONE_STATE'],
    runtimeGranted: ['android.permission.READ_PHONE_STATE'],
    apk: {
      path: '/system_ext/priv-app/SystemUI/SystemUI.apk',
      md5: sha('md5', 'sysui'),
      sha1: sha('sha1', 'sysui'),
      sha256: sha('sha256', 'sysui'),
    },
  },
];

/** AndroidQF's packages.json, as its Go code marshals `[]adb.Package` (four-space indent). */
export function packagesJson(packages: SamplePackage[] = SAMPLE_PACKAGES): string {
  const records = packages.map((p) => ({
    name: p.name,
    files: [
      {
        path: p.apk.path,
        local_name: '',
        md5: p.apk.md5,
        sha1: p.apk.sha1,
        sha256: p.apk.sha256,
        sha512: '',
        error: '',
        verified_certificate: p.cert !== undefined,
        certificate: p.cert
          ? {
              Md5: p.cert.md5,
              Sha1: p.cert.sha1,
              Sha256: p.cert.sha256,
              ValidFrom: '2023-01-01T00:00:00Z',
              ValidTo: '2053-01-01T00:00:00Z',
              Issuer: p.cert.subject,
              Subject: p.cert.subject,
            }
          : {
              Md5: '',
              Sha1: '',
              Sha256: '',
              ValidFrom: '0001-01-01T00:00:00Z',
              ValidTo: '0001-01-01T00:00:00Z',
              Issuer: '',
              Subject: '',
            },
        certificate_error: '',
        trusted_certificate: false,
      },
    ],
    installer: p.installer ?? 'null',
    uid: p.uid,
    disabled: p.disabled ?? false,
    system: p.system ?? false,
    third_party: !(p.system ?? false),
  }));
  return JSON.stringify(records, null, 4);
}

/** The `Packages:` part of `dumpsys package` (Android 13 layout) and its receiver table. */
export function dumpsysPackageText(packages: SamplePackage[] = SAMPLE_PACKAGES): string {
  const lines: string[] = [
    'Database versions:',
    '  Internal:',
    '    sdkVersion=33 databaseVersion=3',
    '',
    'Receiver Resolver Table:',
    '  Non-Data Actions:',
    '      android.provider.Telephony.SMS_RECEIVED:',
    `        5f3a2b1 ${BAD.package}/.SmsSpy filter 8c9d0e1`,
    '          Action: "android.provider.Telephony.SMS_RECEIVED"',
    '          mPriority=999, mOrder=0, mHasStaticPartialTypes=false, mHasDynamicPartialTypes=false',
    '      android.intent.action.BOOT_COMPLETED:',
    `        1a2b3c4 ${GOOD.package}/.BootReceiver filter 4d5e6f7`,
    '          Action: "android.intent.action.BOOT_COMPLETED"',
    '',
    'Packages:',
  ];
  packages.forEach((p, i) => {
    const flags = p.system
      ? '[ SYSTEM HAS_CODE PERSISTENT ALLOW_CLEAR_USER_DATA ]'
      : '[ HAS_CODE ALLOW_CLEAR_USER_DATA ALLOW_BACKUP ]';
    lines.push(
      `  Package [${p.name}] (${(0xabc000 + i).toString(16)}):`,
      `    appId=${p.uid}`,
      `    pkg=Package{${(0xdef000 + i).toString(16)} ${p.name}}`,
      `    codePath=${p.apk.path.replace(/\/base\.apk$/, '')}`,
      '    versionCode=42 minSdk=26 targetSdk=33',
      '    versionName=4.2.0',
      `    flags=${flags}`,
      `    timeStamp=${p.lastUpdate}`,
      `    lastUpdateTime=${p.lastUpdate}`,
      ...(p.installer
        ? [`    installerPackageName=${p.installer}`, `    installInitiatingPackageName=${p.installer}`]
        : []),
      `    signatures=PackageSignatures{${(0x123000 + i).toString(16)} version:3, signatures:[1a2b3c4d], past signatures:[]}`,
      '    installPermissionsFixed=true',
      `    pkgFlags=${flags}`,
      '    requested permissions:',
      ...p.requested.map((perm) => `      ${perm}`),
      '    install permissions:',
      '      android.permission.INTERNET: granted=true',
      `    User 0: ceDataInode=${4000 + i} installed=true hidden=false suspended=false distractionFlags=0 stopped=false notLaunched=false enabled=${p.disabled ? 3 : 0} instant=false virtual=false`,
      `      firstInstallTime=${p.firstInstall}`,
      '      gids=[3003]',
      '      runtime permissions:',
      ...p.runtimeGranted.map((perm) => `        ${perm}: granted=true, flags=[ USER_SENSITIVE_WHEN_GRANTED ]`),
    );
  });
  lines.push('', 'Hidden system packages:', '  Package [com.android.chrome] (fff000):', '    appId=10150', '');
  return lines.join('\n');
}

export function dumpsysAccessibilityText(): string {
  return [
    'ACCESSIBILITY MANAGER (dumpsys accessibility)',
    '',
    'currentUserId=0',
    'User state[',
    '     attributes:{id=0, touchExplorationEnabled=false, serviceHandlesDoubleTap=false}',
    '     shortcut key:{}',
    '     Bound services:{Service[label=Screen Reader, feedbackType[FEEDBACK_GENERIC], capabilities=1]}',
    `     Enabled services:{{${BAD.accessibilityService}}}`,
    '     Binding services:{}',
    '     Crashed services:{}',
    ']',
  ].join('\n');
}

export function dumpsysDevicePolicyText(): string {
  return [
    'Current Device Policy Manager state:',
    '  Immutable state:',
    '    mHasFeature=true',
    '  Enabled Device Admins (User 0, provisioningState: 3):',
    `    ${BAD.deviceAdmin}:`,
    '      uid=10234',
    '      testOnlyAdmin=false',
    '      policies:',
    '        force-lock',
    '        wipe-data',
    '',
    '    mPasswordOwner=-1',
  ].join('\n');
}

export function dumpsysAppopsText(): string {
  return [
    'Current AppOps Service state:',
    '  Settings:',
    '    top_state_settle_time=+5s0ms',
    '',
    '  Uid u0a234:',
    '    state=cch',
    `    Package ${BAD.package}:`,
    '      RECORD_AUDIO (allow):',
    '        Access: [fg-s] 2023-03-03 22:10:00.123 (-1d2h)',
    '      REQUEST_INSTALL_PACKAGES (allow):',
  ].join('\n');
}

/** A tombstone as debuggerd writes it (Android 12+ text layout). */
export function tombstoneText(process = BAD.tombstoneProcess, abort = BAD.abortMessage): string {
  return [
    '*** *** *** *** *** *** *** *** *** *** *** *** *** *** *** ***',
    `Build fingerprint: '${SAMPLE_PROPERTIES['ro.build.fingerprint']}'`,
    "Revision: '0'",
    "ABI: 'arm64'",
    'Timestamp: 2023-03-04 03:12:45.123456789+0100',
    'Process uptime: 12s',
    `Cmdline: ${process} --stealth`,
    `pid: 4242, tid: 4250, name: worker  >>> ${process} <<<`,
    'uid: 0',
    'signal 6 (SIGABRT), code -1 (SI_QUEUE), fault addr --------',
    `Abort message: '${abort}'`,
    '    x0  0000000000000000  x1  0000000000001092  x2  0000000000000006  x3  0000007fc1a2b3c0',
    '    lr  0000007a1b2c3d4c  sp  0000007fc1a2b2a0  pc  0000007a1b2c3d78  pst 0000000000001000',
    '',
    'backtrace:',
    '      #00 pc 000000000004f3d8  /apex/com.android.runtime/lib64/bionic/libc.so (abort+168) (BuildId: 0123456789abcdef0123456789abcdef)',
    '      #01 pc 0000000000001234  /data/local/tmp/libimplant.so (Implant::run(int, char const*)+52)',
    '      #02 pc 0000000000000f00  /data/local/tmp/implantd',
    '',
    'memory near x1:',
    '    0000000000001090 0000000000000000 0000000000000000  ................',
    '--- --- --- --- --- --- --- --- --- --- --- --- --- --- --- ---',
    'pid: 4242, tid: 4242, name: implantd  >>> /data/local/tmp/implantd <<<',
    'backtrace:',
    '      #00 pc 0000000000099999  /apex/com.android.runtime/lib64/bionic/libc.so (__epoll_pwait+8)',
  ].join('\n');
}

function service(name: string, body: string): string {
  return `${'-'.repeat(79)}\nDUMP OF SERVICE ${name}:\n${body}\n`;
}

/** AndroidQF's dumpsys.txt: the whole `adb shell dumpsys`. */
export function dumpsysText(): string {
  return [
    'Currently running services:',
    '  accessibility',
    '  appops',
    '  device_policy',
    '  package',
    service('accessibility', dumpsysAccessibilityText()),
    service('appops', dumpsysAppopsText()),
    service('device_policy', dumpsysDevicePolicyText()),
    service('package', dumpsysPackageText()),
  ].join('\n');
}

export function psText(): string {
  return [
    'USER           PID  PPID     VSZ    RSS WCHAN            ADDR S NAME',
    'root             1     0 10922452 12068 do_epoll_wait       0 S init',
    'system        1234     1 15000000 90000 do_epoll_wait       0 S system_server',
    'u0_a234       4321   789 14000000 80000 do_epoll_wait       0 S com.example.spyagent',
    'root          4242     1   20000   3000 do_nanosleep        0 S /data/local/tmp/implantd',
    'root            2     0       0      0 kthreadd            0 S [kthreadd]',
  ].join('\n');
}

export interface AndroidQfOptions {
  /** Folder the files sit in (AndroidQF names it after the acquisition's UUID). */
  root?: string;
  extra?: TestZipEntry[];
  omit?: string[];
  replace?: Record<string, string | Buffer>;
  /** A bugreport.zip inside, as AndroidQF's bugreport module stores it. */
  nestedBugreport?: Buffer;
}

/** An AndroidQF output, zipped. */
export function androidQfFiles(options: AndroidQfOptions = {}): TestZipEntry[] {
  const root = options.root ?? '6f1c2b9e-0d4a-4e1b-9d7f-2a3b4c5d6e7f';
  const at = (name: string): string => (root ? `${root}/${name}` : name);
  const files: Record<string, string | Buffer> = {
    'acquisition.json': JSON.stringify(
      {
        uuid: root,
        androidqf_version: '1.8.0',
        storage_path: root,
        started: '2023-03-05T10:00:00Z',
        completed: '2023-03-05T10:20:00Z',
        collector: null,
        tmp_dir: '/data/local/tmp/',
        sdcard: '/sdcard/',
        cpu: 'arm64-v8a',
      },
      null,
      ' ',
    ),
    'getprop.txt': getpropText(),
    'selinux.txt': 'Permissive\n',
    'settings_global.txt': [
      'adb_enabled=1',
      'package_verifier_enable=0',
      'verifier_verify_adb_installs=1',
      'device_name=Example Phone',
    ].join('\n'),
    'settings_secure.txt': [
      'accessibility_enabled=1',
      `enabled_accessibility_services=${BAD.accessibilityService}`,
      'android_id=0123456789abcdef',
    ].join('\n'),
    'settings_system.txt': ['screen_brightness=102', 'font_scale=1.0'].join('\n'),
    'packages.json': packagesJson(),
    'processes.txt': psText(),
    'dumpsys.txt': dumpsysText(),
    'files.json': JSON.stringify(
      [
        {
          path: '/data/local/tmp/implantd',
          size: 12345,
          mode: '-rwxr-xr-x',
          user_name: 'root',
          group_name: 'root',
          modified_time: 1677900000,
          sha256: sha('sha256', 'implantd'),
          md5: sha('md5', 'implantd'),
        },
        {
          path: '/sdcard/Download/notes.txt',
          size: 10,
          mode: '-rw-rw----',
          user_name: 'u0_a180',
          group_name: 'media_rw',
          modified_time: 1677800000,
        },
      ],
      null,
      4,
    ),
    'root_binaries.json': JSON.stringify([`${BAD.rootBinary}\n`], null, 4),
    'mounts.json': JSON.stringify(
      [
        '/dev/block/dm-0 on / type ext4 (ro,seclabel,relatime)',
        '/dev/block/dm-5 /data f2fs rw,lazytime,seclabel,nosuid,nodev 0 0',
      ],
      null,
      4,
    ),
    'services.txt':
      'Found 2 services:\n0\tpackage: [android.content.pm.IPackageManager]\n1\tactivity: [android.app.IActivityManager]\n',
    'logcat.txt': '03-05 10:00:00.000  1234  1234 I ActivityManager: Start proc 4321:com.example.spyagent\n',
    'command.log': 'time="2023-03-05T10:00:00Z" level=info msg="Started new acquisition"\n',
  };
  for (const name of options.omit ?? []) delete files[name];
  Object.assign(files, options.replace ?? {});
  const entries: TestZipEntry[] = root ? [{ name: `${root}/` }] : [];
  for (const [name, data] of Object.entries(files)) entries.push({ name: at(name), data });
  if (options.nestedBugreport)
    entries.push({ name: at('bugreport.zip'), data: options.nestedBugreport, method: 'store' });
  entries.push(...(options.extra ?? []));
  return entries;
}

export function androidQfZip(options: AndroidQfOptions = {}): Buffer {
  return createZip(androidQfFiles(options));
}

/** A bugreport's dumpstate text: header, SYSTEM PROPERTIES, PROCESSES AND THREADS, DUMPSYS. */
export function dumpstateText(): string {
  const settings = [
    'CONFIG SETTINGS (user 0)',
    'version: 1',
    '_id:1 name:activity_manager/max_cached_processes pkg:com.android.shell value:32',
    'GLOBAL SETTINGS (user 0)',
    'version: 213',
    '_id:45 name:adb_enabled pkg:android value:1 default:1 defaultSystemSet:true',
    '_id:90 name:package_verifier_enable pkg:com.android.shell value:0',
    '_id:91 name:verifier_verify_adb_installs pkg:com.android.shell value:0 default:1 defaultSystemSet:true',
    '_id:92 name:device_name pkg:android value:Example Phone 7 default:Example Phone 7 defaultSystemSet:true',
    '',
    'Historical operations',
    'SECURE SETTINGS (user 0)',
    'version: 190',
    `_id:12 name:enabled_accessibility_services pkg:com.android.settings value:${BAD.accessibilityService}`,
    'SYSTEM SETTINGS (user 0)',
    '_id:3 name:screen_brightness pkg:android value:102',
  ].join('\n');
  const ps = [
    'LABEL                          USER           PID   TID  PPID     VSZ    RSS WCHAN            ADDR S PRI  NI RTPRIO SCH  PCY     TIME CMD',
    'u:r:init:s0                    root             1     1     0 10922452 12068 do_epoll_wait       0 S  19   0      -   0  fg 00:00:02 init',
    'u:r:untrusted_app:s0:c234      u0_a234       4321  4321   789 14000000 80000 do_epoll_wait       0 S  19   0      -   0  fg 00:00:01 xample.spyagent',
    'u:r:untrusted_app:s0:c234      u0_a234       4321  4330   789 14000000 80000 do_epoll_wait       0 S  19   0      -   0  fg 00:00:00 RenderThread',
    'u:r:su:s0                      root          4242  4242     1   20000   3000 do_nanosleep        0 S  19   0      -   0  fg 00:00:00 implantd',
  ].join('\n');
  return [
    '========================================================',
    '== dumpstate: 2023-03-05 10:15:00',
    '========================================================',
    '',
    'Build: TQ1A.230105.001',
    `Build fingerprint: '${SAMPLE_PROPERTIES['ro.build.fingerprint']}'`,
    'Bootloader: example7-1.0',
    'Kernel: Linux version 5.10.0-example',
    'Bugreport format version: 2.0',
    'Dumpstate info: id=1 pid=5555 dry_run=0 parallel_run=1 args=-V 2.0 bugreport_mode=BUGREPORT_FULL',
    '',
    '------ UPTIME (uptime) ------',
    ' 10:15:00 up 2 days,  3:00,  0 users,  load average: 1.00, 1.00, 1.00',
    "------ 0.005s was the duration of 'UPTIME' ------",
    '------ SYSTEM PROPERTIES (getprop) ------',
    getpropText().trimEnd(),
    "------ 0.020s was the duration of 'SYSTEM PROPERTIES' ------",
    '------ PROCESSES AND THREADS (ps -A -T -Z -O pri,nice,rtprio,sched,pcy,time) ------',
    ps,
    "------ 0.100s was the duration of 'PROCESSES AND THREADS' ------",
    '------ DUMPSYS (/system/bin/dumpsys -T 10000 --skip meminfo) ------',
    service('accessibility', dumpsysAccessibilityText()),
    '--------- 0.010s was the duration of dumpsys accessibility, ending at: 2023-03-05 10:15:10',
    service('appops', dumpsysAppopsText()),
    '--------- 0.010s was the duration of dumpsys appops, ending at: 2023-03-05 10:15:11',
    service('device_policy', dumpsysDevicePolicyText()),
    '--------- 0.010s was the duration of dumpsys device_policy, ending at: 2023-03-05 10:15:12',
    service('package', dumpsysPackageText()),
    '--------- 0.500s was the duration of dumpsys package, ending at: 2023-03-05 10:15:13',
    service('settings', settings),
    '--------- 0.010s was the duration of dumpsys settings, ending at: 2023-03-05 10:15:14',
    "------ 3.000s was the duration of 'DUMPSYS' ------",
    '------ LOGCAT (logcat -v threadtime -v printable -v uid -d *:v) ------',
    '03-05 10:00:00.000  1000  1234  1234 I ActivityManager: Start proc 4321:com.example.spyagent',
  ].join('\n');
}

export interface BugreportOptions {
  root?: string;
  extra?: TestZipEntry[];
  mainName?: string;
  main?: string | Buffer;
  withMainEntry?: boolean;
}

export function bugreportFiles(options: BugreportOptions = {}): TestZipEntry[] {
  const mainName = options.mainName ?? 'bugreport-example7-TQ1A.230105.001-2023-03-05-10-15-00.txt';
  const root = options.root ?? '';
  const at = (name: string): string => (root ? `${root}/${name}` : name);
  const entries: TestZipEntry[] = [
    { name: at('version.txt'), data: '2.0' },
    { name: at(mainName), data: options.main ?? dumpstateText() },
    { name: at('dumpstate_log.txt'), data: 'dumpstate log\n' },
    { name: at('FS/data/tombstones/tombstone_00'), data: tombstoneText() },
    {
      name: at('FS/data/tombstones/tombstone_00.pb'),
      data: Buffer.from([0x0a, 0x05, 0x61, 0x72, 0x6d, 0x36, 0x34, 0x00]),
    },
    {
      name: at('FS/data/tombstones/tombstone_01'),
      data: tombstoneText('com.example.notes', 'notes: made-up assertion failed'),
    },
  ];
  if (options.withMainEntry !== false) entries.unshift({ name: at('main_entry.txt'), data: mainName });
  entries.push(...(options.extra ?? []));
  return entries;
}

export function bugreportZip(options: BugreportOptions = {}): Buffer {
  return createZip(bugreportFiles(options));
}
