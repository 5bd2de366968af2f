import { ArchiveError } from '../archiveError';
import { MAX_OBSERVATIONS_PER_FILE } from '../bounds';
import { BackupError, readAndroidBackup } from './androidBackup';
import type {
  AndroidDeviceIdentity,
  AndroidHeuristicFinding,
  AndroidObservation,
  AndroidPackage,
  Tombstone,
} from './androidTypes';
import { ObservationList } from './collect';
import { type Acquisition, ANDROIDQF_MODULES, detectAcquisition } from './detectAcquisition';
import { AccessibilityParser, AppopsParser, componentsIn, DevicePolicyParser } from './dumpsysServices';
import { addMount, fileFromJson, rootBinariesFromJson } from './files';
import { androidHeuristics, type DeviceState, type HeuristicOptions } from './heuristics';
import { DEFAULT_JSON_ARRAY_LIMITS, streamJsonArray } from './jsonArray';
import { addLinks, LinkLineSink } from './linkObservations';
import { DumpsysPackageParser, packageFromJson } from './packages';
import { processFromJson, PsParser } from './processes';
import { deviceFromProperties, type Fact, GetpropParser, parseGetenforce } from './properties';
import {
  DEFAULT_ZIP_LIMITS,
  openZip,
  type SafeZip,
  type ZipEntryInfo,
  type ZipInput,
  type ZipLimits,
  ZipRefusal,
} from './safeZip';
import { SectionRouter } from './sections';
import { DumpsysSettingsParser, SettingsListParser, type SettingsNamespace } from './settings';
import { decodeText, DEFAULT_STREAM_LIMITS, type LineSink, type StreamLimits, streamLines, textLines } from './text';
import { TombstoneParser } from './tombstone';

export interface AndroidReadLimits {
  zip: ZipLimits;
  /** Artefacts read whole (getprop, settings, selinux, tombstones): larger ones are skipped with an error. */
  maxArtefactBytes: number;
  /** Lines of a streamed text (dumpstate, dumpsys.txt, ps). */
  stream: StreamLimits;
  /** Distinct observations per artefact (per section of a dumpsys), and for files.json. */
  maxObservationsPerArtefact: number;
  maxFileListObservations: number;
  /** Observations kept over the whole acquisition. */
  maxObservations: number;
  /** An AndroidQF's bugreport.zip is opened (in memory) up to this size. */
  maxNestedZipBytes: number;
}

export const DEFAULT_ANDROID_LIMITS: AndroidReadLimits = {
  zip: DEFAULT_ZIP_LIMITS,
  maxArtefactBytes: 16 * 1024 * 1024,
  stream: DEFAULT_STREAM_LIMITS,
  maxObservationsPerArtefact: MAX_OBSERVATIONS_PER_FILE,
  maxFileListObservations: 200_000,
  maxObservations: 300_000,
  maxNestedZipBytes: 128 * 1024 * 1024,
};

export interface AndroidReadOptions extends HeuristicOptions {
  limits?: Partial<AndroidReadLimits>;
  /** Each observation as it is read (to match as one goes); they are kept in the result too unless `keepObservations` is false. */
  onObservation?: (observation: AndroidObservation) => void;
  keepObservations?: boolean;
}

export interface AndroidArtefactReport {
  path: string;
  /** What was read in it (`getprop`, `dumpsys package`, `tombstone`...). */
  kind: string;
  observations: number;
  error?: string;
  warnings: string[];
}

export interface AndroidInspection {
  acquisition: 'androidqf' | 'bugreport';
  /** What in the content identified it. */
  evidence: string;
  root: string;
  device: AndroidDeviceIdentity;
  observations: AndroidObservation[];
  packages: AndroidPackage[];
  tombstones: Tombstone[];
  heuristics: AndroidHeuristicFinding[];
  artefacts: AndroidArtefactReport[];
  /** AndroidQF module outputs we read that this acquisition does not hold (a subset of modules ran). */
  missing: string[];
  archive: { entries: number; totalBytes: number; bytesRead: number; warnings: string[] };
}

