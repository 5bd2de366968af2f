import { describe, expect, it } from 'vitest';

import { extractIpsReport } from './ipsReport';
import { crashIps, jetsamIps, SAMPLE_DEVICE, stackshotIps } from './sampleArtefacts';

const device = {
  osVersion: `${SAMPLE_DEVICE.osVersion} (${SAMPLE_DEVICE.build})`,
  modelCode: SAMPLE_DEVICE.modelCode,
  crashReporterKey: SAMPLE_DEVICE.crashReporterKey,
};
const pairs = (r: { observations: Array<{ kind: string; value: string }> }) =>
  r.observations.map((o) => [o.kind, o.value]);

describe('extractIpsReport', () => {
  it('reads a crash (309): process, path, bundle id, parent, images and the device', () => {
    const text = crashIps({
      procName: 'Mail',
      procPath: '/Applications/MobileMail.app/MobileMail',
      bundleId: 'com.apple.mobilemail',
      parentProc: 'BackupAgent',
      images: ['/Applications/MobileMail.app/MobileMail', '/private/var/tmp/implant.dylib', '/usr/lib/libobjc.A.dylib'],
    });
    const result = extractIpsReport(text, 'crashes/MobileMail-2023-06-01.ips');
    expect(result.error).toBeUndefined();
    expect(result.device).toEqual(device);
    expect(pairs(result)).toEqual([
      ['bundleId', 'com.apple.mobilemail'],
      ['path', '/Applications/MobileMail.app/MobileMail'],
      ['process', 'Mail'],
      ['process', 'BackupAgent'],
      ['path', '/private/var/tmp/implant.dylib'],
      ['path', '/usr/lib/libobjc.A.dylib'],
    ]);
    const implant = result.observations.find((o) => o.value.includes('implant'))!;
    expect(implant.raw).toBe('usedImages[1].path = /private/var/tmp/implant.dylib');
    expect(implant.timestamp).toBe('2023-06-01T08:17:55.000Z');
    expect(implant.source).toBe('crashes/MobileMail-2023-06-01.ips');
  });

  it('does not repeat the process name when the path already ends with it', () => {
    const result = extractIpsReport(crashIps({ procName: 'imagent', procPath: '/usr/libexec/imagent' }), 'a.ips');
    expect(pairs(result).filter(([k]) => k === 'process')).toEqual([['process', 'launchd']]);
  });

  it('reads a Jetsam event (298): every process name, model from product', () => {
    const result = extractIpsReport(jetsamIps(['SpringBoard', 'BackupAgent', 'BackupAgent']), 'JetsamEvent.ips');
    expect(result.error).toBeUndefined();
    expect(result.device).toEqual(device);
    expect(pairs(result)).toEqual([
      ['process', 'SpringBoard'],
      ['process', 'BackupAgent'],
    ]);
    expect(result.observations[1]!.raw).toBe('processes[1].name = BackupAgent');
  });

  it('reads a stackshot (288): processByPid names', () => {
    const result = extractIpsReport(stackshotIps(['kernel_task', 'launchd', 'roleaccountd']), 'stacks.ips');
    expect(result.error).toBeUndefined();
    expect(result.device).toEqual(device);
    expect(pairs(result)).toEqual([
      ['process', 'kernel_task'],
      ['process', 'launchd'],
      ['process', 'roleaccountd'],
    ]);
  });

  it('reads the top-level fields of another bug type, with a warning', () => {
    const text = `${JSON.stringify({ bug_type: '145', os_version: 'iPhone OS 17.0 (21A329)' })}\n${JSON.stringify({ procName: 'x', product: 'iPhone15,3' })}`;
    const result = extractIpsReport(text, 'other.ips');
    expect(pairs(result)).toEqual([['process', 'x']]);
    expect(result.device).toEqual({ osVersion: 'iPhone OS 17.0 (21A329)', modelCode: 'iPhone15,3' });
    expect(result.warnings).toEqual(['bug_type 145: read as a crash report']);
  });

  it('a truncated body is a clear error, keeping what the header said', () => {
    const text = crashIps({ procName: 'evil', procPath: '/private/var/db/evil', bundleId: 'com.example.spy' });
    const result = extractIpsReport(text.slice(0, text.length / 2), 'evil.ips');
    expect(result.error).toBe('bug_type 309 report body is truncated or not JSON');
    expect(pairs(result)).toEqual([
      ['bundleId', 'com.example.spy'],
      ['process', 'evil'],
    ]);
    expect(result.device.osVersion).toBe(device.osVersion);
  });

  it('refuses a file whose first line is not a JSON header, or a known type without body', () => {
    expect(extractIpsReport('Incident Identifier: 1234\nCrashReporter Key: abc', 'old.ips').error).toMatch(
      /not a JSON header/,
    );
    expect(extractIpsReport('"just a string"\n{}', 'x.ips').error).toMatch(/header is not a JSON object/);
    expect(extractIpsReport('{"bug_type":"298"}', 'x.ips').error).toBe('bug_type 298 report has no body');
    expect(extractIpsReport('{"bug_type":"309"}\n[1,2]', 'x.ips').error).toBe('report body is not a JSON object');
  });

  it('tolerates wrong field types without throwing', () => {
    const text = `{"bug_type":"309"}\n${JSON.stringify({ procName: 5, usedImages: [null, 3, { path: 7 }, { path: '/ok' }], bundleInfo: 'x' })}`;
    const result = extractIpsReport(text, 'x.ips');
    expect(result.error).toBeUndefined();
    expect(pairs(result)).toEqual([['path', '/ok']]);
    const jetsam = extractIpsReport('{"bug_type":"298"}\n{"processes":"nope"}', 'j.ips');
    expect(jetsam.warnings).toEqual(['Jetsam report without a processes list']);
    const stack = extractIpsReport('{"bug_type":"288"}\n{"processByPid":[]}', 's.ips');
    expect(stack.warnings).toEqual(['stackshot report without processByPid']);
  });
});
