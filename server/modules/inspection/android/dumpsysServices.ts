import type { AndroidObservation } from './androidTypes';
import { isPackageName, type ObservationList } from './collect';
import { androidLocalTime, type LineSink } from './text';

const COMPONENT = /\{?([A-Za-z][A-Za-z0-9_.]*)\/([A-Za-z0-9_.$]+)\}?/g;
const indentOf = (text: string): number => text.length - text.trimStart().length;

/** `package/class` components on a line (`{a.b/.C}, {d.e/d.e.F}` or `a.b/.C:d.e/.F`). */
export function componentsIn(text: string): Array<{ component: string; pkg: string }> {
  const out: Array<{ component: string; pkg: string }> = [];
  for (const m of text.matchAll(COMPONENT)) {
    if (!isPackageName(m[1]!)) continue;
    out.push({ component: `${m[1]}/${m[2]}`, pkg: m[1]! });
  }
  return out;
}

/**
 * `dumpsys accessibility` (AccessibilityManagerService's user state): the enabled services are
 * listed on one line, `Enabled services:{{com.a/.Svc}, {com.b/com.b.Other}}` (component short
 * strings), or on older releases as a block `enabled services: {` then `0 : com.a/.Svc` lines up
 * to `}`. Each becomes an `accessibilityService` observation; the user is taken from the
 * preceding `attributes:{id=N, ...}` or `User state[...id=N`.
 */
export class AccessibilityParser implements LineSink {
  readonly services: AndroidObservation[] = [];
  private user = 0;
  private block = false;

  constructor(private readonly list: ObservationList) {}