/** What the artefacts told, gathered across them (and across a nested bugreport). */
class Context {
  readonly properties = new Map<string, Fact>();
  readonly settings = new Map<string, Fact>();
  readonly packages = new Map<string, AndroidPackage>();
  readonly accessibility: AndroidObservation[] = [];
  readonly admins: AndroidObservation[] = [];
  readonly rootBinaries: AndroidObservation[] = [];
  readonly tombstones: Tombstone[] = [];
  readonly observations: AndroidObservation[] = [];
  readonly artefacts: AndroidArtefactReport[] = [];
  readonly warnings: string[] = [];
  selinux?: DeviceState['selinux'];
  headerFingerprint?: string;
  private count = 0;
  private dropped = 0;

  constructor(
    readonly limits: AndroidReadLimits,
    private readonly options: AndroidReadOptions,
  ) {}

  get timeZone(): string | undefined {
    return this.properties.get('persist.sys.timezone')?.value.trim() || undefined;
  }

  /** Hands an artefact's observations over, within the acquisition's bound. */
  deliver(list: ObservationList, report: AndroidArtefactReport): void {
    for (const o of list.items) {
      if (this.count >= this.limits.maxObservations) {
        this.dropped += 1;
        continue;
      }
      this.count += 1;
      this.options.onObservation?.(o);
      if (this.options.keepObservations !== false) this.observations.push(o);
    }
    report.observations = list.items.length;
    report.warnings = [...report.warnings, ...list.done()];
  }

  finish(): void {
    if (this.dropped)
      this.warnings.push(
        `more than ${this.limits.maxObservations} observations in the acquisition: ${this.dropped} not kept`,
      );
  }

  /** Adds a package, or completes the one already known with what this record adds. */
  mergePackage(pkg: AndroidPackage): void {
    const known = this.packages.get(pkg.name);
    if (!known) {
      this.packages.set(pkg.name, pkg);
      return;
    }
    for (const source of pkg.sources) if (!known.sources.includes(source)) known.sources.push(source);
    const keys = [
      'installer',
      'initiatingInstaller',
      'uid',
      'versionName',
      'versionCode',
      'firstInstallTime',
      'lastUpdateTime',
      'system',
      'thirdParty',
      'disabled',
    ] as const;
    for (const key of keys)
      if (known[key] === undefined && pkg[key] !== undefined)
        (known as unknown as Record<string, unknown>)[key] = pkg[key];
    for (const p of pkg.requestedPermissions)
      if (!known.requestedPermissions.includes(p)) known.requestedPermissions.push(p);
    for (const p of pkg.grantedPermissions) if (!known.grantedPermissions.includes(p)) known.grantedPermissions.push(p);
    for (const p of pkg.dangerousPermissions)
      if (!known.dangerousPermissions.includes(p)) known.dangerousPermissions.push(p);
    if (pkg.grantedDangerousPermissions) {
      known.grantedDangerousPermissions = [
        ...new Set([...(known.grantedDangerousPermissions ?? []), ...pkg.grantedDangerousPermissions]),
      ];
    }
    for (const f of pkg.files) if (!known.files.some((k) => k.path === f.path)) known.files.push(f);
    if (!known.evidence.timestamp && pkg.evidence.timestamp) known.evidence.timestamp = pkg.evidence.timestamp;
  }
}

/** Reads one artefact, turning what is not a refusal of the whole zip into the artefact's error. */
async function guarded(report: AndroidArtefactReport, work: () => Promise<string | undefined>): Promise<void> {
  try {
    const error = await work();
    if (error) report.error = error;
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    report.error = `could not be read: ${(err as Error).message}`;
  }
}

class Reader {
  constructor(
    private readonly zip: SafeZip,
    private readonly ctx: Context,
    /** Prefix of paths in reports (`bugreport.zip/` for a nested one). */
    private readonly prefix: string,
  ) {}

  private report(entry: ZipEntryInfo, kind: string): AndroidArtefactReport {
    const report: AndroidArtefactReport = { path: `${this.prefix}${entry.path}`, kind, observations: 0, warnings: [] };
    this.ctx.artefacts.push(report);
    return report;
  }

  list(entry: ZipEntryInfo, max = this.ctx.limits.maxObservationsPerArtefact): ObservationList {
    return new ObservationList(`${this.prefix}${entry.path}`, max);
  }

