import type { AndroidObservation, AndroidPackage, ApkCertificate, ApkFile, HashAlgorithm } from './androidTypes';
import { DIGEST_LENGTHS, hexDigest, isPackageName, type ObservationList, str } from './collect';
import { isDangerousPermission } from './permissions';
import { androidLocalTime, type LineSink } from './text';

const ALGORITHMS: HashAlgorithm[] = ['md5', 'sha1', 'sha256'];
/** APK files listed per package (base and splits); more is not a real package. */
const MAX_FILES_PER_PACKAGE = 64;
const MAX_PERMISSIONS = 1000;

function newPackage(name: string, evidence: AndroidObservation): AndroidPackage {
  return {
    name,
    requestedPermissions: [],
    grantedPermissions: [],
    dangerousPermissions: [],
    files: [],
    sources: [evidence.source],
    evidence,
  };
}

/** Go's zero time (`0001-01-01T00:00:00Z`) is how AndroidQF writes "no certificate". */
function goTime(value: unknown): string | undefined {
  const v = str(value, 64);
  return v && !v.startsWith('0001-01-01') ? v : undefined;
}

/** apkverifier's CertInfo as AndroidQF marshals it: `Md5`, `Sha1`, `Sha256`, `ValidFrom`, `ValidTo`, `Issuer`, `Subject`. */
function certificateFrom(value: unknown): ApkCertificate | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const c = value as Record<string, unknown>;
  const field = (...names: string[]): unknown => names.map((n) => c[n]).find((v) => v !== undefined);
  const cert: ApkCertificate = {};
  const md5 = hexDigest(field('Md5', 'md5', 'MD5'), DIGEST_LENGTHS.md5);
  const sha1 = hexDigest(field('Sha1', 'sha1', 'SHA1'), DIGEST_LENGTHS.sha1);
  const sha256 = hexDigest(field('Sha256', 'sha256', 'SHA256'), DIGEST_LENGTHS.sha256);
  if (md5) cert.md5 = md5;
  if (sha1) cert.sha1 = sha1;
  if (sha256) cert.sha256 = sha256;
  const subject = str(field('Subject', 'subject'), 1024);
  const issuer = str(field('Issuer', 'issuer'), 1024);
  const validFrom = goTime(field('ValidFrom', 'valid_from'));
  const validTo = goTime(field('ValidTo', 'valid_to'));
  if (subject) cert.subject = subject;
  if (issuer) cert.issuer = issuer;
  if (validFrom) cert.validFrom = validFrom;
  if (validTo) cert.validTo = validTo;
  return md5 || sha1 || sha256 ? cert : undefined;
}

/**
 * One element of AndroidQF's packages.json (its `adb.Package`): `name`, `installer` (from
 * `pm list packages -i`, `null` when none), `uid`, `disabled`, `system`, `third_party`, and
 * `files` (from `pm path`): `path`, `md5`, `sha1`, `sha256`, `sha512`, `certificate` (the APK's
 * signing certificate: apkverifier's CertInfo), `trusted_certificate`. packages.json carries no
 * install times and no permissions: those come from dumpsys.txt's package dump.
 */