  line(text: string, lineNo: number): void {
    const id = /(?:attributes:\{|User state\[)[^\n]*?\bid=(\d+)/.exec(text);
    if (id) this.user = Number(id[1]);
    if (this.block) {
      if (text.includes('}') && !/\d+\s*:\s*\S+\/\S+/.test(text)) {
        this.block = false;
        return;
      }
      this.add(text, lineNo);
      return;
    }
    const at = text.toLowerCase().indexOf('enabled services:');
    if (at < 0) return;
    const rest = text.slice(at + 'enabled services:'.length);
    if (rest.trim() === '{') {
      this.block = true;
      return;
    }
    this.add(rest, lineNo, text);
  }

  private add(text: string, lineNo: number, raw = text): void {
    for (const { component, pkg } of componentsIn(text)) {
      const o = this.list.add({
        kind: 'accessibilityService',
        value: component,
        line: lineNo,
        raw: raw.trim(),
        appId: pkg,
        detail: { user: this.user },
      });
      if (o && !this.services.includes(o)) this.services.push(o);
    }
  }
}

/**
 * `dumpsys device_policy` (DevicePolicyManagerService): `Enabled Device Admins (User N,
 * provisioningState: M):` followed, one indent deeper, by each active admin as `pkg/.Class:`
 * (or `ComponentInfo{pkg/Class}:` on old releases) and its policies deeper still; and the
 * `Device Owner:` / `Profile Owner (User N):` blocks' `admin=ComponentInfo{pkg/Class}`.
 */
export class DevicePolicyParser implements LineSink {
  readonly admins: AndroidObservation[] = [];
  private headerIndent = -1;
  private user = 0;
  private owner: string | null = null;
  private ownerIndent = -1;

  constructor(private readonly list: ObservationList) {}

  line(text: string, lineNo: number): void {
    const trimmed = text.trim();
    if (trimmed === '') return;
    const indent = indentOf(text);
    const header = /^Enabled Device Admins \(User (\d+)/.exec(trimmed);
    if (header) {
      this.headerIndent = indent;
      this.user = Number(header[1]);
      this.owner = null;
      return;
    }
    const owner = /^(Device Owner|Profile Owner \(User \d+\)):/.exec(trimmed);
    if (owner) {
      this.owner = owner[1]!;
      this.ownerIndent = indent;
      this.headerIndent = -1;
      return;
    }
    if (this.owner !== null) {
      if (indent <= this.ownerIndent) this.owner = null;
      else {
        const admin = /^admin=ComponentInfo\{([^}]+)\}/.exec(trimmed);
        if (admin) this.add(admin[1]!, lineNo, trimmed, { role: this.owner });
        return;
      }
    }
    if (this.headerIndent < 0) return;
    if (indent <= this.headerIndent) {
      this.headerIndent = -1;
      return;
    }
    const admin = /^(?:ComponentInfo\{)?([A-Za-z][A-Za-z0-9_.]*\/[A-Za-z0-9_.$]+)\}?:$/.exec(trimmed);
    if (admin) this.add(admin[1]!, lineNo, trimmed, { role: 'device admin', user: this.user });
  }

  private add(component: string, lineNo: number, raw: string, detail: Record<string, string | number>): void {
    const [pkg] = componentsIn(component);
    if (!pkg) return;
    const o = this.list.add({ kind: 'deviceAdmin', value: pkg.component, line: lineNo, raw, appId: pkg.pkg, detail });
    if (!o) return;
    if (!this.admins.includes(o)) this.admins.push(o);
    else if (detail.role !== 'device admin') o.detail = { ...o.detail, role: String(detail.role) };
  }
}

interface PendingOp {
  pkg: string;
  op: string;
  mode: string;
  line: number;
  raw: string;
  lastAccess?: string;
}

const MODES: Record<string, string> = { '0': 'allow', '1': 'ignore', '2': 'deny', '3': 'default', '4': 'foreground' };

/**
 * `dumpsys appops` (AppOpsService): `Uid u0a123:` / `Package com.a:` then each op at six spaces,
 * `CAMERA (allow):` (Android 10+, with `Access: [top-s] 2024-05-01 10:00:00.123 (-2h)` lines
 * under it) or `CAMERA: mode=0; time=+2h ago` (older). Each op a package holds becomes an
 * `appop` observation `package:OP` with its mode and last access.
 */
export class AppopsParser implements LineSink {
  readonly ops: AndroidObservation[] = [];
  private pkg: string | null = null;
  private pending: PendingOp | null = null;

  constructor(
    private readonly list: ObservationList,
    private readonly timeZone?: string,
  ) {}

  line(text: string, lineNo: number): void {
    const indent = indentOf(text);
    const trimmed = text.trim();
    if (/^Uid \S+:$/.test(trimmed) && indent <= 2) {
      this.flush();
      this.pkg = null;
      return;
    }
    const pkg = /^Package (\S+):$/.exec(trimmed);
    if (pkg && indent === 4) {
      this.flush();
      this.pkg = isPackageName(pkg[1]!) ? pkg[1]! : null;
      return;
    }
    if (!this.pkg) return;
    if (indent === 6) {
      const op = /^([A-Z][A-Z0-9_]+)(?: \(([^)]*)\))?(?:: mode=(\d+))?/.exec(trimmed);
      if (op && (op[2] !== undefined || op[3] !== undefined)) {
        this.flush();
        const mode = op[2] !== undefined ? op[2].split(/[ /]/, 1)[0]! : (MODES[op[3]!] ?? op[3]!);
        this.pending = { pkg: this.pkg, op: op[1]!, mode, line: lineNo, raw: trimmed };
        return;
      }
    }
    if (indent < 4 && trimmed !== '') {
      this.flush();
      this.pkg = null;
      return;
    }
    const access = /^(?:Access|Reject): .*?(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d+)?)/.exec(trimmed);
    if (access && this.pending && trimmed.startsWith('Access')) {
      const time = androidLocalTime(access[1]!, this.timeZone);
      if (time && (!this.pending.lastAccess || time > this.pending.lastAccess)) this.pending.lastAccess = time;
    }
  }

  private flush(): void {
    const p = this.pending;
    this.pending = null;
    if (!p) return;
    const detail: Record<string, string> = { op: p.op, mode: p.mode };
    if (p.lastAccess) detail.lastAccess = p.lastAccess;
    const o = this.list.add({
      kind: 'appop',
      value: `${p.pkg}:${p.op}`,
      line: p.line,
      raw: p.raw,
      appId: p.pkg,
      detail,
      ...(p.lastAccess?.endsWith('Z') ? { timestamp: p.lastAccess } : {}),
    });
    if (o) this.ops.push(o);
  }

  finish(): void {
    this.flush();
  }
}