  /** A small text artefact, decoded strictly and handed to `parse` whole. */
  async text(
    entry: ZipEntryInfo,
    kind: string,
    parse: (text: string, list: ObservationList) => string | undefined,
  ): Promise<void> {
    const report = this.report(entry, kind);
    const list = this.list(entry);
    await guarded(report, async () => {
      if (entry.size > this.ctx.limits.maxArtefactBytes)
        return `file is too large (${entry.size} bytes, at most ${this.ctx.limits.maxArtefactBytes})`;
      const decoded = decodeText(await this.zip.read(entry));
      if ('error' in decoded) return decoded.error;
      return parse(decoded.text, list);
    });
    this.ctx.deliver(list, report);
  }

  /** A text artefact of any size, streamed line by line into `sink`. */
  async lines(
    entry: ZipEntryInfo,
    kind: string,
    sink: LineSink,
    list: ObservationList | null,
    done?: () => string | undefined,
    register = true,
  ): Promise<AndroidArtefactReport> {
    const report: AndroidArtefactReport = register
      ? this.report(entry, kind)
      : { path: `${this.prefix}${entry.path}`, kind, observations: 0, warnings: [] };
    await guarded(report, async () => {
      const summary = await streamLines(
        this.zip.chunks(entry),
        (line, n) => sink.line(line, n),
        this.ctx.limits.stream,
      );
      if (summary.binary) return 'binary content: not a text file';
      if (summary.truncated)
        report.warnings.push(`more than ${this.ctx.limits.stream.maxLines} lines: the rest not read`);
      if (summary.cutLines)
        report.warnings.push(
          `${summary.cutLines} lines longer than ${this.ctx.limits.stream.maxLineChars} characters, read cut`,
        );
      return done?.();
    });
    if (list) this.ctx.deliver(list, report);
    return report;
  }

  /** A JSON array artefact, streamed element by element. */
  async jsonArray(
    entry: ZipEntryInfo,
    kind: string,
    list: ObservationList,
    onElement: (value: unknown, index: number, line: number) => boolean,
  ): Promise<void> {
    const report = this.report(entry, kind);
    await guarded(report, async () => {
      let unread = 0;
      const summary = await streamJsonArray(
        this.zip.chunks(entry),
        (value, index, line) => {
          if (!onElement(value, index, line)) unread += 1;
        },
        DEFAULT_JSON_ARRAY_LIMITS,
      );
      for (const s of summary.skipped.slice(0, 20))
        report.warnings.push(`element ${s.index} (line ${s.line}) skipped: ${s.reason}`);
      if (summary.skippedCount > 20) report.warnings.push(`${summary.skippedCount - 20} more elements skipped`);
      if (unread) report.warnings.push(`${unread} elements not of the expected shape`);
      if (summary.truncated)
        report.warnings.push(`more than ${DEFAULT_JSON_ARRAY_LIMITS.maxElements} elements: the rest not read`);
      return summary.error;
    });
    this.ctx.deliver(list, report);
  }