export function packageFromJson(
  list: ObservationList,
  value: unknown,
  index: number,
  line: number,
): AndroidPackage | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const name = str(record.name, 256);
  if (!name || !isPackageName(name)) return null;
  const installer = str(record.installer, 256);
  const evidence = list.add({
    kind: 'bundleId',
    value: name,
    line,
    jsonPath: `$[${index}].name`,
    raw: `${name}${installer ? ` installer=${installer}` : ''}${record.system === true ? ' system' : ''}`,
    appId: name,
  });
  if (!evidence) return null;
  const pkg = newPackage(name, evidence);
  if (installer) pkg.installer = installer;
  if (typeof record.uid === 'number' && Number.isInteger(record.uid)) pkg.uid = record.uid;
  if (typeof record.disabled === 'boolean') pkg.disabled = record.disabled;
  if (typeof record.system === 'boolean') pkg.system = record.system;
  if (typeof record.third_party === 'boolean') pkg.thirdParty = record.third_party;
  const files = Array.isArray(record.files) ? record.files.slice(0, MAX_FILES_PER_PACKAGE) : [];
  files.forEach((f: unknown, j) => {
    if (!f || typeof f !== 'object' || Array.isArray(f)) return;
    const file = f as Record<string, unknown>;
    const path = str(file.path, 4096);
    if (!path) return;
    const apk: ApkFile = { path };
    const at = `$[${index}].files[${j}]`;
    list.add({ kind: 'path', value: path, line, jsonPath: `${at}.path`, raw: path, appId: name });
    for (const algorithm of [...ALGORITHMS, 'sha512'] as const) {
      const digest = hexDigest(file[algorithm], DIGEST_LENGTHS[algorithm]);
      if (!digest) continue;
      apk[algorithm] = digest;
      if (algorithm !== 'sha512') {
        list.add({
          kind: 'fileHash',
          value: digest,
          algorithm,
          line,
          jsonPath: `${at}.${algorithm}`,
          raw: `${algorithm} ${digest} ${path}`,
          appId: name,
        });
      }
    }
    const cert = certificateFrom(file.certificate);
    if (cert) {
      apk.certificate = cert;
      for (const algorithm of ALGORITHMS) {
        const digest = cert[algorithm];
        if (!digest) continue;
        const key = `${algorithm[0]!.toUpperCase()}${algorithm.slice(1)}`;
        list.add({
          kind: 'appCert',
          value: digest,
          algorithm,
          line,
          jsonPath: `${at}.certificate.${key}`,
          raw: `${name} certificate ${algorithm} ${digest}${cert.subject ? ` (${cert.subject})` : ''}`,
          appId: name,
        });
      }
    }
    if (file.trusted_certificate === true) apk.trustedCertificate = true;
    pkg.files.push(apk);
  });
  return pkg;
}

/** Broadcasts a receiver of which is worth listing: they let an app read or act on SMS and calls. */
export const SENSITIVE_BROADCASTS: ReadonlySet<string> = new Set([
  'android.provider.Telephony.SMS_RECEIVED',
  'android.provider.Telephony.SMS_DELIVER',
  'android.intent.action.DATA_SMS_RECEIVED',
  'android.provider.Telephony.WAP_PUSH_RECEIVED',
  'android.provider.Telephony.WAP_PUSH_DELIVER',
  'android.provider.Telephony.NEW_OUTGOING_SMS',
  'android.intent.action.NEW_OUTGOING_CALL',
  'android.intent.action.PHONE_STATE',
]);

type Block = 'packages' | 'hidden' | 'receivers' | null;
type ListMode = 'requested' | 'install' | 'runtime' | null;

const PACKAGE_LINE = /^ {2}Package \[([^\]\s]+)\] \(([0-9a-f]+)\):$/;
const USER_LINE = /^ {4}User (\d+): (.*)$/;
const RECEIVER_LINE = /^\s+[0-9a-f]+ ([A-Za-z0-9_.]+)\/([A-Za-z0-9_.$]+)(?: filter [0-9a-f]+)?/;
const ACTION_KEY = /^ {6}([A-Za-z0-9_.]+):$/;
const ACTION_DETAIL = /^\s+Action: "([^"]+)"/;

const indentOf = (text: string): number => text.length - text.trimStart().length;

