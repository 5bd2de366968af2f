import { describe, expect, it } from 'vitest';

import {
  BAD,
  dumpsysAccessibilityText,
  dumpsysAppopsText,
  dumpsysDevicePolicyText,
  dumpsysPackageText,
  getpropText,
  GOOD,
  packagesJson,
  psText,
  SAMPLE_PROPERTIES,
  tombstoneText,
} from './androidSamples';
import { ObservationList } from './collect';
import { AccessibilityParser, AppopsParser, DevicePolicyParser } from './dumpsysServices';
import { addMount, fileFromJson, parseMount, rootBinariesFromJson } from './files';
import { type JsonArrayLimits, streamJsonArray } from './jsonArray';
import { DumpsysPackageParser, packageFromJson } from './packages';
import { processFromJson, PsParser } from './processes';
import { deviceFromProperties, GetpropParser, parseGetenforce } from './properties';
import { SectionRouter } from './sections';
import { DumpsysSettingsParser, SettingsListParser } from './settings';
import { androidLocalTime, streamLines, textLines } from './text';
import { parseFrame, TombstoneParser, tombstoneTime } from './tombstone';

const bytes = (s: string): Buffer => Buffer.from(s, 'utf8');
async function* chunked(data: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

describe('getprop', () => {
  it('reads each property with its line, and the device identity', () => {
    const list = new ObservationList('getprop.txt');
    const parser = new GetpropParser(list);
    textLines(`${getpropText()}[multi.line]: [first\nsecond]\n`, parser);
    const bad = list.items.find((o) => o.value === BAD.property)!;
    expect(bad).toMatchObject({
      kind: 'property',
      source: 'getprop.txt',
      raw: `[${BAD.property}]: [1]`,
      detail: { value: '1' },
    });
    expect(bad.line).toBe(Object.keys(SAMPLE_PROPERTIES).indexOf(BAD.property) + 1);
    expect(parser.properties.get('multi.line')?.value).toBe('first\nsecond');
    expect(deviceFromProperties(parser.properties)).toEqual({
      platform: 'android',
      manufacturer: 'Examplecorp',
      brand: 'example',
      model: 'Example Phone 7',
      device: 'example7',
      androidVersion: '13',
      sdkVersion: '33',
      securityPatch: '2023-01-05',
      fingerprint: SAMPLE_PROPERTIES['ro.build.fingerprint'],
      buildId: 'TQ1A.230105.001',
      serial: 'EX7SERIAL0001',
      timeZone: 'Europe/Paris',
      selinux: 'permissive',
    });
  });

  it('getenforce', () => {
    const list = new ObservationList('selinux.txt');
    expect(parseGetenforce('Permissive\n', list)).toMatchObject({ mode: 'permissive' });
    expect(parseGetenforce('garbage', list)).toEqual({ error: expect.stringMatching(/getenforce/) });
  });
});

describe('settings', () => {
  it('`cmd settings list` lines, values holding `=`', () => {
    const list = new ObservationList('settings_global.txt');
    const parser = new SettingsListParser('global', list);
    textLines('adb_enabled=1\nweird=a=b\n\nnot a setting line\n', parser);
    expect(parser.settings.get('global/adb_enabled')?.value).toBe('1');
    expect(parser.settings.get('global/weird')?.value).toBe('a=b');
    expect(list.items[0]).toMatchObject({
      kind: 'setting',
      value: 'global/adb_enabled',
      line: 1,
      detail: { value: '1' },
    });
  });

  it('`dumpsys settings` rows of user 0, defaults and tags cut off the value', () => {
    const list = new ObservationList('bugreport.txt');
    const parser = new DumpsysSettingsParser(list);
    textLines(
      [
        'GLOBAL SETTINGS (user 0)',
        '_id:45 name:adb_enabled pkg:android value:1 default:1 defaultSystemSet:true',
        '_id:46 name:device_name pkg:android value:My Phone 7 default:x defaultSystemSet:true tag:t',
        '_id:47 name:empty value:{null}',
        'SECURE SETTINGS (user 10)',
        '_id:1 name:other_user pkg:android value:1',
      ].join('\n'),
      parser,
    );
    expect([...parser.settings].map(([k, f]) => [k, f.value])).toEqual([
      ['global/adb_enabled', '1'],
      ['global/device_name', 'My Phone 7'],
      ['global/empty', ''],
    ]);
  });
});

describe('processes', () => {
  it('ps -A: the NAME column, kernel threads unbracketed, paths as paths', () => {
    const list = new ObservationList('processes.txt');
    textLines(psText(), new PsParser(list));
    expect(list.items.map((o) => [o.kind, o.value])).toEqual([
      ['process', 'init'],
      ['process', 'system_server'],
      ['process', BAD.package],
      ['path', BAD.tombstoneProcess],
      ['process', 'kthreadd'],
    ]);
  });

  it('ps -A -T: only main threads', () => {
    const list = new ObservationList('dumpstate');
    textLines(
      [
        'LABEL USER PID TID PPID VSZ RSS WCHAN ADDR S PRI NI RTPRIO SCH PCY TIME CMD',
        'u:r:app:s0 u0_a1 100 100 1 1 1 0 0 S 19 0 - 0 fg 00:00:01 xample.spyagent',
        'u:r:app:s0 u0_a1 100 101 1 1 1 0 0 S 19 0 - 0 fg 00:00:00 RenderThread',
      ].join('\n'),
      new PsParser(list),
    );
    expect(list.items.map((o) => o.value)).toEqual(['xample.spyagent']);
  });

  it('processes.json from the collector', () => {
    const list = new ObservationList('processes.json');
    expect(
      processFromJson(list, { pid: 7, filename: '(implantd)', command_line: ['/data/local/tmp/implantd', '-x'] }, 0, 2),
    ).toBe(true);
    expect(processFromJson(list, { pid: 8, filename: '(kworker)', command_line: [] }, 1, 9)).toBe(true);
    expect(processFromJson(list, 'nope', 2, 10)).toBe(false);
    expect(list.items.map((o) => [o.kind, o.value, o.jsonPath])).toEqual([
      ['path', '/data/local/tmp/implantd', '$[0].command_line[0]'],
      ['process', 'kworker', '$[1].filename'],
    ]);
  });
});

describe('packages', () => {
  it("packages.json: name, installer, flags, APK hashes and the signing certificate's digests with JSON paths", async () => {
    const list = new ObservationList('packages.json');
    const packages: ReturnType<typeof packageFromJson>[] = [];
    await streamJsonArray([bytes(packagesJson())], (value, index, line) =>
      packages.push(packageFromJson(list, value, index, line)),
    );
    const bad = packages[0]!;
    expect(bad).toMatchObject({ name: BAD.package, system: false, thirdParty: true, disabled: false, uid: 10234 });
    expect(bad.installer).toBeUndefined(); // `null` in the file
    expect(bad.files[0]).toMatchObject({
      path: BAD.apkPath,
      sha256: BAD.apkSha256,
      certificate: { sha256: BAD.certSha256, subject: 'CN=Made Up Signer' },
    });
    const cert = list.items.find((o) => o.kind === 'appCert' && o.algorithm === 'sha256' && o.appId === BAD.package)!;
    expect(cert).toMatchObject({ value: BAD.certSha256, jsonPath: '$[0].files[0].certificate.Sha256' });
    expect(cert.line).toBeGreaterThan(1);
    const hash = list.items.find((o) => o.kind === 'fileHash' && o.value === BAD.apkSha256)!;
    expect(hash).toMatchObject({ algorithm: 'sha256', jsonPath: '$[0].files[0].sha256', appId: BAD.package });
    // Go's zero certificate (no certificate) gives no appCert.
    expect(list.items.filter((o) => o.kind === 'appCert' && o.appId === 'com.android.systemui')).toEqual([]);
    expect(packages[2]).toMatchObject({ system: true });
  });

  it('dumpsys package: times in the device zone, permissions, flags, installer, disabled, receivers; hidden system packages skipped', () => {
    const list = new ObservationList('dumpsys.txt');
    const parser = new DumpsysPackageParser(list, 'Europe/Paris');
    textLines(dumpsysPackageText(), parser);
    parser.finish();
    const bad = parser.packages.get(BAD.package)!;
    expect(bad).toMatchObject({
      uid: 10234,
      versionName: '4.2.0',
      versionCode: '42',
      system: false,
      thirdParty: true,
      disabled: false,
      firstInstallTime: '2023-03-02T13:05:09.000Z',
      lastUpdateTime: '2023-03-02T13:05:09.000Z',
      dangerousPermissions: [
        'android.permission.READ_SMS',
        'android.permission.RECORD_AUDIO',
        'android.permission.ACCESS_FINE_LOCATION',
      ],
      grantedDangerousPermissions: ['android.permission.READ_SMS', 'android.permission.RECORD_AUDIO'],
    });
    expect(bad.installer).toBeUndefined();
    expect(bad.evidence).toMatchObject({ kind: 'bundleId', value: BAD.package, timestamp: '2023-03-02T13:05:09.000Z' });
    expect(parser.packages.get(GOOD.package)).toMatchObject({
      installer: 'com.android.vending',
      initiatingInstaller: 'com.android.vending',
    });
    expect(parser.packages.get('com.android.systemui')).toMatchObject({ system: true, thirdParty: false });
    expect(parser.packages.has('com.android.chrome')).toBe(false);
    expect(parser.receivers.map((o) => [o.value, o.detail?.action])).toEqual([
      [`${BAD.package}/.SmsSpy`, 'android.provider.Telephony.SMS_RECEIVED'],
    ]);
  });

  it('without the device zone, times stay local ISO without an offset', () => {
    expect(androidLocalTime('2023-03-02 14:05:09')).toBe('2023-03-02T14:05:09');
    expect(androidLocalTime('2023-07-02 14:05:09', 'Europe/Paris')).toBe('2023-07-02T12:05:09.000Z');
    expect(androidLocalTime('2023-03-02 14:05:09', 'Not/AZone')).toBe('2023-03-02T14:05:09');
    expect(androidLocalTime('yesterday')).toBeUndefined();
  });
});

describe('dumpsys services', () => {
  it('accessibility: enabled services, new one-line and old block forms', () => {
    const list = new ObservationList('dumpsys.txt');
    const parser = new AccessibilityParser(list);
    textLines(dumpsysAccessibilityText(), parser);
    textLines(
      [
        'User state[attributes:{id=10, x=y}',
        '     enabled services: {',
        '        0 : com.old.style/.Svc',
        '     }',
      ].join('\n'),
      parser,
    );
    expect(parser.services.map((o) => [o.value, o.appId, o.detail?.user])).toEqual([
      [BAD.accessibilityService, BAD.package, 0],
      ['com.old.style/.Svc', 'com.old.style', 10],
    ]);
  });

  it('device_policy: the admins under Enabled Device Admins and the device owner', () => {
    const list = new ObservationList('dumpsys.txt');
    const parser = new DevicePolicyParser(list);
    textLines(
      `${dumpsysDevicePolicyText()}\n  Device Owner:\n    admin=ComponentInfo{com.corp.mdm/com.corp.mdm.Admin}\n    name=Corp\n`,
      parser,
    );
    expect(parser.admins.map((o) => [o.value, o.appId, o.detail?.role])).toEqual([
      [BAD.deviceAdmin, BAD.package, 'device admin'],
      ['com.corp.mdm/com.corp.mdm.Admin', 'com.corp.mdm', 'Device Owner'],
    ]);
  });

  it('appops: each op with its mode and last access, new and old layouts', () => {
    const list = new ObservationList('dumpsys.txt');
    const parser = new AppopsParser(list, 'Europe/Paris');
    textLines(
      `${dumpsysAppopsText()}\n  Uid 10099:\n    Package com.old.app:\n      CAMERA: mode=1; time=+2h ago\n`,
      parser,
    );
    parser.finish();
    expect(list.items.map((o) => [o.value, o.detail?.mode, o.detail?.lastAccess])).toEqual([
      [`${BAD.package}:RECORD_AUDIO`, 'allow', '2023-03-03T21:10:00.123Z'],
      [`${BAD.package}:REQUEST_INSTALL_PACKAGES`, 'allow', undefined],
      ['com.old.app:CAMERA', 'ignore', undefined],
    ]);
  });

  it('the router sends each DUMP OF SERVICE and dumpstate section to its parser', () => {
    const seen: string[] = [];
    const router = new SectionRouter({
      service: (name) => ({ line: (t) => seen.push(`${name}:${t}`) }),
      dumpstate: (title) => (title === 'SYSTEM PROPERTIES' ? { line: (t) => seen.push(`props:${t}`) } : null),
      header: { line: (t) => seen.push(`header:${t}`) },
    });
    textLines(
      [
        '== dumpstate: 2023-01-01 00:00:00',
        '------ SYSTEM PROPERTIES (getprop) ------',
        '[a]: [b]',
        "------ 0.01s was the duration of 'SYSTEM PROPERTIES' ------",
        'orphan',
        'DUMP OF SERVICE CRITICAL cpuinfo:',
        'cpu',
        '--------- 0.01s was the duration of dumpsys cpuinfo, ending at: x',
        'DUMP OF SERVICE package:',
        'pkg',
      ].join('\n'),
      router,
    );
    expect(seen).toEqual(['header:== dumpstate: 2023-01-01 00:00:00', 'props:[a]: [b]', 'cpuinfo:cpu', 'package:pkg']);
  });
});

describe('tombstones', () => {
  it('process, pid, signal, abort message, timestamp and the crashing thread only', () => {
    const list = new ObservationList('FS/data/tombstones/tombstone_00');
    const parser = new TombstoneParser(list);
    textLines(tombstoneText(), parser);
    const result = parser.finish();
    expect('tombstone' in result).toBe(true);
    const t = (result as { tombstone: import('./androidTypes').Tombstone }).tombstone;
    expect(t).toMatchObject({
      process: BAD.tombstoneProcess,
      pid: 4242,
      tid: 4250,
      threadName: 'worker',
      uid: 0,
      abi: 'arm64',
      cmdline: `${BAD.tombstoneProcess} --stealth`,
      signal: { number: 6, name: 'SIGABRT', code: -1, codeName: 'SI_QUEUE', faultAddress: '--------' },
      abortMessage: BAD.abortMessage,
      timestamp: '2023-03-04T02:12:45.123Z',
      fingerprint: SAMPLE_PROPERTIES['ro.build.fingerprint'],
    });
    expect(t.backtrace).toEqual([
      {
        index: 0,
        pc: '000000000004f3d8',
        file: '/apex/com.android.runtime/lib64/bionic/libc.so',
        symbol: 'abort',
        offset: 168,
        buildId: '0123456789abcdef0123456789abcdef',
      },
      {
        index: 1,
        pc: '0000000000001234',
        file: '/data/local/tmp/libimplant.so',
        symbol: 'Implant::run(int, char const*)',
        offset: 52,
      },
      { index: 2, pc: '0000000000000f00', file: '/data/local/tmp/implantd' },
    ]);
    expect(list.items.find((o) => o.kind === 'tombstone')).toMatchObject({
      value: BAD.tombstoneProcess,
      timestamp: '2023-03-04T02:12:45.123Z',
    });
    expect(list.items.find((o) => o.kind === 'path' && o.value === '/data/local/tmp/libimplant.so')).toBeDefined();
  });

  it('frames, stamps and a text that is not a tombstone', () => {
    expect(parseFrame('#03 pc 00001000  /system/lib64/libfoo.so (offset 0x2000)')).toEqual({
      index: 3,
      pc: '00001000',
      file: '/system/lib64/libfoo.so (offset 0x2000)',
    });
    expect(tombstoneTime('2019-07-24 14:29:56+0200')).toBe('2019-07-24T12:29:56.000Z');
    const parser = new TombstoneParser(new ObservationList('x'));
    textLines('hello\nworld', parser);
    expect(parser.finish()).toEqual({ error: expect.stringMatching(/not a tombstone/) });
  });
});

describe('files, root binaries, mounts', () => {
  it('files.json records: path dated by mtime, hashes', () => {
    const list = new ObservationList('files.json');
    fileFromJson(
      list,
      { path: '/data/local/tmp/x', modified_time: 1677900000, sha256: 'A'.repeat(64), mode: '-rwx------' },
      3,
      40,
    );
    expect(list.items).toMatchObject([
      {
        kind: 'path',
        value: '/data/local/tmp/x',
        timestamp: '2023-03-04T03:20:00.000Z',
        jsonPath: '$[3].path',
        line: 40,
      },
      { kind: 'fileHash', value: 'a'.repeat(64), algorithm: 'sha256', jsonPath: '$[3].sha256' },
    ]);
    expect(fileFromJson(list, { path: 'relative' }, 4, 41)).toBe(false);
  });

  it('root_binaries.json entries are `which -a` outputs', () => {
    const list = new ObservationList('root_binaries.json');
    expect(rootBinariesFromJson(list, '/system/xbin/su\n/sbin/su\n', 0, 2).map((o) => o.value)).toEqual([
      '/system/xbin/su',
      '/sbin/su',
    ]);
    expect(rootBinariesFromJson(list, 'which: not found', 1, 3)).toEqual([]);
  });

  it('mounts in both spellings', () => {
    expect(parseMount('/dev/block/dm-0 on / type ext4 (ro,seclabel)')).toEqual({
      device: '/dev/block/dm-0',
      mountPoint: '/',
      type: 'ext4',
      options: 'ro,seclabel',
    });
    expect(parseMount('tmpfs /dev tmpfs rw,seclabel,nosuid 0 0')).toEqual({
      device: 'tmpfs',
      mountPoint: '/dev',
      type: 'tmpfs',
      options: 'rw,seclabel,nosuid',
    });
    const list = new ObservationList('mounts.json');
    expect(addMount(list, 'nonsense', 1)).toBeNull();
  });
});

describe('bounded reading', () => {
  const limits: JsonArrayLimits = { maxElementChars: 1000, maxDepth: 8, maxElements: 100 };
  it('a JSON array across chunk boundaries, element by element, with lines', async () => {
    const doc = bytes('[\n  {"a": "x,]}\\"y"},\n  2,\n  "s",\n  null,\n  [1, [2]]\n]\n');
    const seen: Array<[unknown, number, number]> = [];
    const summary = await streamJsonArray(chunked(doc, 3), (v, i, line) => seen.push([v, i, line]), limits);
    expect(summary.error).toBeUndefined();
    expect(seen).toEqual([
      [{ a: 'x,]}"y' }, 0, 2],
      [2, 1, 3],
      ['s', 2, 4],
      [null, 3, 5],
      [[1, [2]], 4, 6],
    ]);
  });

  it('oversize, too deep and invalid elements are skipped; the others read', async () => {
    const doc = `[{"big": "${'x'.repeat(5000)}"}, ${'['.repeat(20)}${']'.repeat(20)}, {"bad": tru}, {"ok": 1}]`;
    const seen: unknown[] = [];
    const summary = await streamJsonArray([bytes(doc)], (v) => seen.push(v), limits);
    expect(seen).toEqual([{ ok: 1 }]);
    expect(summary.skipped.map((s) => s.reason)).toEqual([
      'element larger than 1000 characters',
      'element nested deeper than 8',
      'not valid JSON',
    ]);
  });

  it('not an array, truncated, trailing data, too many elements', async () => {
    const run = (s: string) => streamJsonArray([bytes(s)], () => undefined, limits);
    expect((await run('{"a": 1}')).error).toBe('not a JSON array');
    expect((await run('[{"a": 1}, {"b"')).error).toMatch(/breaks off/);
    expect((await run('[1] x')).error).toMatch(/after the end/);
    expect((await run('')).error).toMatch(/empty/);
    const many = await run(`[${Array.from({ length: 150 }, (_, i) => i).join(',')}]`);
    expect([many.elements, many.truncated]).toEqual([100, true]);
  });

  it('lines across chunks, CRLF, an overlong line cut, binary refused', async () => {
    const seen: string[] = [];
    const s = await streamLines(chunked(bytes(`a\r\nb${'y'.repeat(50)}\nc`), 4), (l) => seen.push(l), {
      maxLines: 10,
      maxLineChars: 20,
    });
    expect(seen).toEqual(['a', `b${'y'.repeat(19)}`, 'c']);
    expect(s.cutLines).toBe(1);
    const bin = await streamLines(chunked(Buffer.from([0x41, 0, 0x42, 0x0a]), 2), () => undefined);
    expect(bin.binary).toBe(true);
  });
});