  /** Routes a dumpsys output or a dumpstate text to the section parsers. */
  async dump(entry: ZipEntryInfo, kind: 'dumpsys' | 'dumpstate'): Promise<void> {
    const ctx = this.ctx;
    const sections: Array<{ name: string; list: ObservationList; finish: () => void }> = [];
    const section = (
      name: string,
      make: (list: ObservationList) => LineSink & { finish?: () => void },
      after?: (sink: LineSink) => void,
    ): LineSink => {
      const list = this.list(entry);
      const sink = make(list);
      sections.push({ name, list, finish: () => (sink.finish?.(), after?.(sink)) });
      return sink;
    };
    let sawSection = false;
    const router = new SectionRouter({
      service: (name) => {
        sawSection = true;
        switch (name) {
          case 'package':
            return section(
              'dumpsys package',
              (list) => new DumpsysPackageParser(list, ctx.timeZone),
              (sink) => {
                const parser = sink as DumpsysPackageParser;
                for (const pkg of parser.packages.values()) ctx.mergePackage(pkg);
              },
            );
          case 'accessibility':
            return section(
              'dumpsys accessibility',
              (list) => new AccessibilityParser(list),
              (sink) => ctx.accessibility.push(...(sink as AccessibilityParser).services),
            );
          case 'device_policy':
            return section(
              'dumpsys device_policy',
              (list) => new DevicePolicyParser(list),
              (sink) => ctx.admins.push(...(sink as DevicePolicyParser).admins),
            );
          case 'appops':
            return section('dumpsys appops', (list) => new AppopsParser(list, ctx.timeZone));
          case 'settings':
            return section(
              'dumpsys settings',
              (list) => new DumpsysSettingsParser(list),
              (sink) => {
                for (const [key, fact] of (sink as DumpsysSettingsParser).settings)
                  if (!ctx.settings.has(key)) ctx.settings.set(key, fact);
              },
            );
          default:
            return null;
        }
      },
      dumpstate: (title) => {
        sawSection = true;
        if (title === 'SYSTEM PROPERTIES') {
          // Into the context as read: dumpsys package, later in the text, reads times in the device's zone.
          return section('getprop', (list) => new GetpropParser(list, ctx.properties));
        }
        if (title === 'PROCESSES AND THREADS' || title === 'PROCESSES')
          return section('ps', (list) => new PsParser(list));
        return null;
      },
      header: {
        line: (text) => {
          const fp = /^Build fingerprint: '([^']+)'/.exec(text);
          if (fp) ctx.headerFingerprint ??= fp[1];
        },
      },
    });
    // getprop must be known before dumpsys package reads times: its section comes first in a
    // dumpstate, and an AndroidQF's getprop.txt is read before its dumpsys.txt.
    // Every line is also looked through for links (a dumpsys prints URLs in intents, sync
    // adapters, notifications; a dumpstate in its logs).
    const links = this.list(entry);
    const linkSink = new LinkLineSink(links);
    const report = await this.lines(
      entry,
      kind,
      {
        line: (text, n) => {
          router.line(text, n);
          linkSink.line(text, n);
        },
      },
      null,
      () => (sawSection ? undefined : `no ${kind === 'dumpsys' ? 'DUMP OF SERVICE' : 'dumpstate'} sections found`),
      false,
    );
    for (const s of sections) {
      s.finish();
      const sectionReport: AndroidArtefactReport = { path: report.path, kind: s.name, observations: 0, warnings: [] };
      ctx.deliver(s.list, sectionReport);
      ctx.artefacts.push(sectionReport);
    }
    if (links.items.length > 0) {
      const linkReport: AndroidArtefactReport = { path: report.path, kind: 'links', observations: 0, warnings: [] };
      ctx.deliver(links, linkReport);
      ctx.artefacts.push(linkReport);
    }
    if (report.error || report.warnings.length > 0 || sections.length === 0) ctx.artefacts.push(report);
  }

  /** An Android backup (`adb backup`): each message's links, with the message as evidence. */
  async backup(entry: ZipEntryInfo): Promise<void> {
    const report = this.report(entry, 'backup');
    const list = this.list(entry);
    await guarded(report, async () => {
      try {
        const result = await readAndroidBackup(this.zip.chunks(entry), (m) => {
          addLinks(list, m.body, {
            line: m.index + 1,
            jsonPath: `${m.file}$[${m.index}].${m.kind === 'sms' ? 'body' : 'mms_body'}`,
            raw: `${m.kind.toUpperCase()}${m.address ? ` ${m.address}` : ''}: ${m.body}`,
            ...(m.timestamp ? { timestamp: m.timestamp } : {}),
          });
        });
        report.warnings.push(...result.warnings);
        if (result.messageFiles === 0)
          report.warnings.push('no messages in this backup (the telephony provider was not backed up)');
        return undefined;
      } catch (err) {
        // The zip's own faults (CRC, sizes) refuse the upload; the backup's are this artefact's error.
        if (err instanceof ZipRefusal) throw err;
        if (err instanceof BackupError || err instanceof ArchiveError) return err.message;
        throw err;
      }
    });
    this.ctx.deliver(list, report);
  }
}

function settingsNamespace(name: string): SettingsNamespace | null {
  const m = /^settings_(global|secure|system)\.txt$/.exec(name);
  return m ? (m[1] as SettingsNamespace) : null;
}

