import { describe, expect, it } from 'vitest';

import type { AndroidObservation, AndroidPackage } from './androidTypes';
import { androidHeuristics, type DeviceState } from './heuristics';
import type { Fact } from './properties';

const obs = (
  kind: AndroidObservation['kind'],
  value: string,
  extra: Partial<AndroidObservation> = {},
): AndroidObservation => ({ kind, value, source: 'x', line: 1, ...extra });
const fact = (value: string, name: string): Fact => ({
  value,
  observation: obs('setting', name, { detail: { value } }),
});

function pkg(name: string, extra: Partial<AndroidPackage> = {}): AndroidPackage {
  return {
    name,
    requestedPermissions: [],
    grantedPermissions: [],
    dangerousPermissions: [],
    files: [],
    sources: ['x'],
    evidence: obs('bundleId', name),
    ...extra,
  };
}

function state(extra: Partial<DeviceState> = {}): DeviceState {
  return {
    packages: [],
    accessibilityServices: [],
    deviceAdmins: [],
    rootBinaries: [],
    properties: new Map(),
    settings: new Map(),
    ...extra,
  };
}

const NOW = new Date('2024-06-01T00:00:00Z');

describe('android heuristics', () => {
  it('sideloaded: only apps outside a store that hold what spyware needs', () => {
    const packages = [
      pkg('com.side.sms', { dangerousPermissions: ['android.permission.READ_SMS'] }), // grants unknown: "requests"
      pkg('com.side.granted', {
        installer: 'com.google.android.packageinstaller',
        dangerousPermissions: ['android.permission.CAMERA'],
        grantedDangerousPermissions: [],
      }),
      pkg('com.side.a11y'),
      pkg('com.store.app', { installer: 'com.android.vending', dangerousPermissions: ['android.permission.READ_SMS'] }),
      pkg('com.system.app', { system: true, dangerousPermissions: ['android.permission.READ_SMS'] }),
      pkg('com.side.plain'),
    ];
    const found = androidHeuristics(
      state({
        packages,
        accessibilityServices: [obs('accessibilityService', 'com.side.a11y/.S', { appId: 'com.side.a11y' })],
      }),
      { now: NOW },
    );
    expect(found.map((f) => f.message)).toEqual([
      'com.side.sms was installed without an installer (sideloaded) and requests dangerous permissions (READ_SMS)',
      'com.side.a11y was installed without an installer (sideloaded) and has an enabled accessibility service (com.side.a11y/.S)',
    ]);
    expect(found[1]!.evidence.map((o) => o.value)).toEqual(['com.side.a11y/.S']);
  });

  it('a caller can name its own stores', () => {
    const packages = [
      pkg('com.corp.app', { installer: 'com.corp.store', dangerousPermissions: ['android.permission.READ_SMS'] }),
    ];
    expect(androidHeuristics(state({ packages }), { now: NOW })).toHaveLength(1);
    expect(androidHeuristics(state({ packages }), { now: NOW, knownStores: ['com.corp.store'] })).toHaveLength(0);
  });

  it('SELinux from getenforce first, else from ro.boot.selinux', () => {
    const props = new Map([['ro.boot.selinux', fact('permissive', 'ro.boot.selinux')]]);
    expect(androidHeuristics(state({ properties: props }), { now: NOW }).map((f) => f.message)).toEqual([
      'SELinux is permissive (ro.boot.selinux)',
    ]);
    const enforcing = { mode: 'enforcing' as const, observation: obs('setting', 'selinux/mode') };
    expect(androidHeuristics(state({ properties: props, selinux: enforcing }), { now: NOW })).toEqual([]);
  });

  it('patch level: strictly older than the bound, malformed dates ignored', () => {
    const at = (value: string) =>
      state({
        properties: new Map([['ro.build.version.security_patch', fact(value, 'ro.build.version.security_patch')]]),
      });
    expect(androidHeuristics(at('2023-12-04'), { now: NOW })).toEqual([]); // 180 days
    expect(androidHeuristics(at('2023-12-03'), { now: NOW }).map((f) => f.rule)).toEqual([
      'android.old-security-patch',
    ]);
    expect(androidHeuristics(at('December 2023'), { now: NOW })).toEqual([]);
  });

  it('verification and ADB settings, only their risky values', () => {
    const settings = new Map([
      ['global/package_verifier_enable', fact('0', 'global/package_verifier_enable')],
      ['global/verifier_verify_adb_installs', fact('1', 'global/verifier_verify_adb_installs')],
      ['global/adb_enabled', fact('0', 'global/adb_enabled')],
      ['global/adb_wifi_enabled', fact('1', 'global/adb_wifi_enabled')],
    ]);
    const found = androidHeuristics(state({ settings }), { now: NOW });
    expect(found.map((f) => f.message)).toEqual([
      'Package verification is off: package_verifier_enable=0',
      'Wireless debugging is on: adb_wifi_enabled=1',
    ]);
    expect(found.every((f) => f.why.length > 50)).toBe(true);
  });
});
