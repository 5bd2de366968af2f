import type { AndroidHeuristicFinding, AndroidObservation, AndroidPackage } from './androidTypes';
import { KNOWN_STORES } from './permissions';
import type { Fact } from './properties';

export interface HeuristicOptions {
  /** The moment the patch level is measured against (injected: no clock is read here). */
  now: Date;
  /** A security patch older than this many days is reported; default 180. */
  maxPatchAgeDays?: number;
  /** Installers counted as app stores; default KNOWN_STORES. */
  knownStores?: readonly string[];
}

export const DEFAULT_MAX_PATCH_AGE_DAYS = 180;

export interface DeviceState {
  packages: AndroidPackage[];
  /** Enabled accessibility services. */
  accessibilityServices: AndroidObservation[];
  /** Active device administrators (owners included). */
  deviceAdmins: AndroidObservation[];
  rootBinaries: AndroidObservation[];
  properties: Map<string, Fact>;
  /** Keyed `namespace/name` (`global/adb_enabled`). */
  settings: Map<string, Fact>;
  /** `getenforce`'s answer, when the acquisition has it. */
  selinux?: { mode: 'enforcing' | 'permissive' | 'disabled'; observation: AndroidObservation };
}

export const WHY: Record<AndroidHeuristicFinding['rule'], string> = {
  'android.sideloaded-app':
    'Android spyware is most often installed outside an app store, by someone holding the phone or by luring its owner into opening an APK. ' +
    'Dangerous permissions (SMS, calls, microphone, location...), an accessibility service (which reads the screen and acts on it) or device ' +
    'administrator rights (which resist removal) are what it needs to watch the owner.',
  'android.root-binary':
    'Rooting tools give apps full control of the system; stalkerware and implants use them to read other apps’ data and to hide. ' +
    'On a phone its owner did not root, they are a strong sign of tampering.',
  'android.selinux-permissive':
    'SELinux confines every app and system service. In permissive mode its rules are logged but not enforced, which rooting tools and ' +
    'exploits do to gain access; production phones ship enforcing.',
  'android.old-security-patch':
    'Spyware vendors exploit the vulnerabilities that the monthly Android security patches close; a phone months behind stays open to ' +
    'exploits that are known and used.',
  'android.package-verification-disabled':
    'Package verification (Google Play Protect) checks apps installed from outside the Play Store, including over ADB; turning it off is a ' +
    'step in installing spyware by hand.',
  'android.adb-enabled':
    'USB (or wireless) debugging lets a computer install apps and read data from the phone; spyware is often installed that way, and while ' +
    'it stays on anyone with the phone and a cable can do it again.',
};

const DAY_MS = 86_400_000;

/** Warnings from the device's state, each with its evidence and why it matters. */
export function androidHeuristics(state: DeviceState, options: HeuristicOptions): AndroidHeuristicFinding[] {
  const out: AndroidHeuristicFinding[] = [];
  const push = (
    rule: AndroidHeuristicFinding['rule'],
    message: string,
    observation: AndroidObservation,
    evidence: AndroidObservation[] = [],
  ): void => {
    out.push({ rule, message, why: WHY[rule], observation, evidence });
  };
  const stores = new Set(options.knownStores ?? KNOWN_STORES);

  // Sideloaded apps holding what spyware needs.
  const byPackage = (list: AndroidObservation[]): Map<string, AndroidObservation[]> => {
    const map = new Map<string, AndroidObservation[]>();
    for (const o of list) {
      if (!o.appId) continue;
      const l = map.get(o.appId);
      if (l) l.push(o);
      else map.set(o.appId, [o]);
    }
    return map;
  };
  const services = byPackage(state.accessibilityServices);
  const admins = byPackage(state.deviceAdmins);
  for (const pkg of state.packages) {
    if (pkg.system === true) continue;
    if (pkg.installer && stores.has(pkg.installer)) continue;
    const dangerous = pkg.grantedDangerousPermissions ?? pkg.dangerousPermissions;
    const its = services.get(pkg.name) ?? [];
    const adminOf = admins.get(pkg.name) ?? [];
    const reasons: string[] = [];
    if (dangerous.length > 0) {
      const shown = dangerous
        .slice(0, 6)
        .map((p) => p.replace(/^android\.permission\./, ''))
        .join(', ');
      const more = dangerous.length > 6 ? ` and ${dangerous.length - 6} more` : '';
      reasons.push(`${pkg.grantedDangerousPermissions ? 'holds' : 'requests'} dangerous permissions (${shown}${more})`);
    }
    if (its.length > 0) reasons.push(`has an enabled accessibility service (${its.map((o) => o.value).join(', ')})`);
    if (adminOf.length > 0) reasons.push(`is a device administrator (${adminOf.map((o) => o.value).join(', ')})`);
    if (reasons.length === 0) continue;
    const origin = pkg.installer ? `by ${pkg.installer}, not an app store` : 'without an installer (sideloaded)';
    push('android.sideloaded-app', `${pkg.name} was installed ${origin} and ${reasons.join(', ')}`, pkg.evidence, [
      ...its,
      ...adminOf,
    ]);
  }

  for (const o of state.rootBinaries) push('android.root-binary', `Root binary present: ${o.value}`, o);

  if (state.selinux && state.selinux.mode !== 'enforcing') {
    push('android.selinux-permissive', `SELinux is ${state.selinux.mode} (getenforce)`, state.selinux.observation);
  } else if (!state.selinux) {
    const boot = state.properties.get('ro.boot.selinux');
    const mode = boot?.value.trim().toLowerCase();
    if (boot && (mode === 'permissive' || mode === 'disabled'))
      push('android.selinux-permissive', `SELinux is ${mode} (ro.boot.selinux)`, boot.observation);
  }

  const patch = state.properties.get('ro.build.version.security_patch');
  const patchDate =
    patch && /^\d{4}-\d{2}-\d{2}$/.test(patch.value.trim()) ? Date.parse(`${patch.value.trim()}T00:00:00Z`) : NaN;
  if (patch && !Number.isNaN(patchDate)) {
    const maxDays = options.maxPatchAgeDays ?? DEFAULT_MAX_PATCH_AGE_DAYS;
    const age = Math.floor((options.now.getTime() - patchDate) / DAY_MS);
    if (age > maxDays)
      push(
        'android.old-security-patch',
        `Security patch level ${patch.value.trim()} is ${age} days old (more than ${maxDays})`,
        patch.observation,
      );
  }

  const setting = (key: string): Fact | undefined => state.settings.get(key);
  for (const key of ['global/package_verifier_enable', 'global/verifier_verify_adb_installs']) {
    const s = setting(key);
    if (s && s.value.trim() === '0')
      push('android.package-verification-disabled', `Package verification is off: ${key.slice(7)}=0`, s.observation);
  }
  for (const key of ['global/adb_enabled', 'global/adb_wifi_enabled']) {
    const s = setting(key);
    if (s && s.value.trim() === '1')
      push(
        'android.adb-enabled',
        `${key === 'global/adb_enabled' ? 'USB' : 'Wireless'} debugging is on: ${key.slice(7)}=1`,
        s.observation,
      );
  }
  return out;
}