async function readAndroidQf(
  zip: SafeZip,
  acq: Extract<Acquisition, { kind: 'androidqf' }>,
  ctx: Context,
): Promise<void> {
  const reader = new Reader(zip, ctx, '');
  const file = (name: string): ZipEntryInfo | undefined => acq.files.get(name);
  let entry: ZipEntryInfo | undefined;

  if ((entry = file('getprop.txt'))) {
    await reader.text(entry, 'getprop', (text, list) => {
      const parser = new GetpropParser(list, ctx.properties);
      textLines(text, parser);
      return parser.properties.size === 0 ? 'no `[property]: [value]` lines' : undefined;
    });
  }
  if ((entry = file('selinux.txt'))) {
    await reader.text(entry, 'getenforce', (text, list) => {
      const result = parseGetenforce(text, list);
      if ('error' in result) return result.error;
      ctx.selinux = result;
      return undefined;
    });
  }
  for (const [name, e] of acq.files) {
    const namespace = settingsNamespace(name);
    if (!namespace) continue;
    await reader.text(e, `settings ${namespace}`, (text, list) => {
      const parser = new SettingsListParser(namespace, list);
      textLines(text, parser);
      if (parser.settings.size === 0 && parser.others > 0) return 'no `name=value` lines';
      for (const [key, fact] of parser.settings) ctx.settings.set(key, fact);
      const services = parser.settings.get('secure/enabled_accessibility_services');
      if (services) {
        for (const { component, pkg } of componentsIn(services.value)) {
          const o = list.add({
            kind: 'accessibilityService',
            value: component,
            line: services.observation.line,
            raw: services.observation.raw ?? '',
            appId: pkg,
            detail: { user: 0 },
          });
          if (o) ctx.accessibility.push(o);
        }
      }
      return undefined;
    });
  }
  if ((entry = file('packages.json'))) {
    const list = reader.list(entry);
    await reader.jsonArray(entry, 'packages', list, (value, index, line) => {
      const pkg = packageFromJson(list, value, index, line);
      if (pkg) ctx.mergePackage(pkg);
      return pkg !== null;
    });
  }
  if ((entry = file('processes.txt'))) {
    const list = reader.list(entry);
    const parser = new PsParser(list);
    await reader.lines(entry, 'ps', parser, list, () =>
      parser.sawHeader ? undefined : 'not a ps listing: no header line with PID and NAME columns',
    );
  }
  if ((entry = file('processes.json'))) {
    const list = reader.list(entry);
    await reader.jsonArray(entry, 'processes', list, (value, index, line) => processFromJson(list, value, index, line));
  }
  if ((entry = file('dumpsys.txt'))) await reader.dump(entry, 'dumpsys');
  if ((entry = file('files.json'))) {
    const list = reader.list(entry, ctx.limits.maxFileListObservations);
    await reader.jsonArray(entry, 'files', list, (value, index, line) => fileFromJson(list, value, index, line));
  }
  if ((entry = file('root_binaries.json'))) {
    const list = reader.list(entry);
    await reader.jsonArray(entry, 'root binaries', list, (value, index, line) => {
      const found = rootBinariesFromJson(list, value, index, line);
      ctx.rootBinaries.push(...found);
      return typeof value === 'string';
    });
  }
  if ((entry = file('mounts.json'))) {
    const list = reader.list(entry);
    await reader.jsonArray(
      entry,
      'mounts',
      list,
      (value, index, line) => typeof value === 'string' && addMount(list, value, line, `$[${index}]`) !== null,
    );
  }
  if ((entry = file('mounts.txt'))) {
    const list = reader.list(entry);
    await reader.lines(entry, 'mounts', { line: (text, n) => void addMount(list, text, n) }, list);
  }
  if ((entry = file('backup.ab'))) await reader.backup(entry);
  if ((entry = file('bugreport.zip'))) await readNestedBugreport(zip, entry, ctx);
}

