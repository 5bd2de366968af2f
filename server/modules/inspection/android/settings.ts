import type { ObservationList } from './collect';
import type { Fact } from './properties';
import type { LineSink } from './text';

export type SettingsNamespace = 'global' | 'secure' | 'system';

const NAME = /^[A-Za-z0-9_.:\-/]{1,256}$/;
const MAX_VALUE_CHARS = 8192;

function record(
  list: ObservationList,
  into: Map<string, Fact>,
  key: string,
  value: string,
  line: number,
  raw: string,
): void {
  const v = value.length > MAX_VALUE_CHARS ? value.slice(0, MAX_VALUE_CHARS) : value;
  const observation = list.add({ kind: 'setting', value: key, line, raw, detail: { value: v } });
  if (observation && !into.has(key)) into.set(key, { value: v, observation });
}

/**
 * `cmd settings list <namespace>` (AndroidQF's settings_global.txt, settings_secure.txt,
 * settings_system.txt): `name=value` a line; the value may itself hold `=`.
 */
export class SettingsListParser implements LineSink {
  readonly settings = new Map<string, Fact>();
  others = 0;

  constructor(
    private readonly namespace: SettingsNamespace,
    private readonly list: ObservationList,
  ) {}

  line(text: string, lineNo: number): void {
    const eq = text.indexOf('=');
    const name = eq > 0 ? text.slice(0, eq) : '';
    if (!NAME.test(name)) {
      if (text.trim() !== '') this.others += 1;
      return;
    }
    record(this.list, this.settings, `${this.namespace}/${name}`, text.slice(eq + 1), lineNo, text);
  }
}

const DUMP_HEADER = /^(CONFIG|GLOBAL|SECURE|SYSTEM) SETTINGS \(user (\d+)\)$/;
const DUMP_ROW =
  /^_id:\S+ name:(\S+)(?: pkg:\S+)? value:(.*?)(?: default:.*?)?(?: defaultSystemSet:(?:true|false))?(?: tag:.*)?$/;

/**
 * `dumpsys settings` (a bugreport's `DUMP OF SERVICE settings:`): `GLOBAL SETTINGS (user 0)`,
 * `SECURE SETTINGS (user N)`, `SYSTEM SETTINGS (user N)` headers, then rows
 * `_id:12 name:adb_enabled pkg:android value:1 default:1 defaultSystemSet:true` (SettingsProvider's
 * dump); `{null}` stands for no value. Only user 0, the device's owner, is read.
 */
export class DumpsysSettingsParser implements LineSink {
  readonly settings = new Map<string, Fact>();
  private namespace: SettingsNamespace | null = null;

  constructor(private readonly list: ObservationList) {}

  line(text: string, lineNo: number): void {
    const header = DUMP_HEADER.exec(text);
    if (header) {
      const ns = header[1]!.toLowerCase();
      this.namespace = header[2] === '0' && ns !== 'config' ? (ns as SettingsNamespace) : null;
      return;
    }
    if (!this.namespace || !text.startsWith('_id:')) return;
    const m = DUMP_ROW.exec(text);
    if (!m || !NAME.test(m[1]!)) return;
    const value = m[2] === '{null}' ? '' : m[2]!;
    record(this.list, this.settings, `${this.namespace}/${m[1]}`, value, lineNo, text);
  }
}
