import type { AndroidDeviceIdentity, AndroidObservation } from './androidTypes';
import type { ObservationList } from './collect';
import type { LineSink } from './text';

/** A property, setting or similar fact with the record it was read from. */
export interface Fact {
  value: string;
  observation: AndroidObservation;
}

const PROPERTY = /^\[([^\]\s]{1,256})\]: \[(.*)\]$/;
const PROPERTY_START = /^\[([^\]\s]{1,256})\]: \[(.*)$/;
/** A value may span lines (rare: a newline inside a property); at most this many. */
const MAX_CONTINUATION_LINES = 20;
const MAX_VALUE_CHARS = 8192;

/**
 * `getprop` output, one `[name]: [value]` a line (AndroidQF's getprop.txt, a bugreport's
 * `SYSTEM PROPERTIES` section): each property becomes a `property` observation (name as value,
 * the property's value in `detail.value`).
 */
export class GetpropParser implements LineSink {
  readonly properties = new Map<string, Fact>();
  private pending: { name: string; value: string; line: number; raw: string; lines: number } | null = null;
  /** Lines that were not properties (counted for the not-a-getprop check). */
  others = 0;

  /** `into`: also record each property there as soon as it is read (first value wins). */
  constructor(
    private readonly list: ObservationList,
    private readonly into?: Map<string, Fact>,
  ) {}

  line(text: string, lineNo: number): void {
    if (this.pending) {
      const p = this.pending;
      p.lines += 1;
      if (text.endsWith(']')) {
        p.value += `\n${text.slice(0, -1)}`;
        this.pending = null;
        this.record(p.name, p.value, p.line, `${p.raw}…`);
        return;
      }
      if (p.lines > MAX_CONTINUATION_LINES) this.pending = null;
      else p.value += `\n${text}`;
      return;
    }
    const m = PROPERTY.exec(text);
    if (m) {
      this.record(m[1]!, m[2]!, lineNo, text);
      return;
    }
    const start = PROPERTY_START.exec(text);
    if (start) {
      this.pending = { name: start[1]!, value: start[2]!, line: lineNo, raw: text, lines: 0 };
      return;
    }
    if (text.trim() !== '') this.others += 1;
  }

  private record(name: string, rawValue: string, line: number, raw: string): void {
    const value = rawValue.length > MAX_VALUE_CHARS ? rawValue.slice(0, MAX_VALUE_CHARS) : rawValue;
    const observation = this.list.add({ kind: 'property', value: name, line, raw, detail: { value } });
    if (!observation || this.properties.has(name)) return;
    this.properties.set(name, { value, observation });
    if (this.into && !this.into.has(name)) this.into.set(name, { value, observation });
  }
}

const FIRST = <T>(...values: Array<T | undefined>): T | undefined => values.find((v) => v !== undefined && v !== '');

/** The device a set of properties describes. */
export function deviceFromProperties(props: Map<string, Fact>): AndroidDeviceIdentity {
  const get = (name: string): string | undefined => {
    const v = props.get(name)?.value.trim();
    return v ? v : undefined;
  };
  const device: AndroidDeviceIdentity = { platform: 'android' };
  const set = <K extends keyof AndroidDeviceIdentity>(key: K, value: AndroidDeviceIdentity[K] | undefined): void => {
    if (value !== undefined) device[key] = value;
  };
  set(
    'manufacturer',
    FIRST(get('ro.product.manufacturer'), get('ro.product.vendor.manufacturer'), get('ro.product.system.manufacturer')),
  );
  set('brand', FIRST(get('ro.product.brand'), get('ro.product.vendor.brand')));
  set('model', FIRST(get('ro.product.model'), get('ro.product.vendor.model'), get('ro.product.system.model')));
  set('device', FIRST(get('ro.product.device'), get('ro.product.vendor.device')));
  set('androidVersion', FIRST(get('ro.build.version.release'), get('ro.build.version.release_or_codename')));
  set('sdkVersion', get('ro.build.version.sdk'));
  set('securityPatch', get('ro.build.version.security_patch'));
  set(
    'fingerprint',
    FIRST(get('ro.build.fingerprint'), get('ro.vendor.build.fingerprint'), get('ro.system.build.fingerprint')),
  );
  set('buildId', get('ro.build.id'));
  set('serial', FIRST(get('ro.serialno'), get('ro.boot.serialno')));
  set('timeZone', get('persist.sys.timezone'));
  const selinux = get('ro.boot.selinux')?.toLowerCase();
  if (selinux === 'permissive' || selinux === 'enforcing' || selinux === 'disabled') device.selinux = selinux;
  return device;
}

/** AndroidQF's selinux.txt: the output of `getenforce` (`Enforcing`, `Permissive`, `Disabled`). */
export function parseGetenforce(
  text: string,
  list: ObservationList,
): { mode: 'enforcing' | 'permissive' | 'disabled'; observation: AndroidObservation } | { error: string } {
  const lines = text.split(/\r?\n/, 20);
  for (let i = 0; i < lines.length; i++) {
    const mode = lines[i]!.trim().toLowerCase();
    if (mode === 'enforcing' || mode === 'permissive' || mode === 'disabled') {
      const observation = list.add({
        kind: 'setting',
        value: 'selinux/mode',
        line: i + 1,
        raw: lines[i]!.trim(),
        detail: { value: mode },
      });
      if (observation) return { mode, observation };
    }
  }
  return { error: 'not the output of getenforce (Enforcing, Permissive or Disabled)' };
}