/** AndroidQF's bugreport module: the phone's bugreport, a zip inside the zip; opened in memory, once. */
async function readNestedBugreport(zip: SafeZip, entry: ZipEntryInfo, ctx: Context): Promise<void> {
  const report: AndroidArtefactReport = { path: entry.path, kind: 'bugreport', observations: 0, warnings: [] };
  const fail = (error: string): void => {
    report.error = error;
    ctx.artefacts.push(report);
  };
  if (entry.size > ctx.limits.maxNestedZipBytes) {
    return fail(
      `nested bugreport is too large (${entry.size} bytes, at most ${ctx.limits.maxNestedZipBytes}): not opened`,
    );
  }
  // A fault of the outer zip (CRC, size) refuses the whole upload; one of the inner zip is this artefact's error.
  const bytes = await zip.read(entry);
  let inner: SafeZip;
  try {
    inner = await openZip(bytes, ctx.limits.zip);
  } catch (err) {
    if (!(err instanceof ArchiveError)) throw err;
    return fail(`nested bugreport refused: ${err.message}`);
  }
  try {
    const acq = await detectAcquisition(inner);
    if (acq.kind !== 'bugreport') return fail('bugreport.zip is not a bugreport (no dumpstate text)');
    await readBugreport(inner, acq, ctx, `${entry.path}/`);
  } catch (err) {
    if (!(err instanceof ArchiveError)) throw err;
    fail(`nested bugreport refused: ${err.message}`);
  } finally {
    inner.close();
  }
}

const TOMBSTONE = /(^|\/)FS\/data\/tombstones\/tombstone_\d+$/;

async function readBugreport(
  zip: SafeZip,
  acq: Extract<Acquisition, { kind: 'bugreport' }>,
  ctx: Context,
  prefix: string,
): Promise<void> {
  const reader = new Reader(zip, ctx, prefix);
  await reader.dump(acq.main, 'dumpstate');
  for (const entry of zip.files.values()) {
    if (!TOMBSTONE.test(entry.path)) continue;
    await reader.text(entry, 'tombstone', (text, list) => {
      const parser = new TombstoneParser(list);
      textLines(text, parser);
      const result = parser.finish();
      if ('error' in result) return result.error;
      ctx.tombstones.push(result.tombstone);
      return undefined;
    });
  }
}

function device(ctx: Context): AndroidDeviceIdentity {
  const d = deviceFromProperties(ctx.properties);
  if (!d.fingerprint) {
    const fp = ctx.headerFingerprint ?? ctx.tombstones.find((t) => t.fingerprint)?.fingerprint;
    if (fp) d.fingerprint = fp;
  }
  if (ctx.selinux) d.selinux = ctx.selinux.mode;
  return d;
}

/**
 * Reads an Android acquisition (an AndroidQF output or a bugreport, as a zip in memory or a file
 * path): checks the whole zip first, recognises it by content, reads each artefact it knows into
 * observations with their evidence, and derives the heuristics' warnings. Nothing is written
 * anywhere. Throws only ArchiveError (ZipRefusal): an unsafe or broken zip, or one that is not an
 * Android acquisition; an unreadable artefact is listed with its error and the others are read.
 */
export async function readAndroidAcquisition(input: ZipInput, options: AndroidReadOptions): Promise<AndroidInspection> {
  const limits: AndroidReadLimits = { ...DEFAULT_ANDROID_LIMITS, ...options.limits };
  const zip = await openZip(input, limits.zip);
  try {
    const acq = await detectAcquisition(zip);
    if (acq.kind === 'unknown') throw new ZipRefusal('not-android', acq.reason);
    const ctx = new Context(limits, options);
    if (acq.kind === 'androidqf') await readAndroidQf(zip, acq, ctx);
    else await readBugreport(zip, acq, ctx, '');
    ctx.finish();
    const packages = [...ctx.packages.values()];
    const heuristics = androidHeuristics(
      {
        packages,
        accessibilityServices: ctx.accessibility,
        deviceAdmins: ctx.admins,
        rootBinaries: ctx.rootBinaries,
        properties: ctx.properties,
        settings: ctx.settings,
        ...(ctx.selinux ? { selinux: ctx.selinux } : {}),
      },
      options,
    );
    return {
      acquisition: acq.kind,
      evidence: acq.evidence,
      root: acq.root,
      device: device(ctx),
      observations: ctx.observations,
      packages,
      tombstones: ctx.tombstones,
      heuristics,
      artefacts: ctx.artefacts,
      missing:
        acq.kind === 'androidqf'
          ? ANDROIDQF_MODULES.filter((m) => !m.files.some((f) => acq.files.has(f))).map((m) => m.label)
          : [],
      archive: {
        entries: zip.entries.length,
        totalBytes: zip.totalBytes,
        bytesRead: zip.bytesRead,
        warnings: ctx.warnings,
      },
    };
  } finally {
    zip.close();
  }
}