/**
 * `dumpsys package` (AOSP's PackageManagerService dump, in AndroidQF's dumpsys.txt and in a
 * bugreport). Read from `Packages:`: each `  Package [name] (hash):` block's `userId=`/`appId=`,
 * `versionCode=`, `versionName=`, `flags=[ SYSTEM ... ]`, `firstInstallTime=`, `lastUpdateTime=`
 * (device local time, `yyyy-MM-dd HH:mm:ss`), `installerPackageName=`,
 * `installInitiatingPackageName=`, `requested permissions:`, `install permissions:` and, under
 * `User 0:` (with `installed=` and `enabled=`, 2-4 meaning disabled), `runtime permissions:`.
 * `Hidden system packages:` (factory versions of updated system apps) is skipped. From
 * `Receiver Resolver Table:`, the receivers of SENSITIVE_BROADCASTS.
 */
export class DumpsysPackageParser implements LineSink {
  readonly packages = new Map<string, AndroidPackage>();
  /** Receivers of sensitive broadcasts: `component action` → observation. */
  readonly receivers: AndroidObservation[] = [];
  private block: Block = null;
  private pkg: AndroidPackage | null = null;
  private user: number | null = null;
  private mode: ListMode = null;
  private modeIndent = 0;
  private runtimeSeen = false;
  private action: string | null = null;
  private receiver: { component: string; pkg: string; line: number; raw: string } | null = null;
  private readonly receiverKeys = new Set<string>();

  constructor(
    private readonly list: ObservationList,
    private readonly timeZone?: string,
  ) {}

  line(text: string, lineNo: number): void {
    if (text === '') return;
    if (text.charCodeAt(0) !== 32) {
      this.endPackage();
      const header = text.trim();
      this.block =
        header === 'Packages:'
          ? 'packages'
          : header === 'Hidden system packages:'
            ? 'hidden'
            : header === 'Receiver Resolver Table:'
              ? 'receivers'
              : null;
      this.action = null;
      this.receiver = null;
      return;
    }
    if (this.block === 'packages') this.packageLine(text, lineNo);
    else if (this.block === 'receivers') this.receiverLine(text, lineNo);
  }

  private endPackage(): void {
    const pkg = this.pkg;
    if (!pkg) return;
    pkg.dangerousPermissions = pkg.requestedPermissions.filter(isDangerousPermission);
    if (this.runtimeSeen || pkg.grantedPermissions.length > 0) {
      pkg.grantedDangerousPermissions = pkg.grantedPermissions.filter(isDangerousPermission);
    }
    if (pkg.system !== undefined) pkg.thirdParty = !pkg.system;
    this.pkg = null;
  }

  private packageLine(text: string, lineNo: number): void {
    const start = PACKAGE_LINE.exec(text);
    if (start) {
      this.endPackage();
      this.user = null;
      this.mode = null;
      this.runtimeSeen = false;
      const name = start[1]!;
      if (!isPackageName(name) || this.packages.has(name)) return;
      const evidence = this.list.add({ kind: 'bundleId', value: name, line: lineNo, raw: text.trim(), appId: name });
      if (!evidence) return;
      this.pkg = newPackage(name, evidence);
      this.packages.set(name, this.pkg);
      return;
    }
    const pkg = this.pkg;
    if (!pkg) return;
    const indent = indentOf(text);
    const trimmed = text.trim();
    if (this.mode && indent > this.modeIndent) {
      this.listLine(pkg, trimmed);
      return;
    }
    this.mode = null;
    if (indent === 4) {
      const user = USER_LINE.exec(text);
      if (user) {
        this.user = Number(user[1]);
        if (this.user === 0) {
          const fields = user[2]!;
          const enabled = /\benabled=(\d+)/.exec(fields);
          if (enabled) pkg.disabled = ['2', '3', '4'].includes(enabled[1]!);
        }
        return;
      }
      this.user = null;
      if (trimmed === 'requested permissions:') return this.enter('requested', indent);
      if (trimmed === 'install permissions:') return this.enter('install', indent);
      this.field(pkg, trimmed, lineNo);
      return;
    }
    if (this.user === 0 && indent === 6) {
      if (trimmed === 'runtime permissions:') {
        this.runtimeSeen = true;
        return this.enter('runtime', indent);
      }
      this.field(pkg, trimmed, lineNo);
    }
  }

