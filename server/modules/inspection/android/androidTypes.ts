/**
 * Shapes of the Android reader. They extend the engine's (`../types`) without changing it: the
 * kinds the matcher already knows keep their meaning (`bundleId` is an app id, a package name on
 * Android), and the new kinds are listed in the README with the matcher rules they want.
 */
import { type Observation, OBSERVATION_KINDS, type ObservationKind } from '../types';

export type HashAlgorithm = 'md5' | 'sha1' | 'sha256';

/** The engine's kinds, plus what only Android acquisitions show. */
export type AndroidObservationKind =
  | ObservationKind
  /** A signing certificate's digest (`algorithm` says which); wants `app:cert.md5|sha1|sha256`. */
  | 'appCert'
  /** A system property's name (`getprop`); the value is in `detail`; wants `android-property:name`. */
  | 'property'
  /** A setting, `namespace/name` (`global/adb_enabled`); the value is in `detail`. */
  | 'setting'
  /** A mount point; device, type and options in `detail`. */
  | 'mount'
  /** An accessibility service enabled (`package/class`). */
  | 'accessibilityService'
  /** An active device administrator (`package/class`). */
  | 'deviceAdmin'
  /** A broadcast receiver of a sensitive action (`package/class`), the action in `detail`. */
  | 'receiver'
  /** An app op a package holds (`package:OP`), the mode and last access in `detail`. */
  | 'appop'
  /** A native crash report: the crashing process as value. */
  | 'tombstone';

/** The engine's kinds: since the Android wiring, every Android kind is one (`../types`). */
export const CORE_OBSERVATION_KINDS: readonly ObservationKind[] = OBSERVATION_KINDS;

export interface AndroidObservation extends Omit<Observation, 'kind'> {
  kind: AndroidObservationKind;
  /** JSON path of the record in a JSON artefact (`$[3].files[0].sha256`). */
  jsonPath?: string;
  /** The package the record belongs to, when it belongs to one. */
  appId?: string;
  /** For `fileHash` and `appCert`. */
  algorithm?: HashAlgorithm;
  /** Small structured facts about the record (a setting's value, a mount's options). */
  detail?: Record<string, string | number | boolean>;
}

/** The observation as the engine's matcher takes it, or null for a kind it does not know yet. */
export function toCoreObservation(o: AndroidObservation): Observation | null {
  if (!(CORE_OBSERVATION_KINDS as readonly string[]).includes(o.kind)) return null;
  const out: Observation = { kind: o.kind as ObservationKind, value: o.value, source: o.source };
  if (o.line !== undefined) out.line = o.line;
  if (o.timestamp !== undefined) out.timestamp = o.timestamp;
  const raw = o.raw ?? (o.jsonPath ? o.jsonPath : undefined);
  if (raw !== undefined) out.raw = raw;
  return out;
}

export interface AndroidDeviceIdentity {
  platform: 'android';
  manufacturer?: string;
  brand?: string;
  model?: string;
  device?: string;
  androidVersion?: string;
  sdkVersion?: string;
  /** `ro.build.version.security_patch`, `YYYY-MM-DD`. */
  securityPatch?: string;
  fingerprint?: string;
  buildId?: string;
  serial?: string;
  /** `persist.sys.timezone`: the zone local times of this device are read in. */
  timeZone?: string;
  selinux?: 'enforcing' | 'permissive' | 'disabled';
}

export interface ApkCertificate {
  md5?: string;
  sha1?: string;
  sha256?: string;
  subject?: string;
  issuer?: string;
  validFrom?: string;
  validTo?: string;
}

export interface ApkFile {
  path: string;
  md5?: string;
  sha1?: string;
  sha256?: string;
  sha512?: string;
  certificate?: ApkCertificate;
  /** AndroidQF's verdict: the certificate is one of its list of well-known publishers. */
  trustedCertificate?: boolean;
}

export interface AndroidPackage {
  name: string;
  /** Who installed it (`installerPackageName`, `pm list packages -i`); absent for none/null. */
  installer?: string;
  /** Android 11+: the package that asked for the install (a browser, a file manager...). */
  initiatingInstaller?: string;
  uid?: number;
  versionName?: string;
  versionCode?: string;
  /** As the device printed it: local time without a zone, unless the device's zone is known. */
  firstInstallTime?: string;
  lastUpdateTime?: string;
  system?: boolean;
  thirdParty?: boolean;
  disabled?: boolean;
  requestedPermissions: string[];
  grantedPermissions: string[];
  /** Requested permissions of protection level `dangerous` (runtime permissions). */
  dangerousPermissions: string[];
  /** Dangerous permissions granted (to user 0); absent when the artefacts do not say what is granted. */
  grantedDangerousPermissions?: string[];
  files: ApkFile[];
  /** Artefacts that described the package. */
  sources: string[];
  /** The record it was first read from. */
  evidence: AndroidObservation;
}

export interface TombstoneFrame {
  index: number;
  pc: string;
  file: string;
  symbol?: string;
  offset?: number;
  buildId?: string;
}

export interface Tombstone {
  source: string;
  process?: string;
  pid?: number;
  tid?: number;
  threadName?: string;
  uid?: number;
  cmdline?: string;
  signal?: { number: number; name: string; code?: number; codeName?: string; faultAddress?: string };
  abortMessage?: string;
  cause?: string;
  fingerprint?: string;
  abi?: string;
  timestamp?: string;
  /** The crashing thread's frames, bounded. */
  backtrace: TombstoneFrame[];
}

export type AndroidHeuristicRule =
  | 'android.sideloaded-app'
  | 'android.root-binary'
  | 'android.selinux-permissive'
  | 'android.old-security-patch'
  | 'android.package-verification-disabled'
  | 'android.adb-enabled';

/** A warning from the device's state rather than from an indicator. */
export interface AndroidHeuristicFinding {
  rule: AndroidHeuristicRule;
  /** What was seen, in one sentence. */
  message: string;
  /** Why it matters to someone checking the phone for spyware. */
  why: string;
  /** The main record. */
  observation: AndroidObservation;
  /** Other records the warning rests on (the permission grants, the accessibility service...). */
  evidence: AndroidObservation[];
}