  private enter(mode: ListMode, indent: number): void {
    this.mode = mode;
    this.modeIndent = indent;
  }

  private listLine(pkg: AndroidPackage, trimmed: string): void {
    const name = /^([A-Za-z0-9_.]+)/.exec(trimmed)?.[1];
    if (!name) return;
    if (this.mode === 'requested') {
      if (pkg.requestedPermissions.length < MAX_PERMISSIONS && !pkg.requestedPermissions.includes(name))
        pkg.requestedPermissions.push(name);
    } else if (/\bgranted=true\b/.test(trimmed)) {
      if (pkg.grantedPermissions.length < MAX_PERMISSIONS && !pkg.grantedPermissions.includes(name))
        pkg.grantedPermissions.push(name);
    }
  }

  private field(pkg: AndroidPackage, trimmed: string, lineNo: number): void {
    const eq = trimmed.indexOf('=');
    if (eq <= 0) return;
    const key = trimmed.slice(0, eq);
    const value = trimmed.slice(eq + 1).trim();
    switch (key) {
      case 'userId':
      case 'appId': {
        const uid = Number(value);
        if (Number.isInteger(uid)) pkg.uid ??= uid;
        break;
      }
      case 'versionCode':
        pkg.versionCode ??= value.split(/\s/, 1)[0];
        break;
      case 'versionName':
        pkg.versionName ??= value.slice(0, 256);
        break;
      case 'flags':
      case 'pkgFlags':
        if (/^\[/.test(value)) pkg.system = pkg.system || /[[\s]SYSTEM[\s\]]/.test(value);
        break;
      case 'firstInstallTime': {
        const time = androidLocalTime(value, this.timeZone);
        if (time && !pkg.firstInstallTime) {
          pkg.firstInstallTime = time;
          if (time.endsWith('Z')) pkg.evidence.timestamp = time;
          pkg.evidence.detail = { ...pkg.evidence.detail, firstInstallTime: time, firstInstallLine: lineNo };
        }
        break;
      }
      case 'lastUpdateTime': {
        const time = androidLocalTime(value, this.timeZone);
        if (time) pkg.lastUpdateTime ??= time;
        break;
      }
      case 'installerPackageName': {
        const installer = str(value.split(/\s/, 1)[0], 256);
        if (installer) pkg.installer ??= installer;
        break;
      }
      case 'installInitiatingPackageName':
      case 'initiatingPackageName': {
        const initiating = str(value.split(/\s/, 1)[0], 256);
        if (initiating) pkg.initiatingInstaller ??= initiating;
        break;
      }
    }
  }

  private receiverLine(text: string, lineNo: number): void {
    const key = ACTION_KEY.exec(text);
    if (key) {
      this.action = key[1]!;
      this.receiver = null;
      return;
    }
    const receiver = RECEIVER_LINE.exec(text);
    if (receiver && text.includes('/')) {
      this.receiver = { component: `${receiver[1]}/${receiver[2]}`, pkg: receiver[1]!, line: lineNo, raw: text.trim() };
      if (this.action) this.addReceiver(this.action);
      return;
    }
    const detail = ACTION_DETAIL.exec(text);
    if (detail && this.receiver) this.addReceiver(detail[1]!);
  }

  private addReceiver(action: string): void {
    const r = this.receiver;
    if (!r || !SENSITIVE_BROADCASTS.has(action)) return;
    const key = `${r.component} ${action}`;
    if (this.receiverKeys.has(key)) return;
    this.receiverKeys.add(key);
    const o = this.list.add(
      {
        kind: 'receiver',
        value: r.component,
        line: r.line,
        raw: `${r.raw} (${action})`,
        appId: r.pkg,
        detail: { action },
      },
      action,
    );
    if (o) this.receivers.push(o);
  }

  /** Call at the end of the dump. */
  finish(): void {
    this.endPackage();
  }
}
