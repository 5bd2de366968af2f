import type { Readable } from 'node:stream';

import type { Database, Queryable } from '../../../contracts';
import {
  type AndroidHeuristicFinding,
  type AndroidObservation,
  ArchiveError,
  artefactKind,
  type ArtefactReport,
  BACKUP_ZIP_LIMITS,
  type BackupSource,
  DEFAULT_ARCHIVE_LIMITS,
  type DeviceIdentity,
  extractArtefact,
  type ExtractionResult,
  type Finding,
  type HeuristicFinding,
  MAX_ARTEFACT_BYTES,
  openZip,
  readAndroidAcquisition,
  readIosBackup,
  scanArchive,
  tarLooksLikeBackup,
  tarSource,
  toCoreObservation,
  zipBackupRoot,
  zipSource,
} from '../../inspection/public';
import type { PropertyItem } from '../schemas';
import { type AndroidFacts, insertAndroidFacts, packageItem, propertyItem } from './androidFacts';
import { backupPasswords } from './backupPasswords';
import { resolveDevice } from './devices';
import type { FileStorage } from './fileStorage';
import { recordFindings } from './incidents';
import type { InspectJobData, RescanJobData } from './jobs';
import { asObservation, ObservationSet, type StoredObservation } from './observationSet';
import { loadMatchContext, type MatchContext } from './ruleSets';
import { storedKind } from './uploads';

/** A zip read into memory when the storage has no local path (an object store). */
export const MAX_IN_MEMORY_ZIP_BYTES = 256 * 1024 * 1024;

/** How often progress is written while a file is read (the queue beats the job's heartbeat). */
const PROGRESS_EVERY_MS = 500;
/**
 * Distinct observations one inspection keeps (each artefact gives at most
 * MAX_OBSERVATIONS_PER_FILE); a sysdiagnose gives some thousands.
 */
export const MAX_OBSERVATIONS_PER_INSPECTION = 200_000;

/** Bytes of `source`, counted as they are pulled, so progress follows the reader. */
async function* counted(source: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    onBytes(chunk.length);
    yield chunk;
  }
}

async function readAll(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * An artefact as the inspection records it; the crash explorer lists the .ips ones with their
 * processes. An Android acquisition's artefacts carry what the reader read in them (`getprop`,
 * `dumpsys package`...), and each tombstone is one (`tombstone`, its process, its time).
 */
export interface StoredArtefact extends Omit<ArtefactReport, 'kind'> {
  kind: ArtefactReport['kind'] | (string & {});
  processes: string[];
  at?: string;
}

interface Extracted {
  observations: ObservationSet;
  device: DeviceIdentity;
  artefacts: StoredArtefact[];
  warnings: string[];
  /** An Android acquisition's packages, properties and settings, for the device page. */
  android?: AndroidFacts;
}

/** How an inspection reads (gluon's config: GLUON_ANDROID_PATCH_MAX_AGE_DAYS). */
export interface InspectOptions {
  /** The `android.old-security-patch` heuristic warns past this many days (default 180). */
  maxPatchAgeDays?: number;
  /** An encrypted iPhone backup's password (per job, from backupPasswords.ts; never stored). */
  backupPassword?: string;
}

/** Properties and settings one Android inspection keeps for the device page (a phone has some thousand). */
export const MAX_ANDROID_PROPERTIES = 20_000;

/** Runs the extractors over a stored file: an archive entry by entry, or one loose artefact. */
export async function extractStoredFile(
  storage: FileStorage,
  file: { key: string; name: string; size: number },
  onProgress: (fraction: number) => void,
  options: InspectOptions = {},
): Promise<Extracted> {
  const observations = new ObservationSet();
  const device: DeviceIdentity = {};
  const artefacts: StoredArtefact[] = [];
  const warnings: string[] = [];
  const result: Extracted = { observations, device, artefacts, warnings };
  let full = false;
  const take = (result: ExtractionResult, path: string, kind: ArtefactReport['kind']) => {
    for (const o of result.observations) {
      if (observations.size >= MAX_OBSERVATIONS_PER_INSPECTION) {
        if (!full)
          warnings.push(
            `more than ${MAX_OBSERVATIONS_PER_INSPECTION} distinct observations: ${path} and the files after it were read only in part`,
          );
        full = true;
        break;
      }
      observations.add(o);
    }
    observations.heuristics.push(...result.heuristics);
    for (const key of ['osVersion', 'modelCode', 'crashReporterKey'] as const) {
      const value = result.device[key];
      if (!value) continue;
      if (!device[key]) device[key] = value;
      else if (key === 'crashReporterKey' && device[key] !== value)
        warnings.push(`${path}: report of another device (crashReporterKey ${value})`);
    }
    const processes =
      kind === 'ips'
        ? [
            ...new Set(
              result.observations
                .filter((o) => o.kind === 'process' || o.raw?.startsWith('procPath'))
                .map((o) => o.value),
            ),
          ].slice(0, 10)
        : [];
    const at = result.observations.find((o) => o.timestamp)?.timestamp;
    artefacts.push({
      path,
      kind,
      observations: result.observations.length,
      ...(result.error ? { error: result.error } : {}),
      warnings: result.warnings,
      processes,
      ...(at ? { at } : {}),
    });
  };
  const kind = await storedKind(storage, file.key, file.name);
  const backup = await backupSource(storage, file, kind, onProgress);
  if (backup) {
    await readBackup(
      backup,
      result,
      options,
      () => full,
      (path) => {
        if (!full)
          warnings.push(
            `more than ${MAX_OBSERVATIONS_PER_INSPECTION} distinct observations: ${path} and the files after it were read only in part`,
          );
        full = true;
      },
    );
    onProgress(1);
  } else if (kind === 'android') {
    await readAndroid(
      storage,
      file,
      result,
      options,
      () => full,
      (path) => {
        if (!full)
          warnings.push(
            `more than ${MAX_OBSERVATIONS_PER_INSPECTION} distinct observations: ${path} and the files after it were read only in part`,
          );
        full = true;
      },
    );
    onProgress(1);
  } else if (kind === 'archive') {
    let read = 0;
    const summary = await scanArchive(
      counted(storage.read(file.key), (n) => {
        read += n;
        onProgress(file.size ? Math.min(read / file.size, 1) : 0);
      }),
      ({ path, kind, data }) => take(extractArtefact(path, data, DEFAULT_ARCHIVE_LIMITS.maxArtefactBytes), path, kind),
    );
    warnings.push(...summary.warnings);
  } else {
    const data = await readAll(storage.read(file.key), MAX_ARTEFACT_BYTES);
    const result: ExtractionResult = data
      ? extractArtefact(file.name, data)
      : {
          source: file.name,
          observations: [],
          heuristics: [],
          device: {},
          warnings: [],
          error: `file is too large (at most ${MAX_ARTEFACT_BYTES} bytes)`,
        };
    take(result, file.name, artefactKind(file.name) ?? 'ips');
  }
  return result;
}

/**
 * The stored file as an iPhone backup, when it is one: a zip with Manifest.db/Manifest.plist at its
 * root or one folder down, or a tar whose first entries are a backup folder's. Null otherwise
 * (the file is read as what it is: an Android zip, a sysdiagnose).
 */
async function backupSource(
  storage: FileStorage,
  file: { key: string; size: number },
  kind: Awaited<ReturnType<typeof storedKind>>,
  onProgress: (fraction: number) => void,
): Promise<BackupSource | null> {
  if (kind === 'android') {
    let input: Buffer | string;
    if (storage.localPath) input = storage.localPath(file.key);
    else {
      const data = await readAll(storage.read(file.key), MAX_IN_MEMORY_ZIP_BYTES);
      if (!data) throw new ArchiveError('too-large', `the zip is larger than ${MAX_IN_MEMORY_ZIP_BYTES} bytes`);
      input = data;
    }
    const zip = await openZip(input, BACKUP_ZIP_LIMITS);
    const root = zipBackupRoot(zip);
    if (root === null) {
      zip.close();
      return null;
    }
    return zipSource(zip, root);
  }
  if (kind !== 'archive' || !(await tarLooksLikeBackup(storage.read(file.key)))) return null;
  // A tar is read in passes (list, then the wanted files): progress follows the last one.
  let read = 0;
  return tarSource(() => {
    read = 0;
    return counted(storage.read(file.key), (n) => {
      read += n;
      onProgress(file.size ? Math.min(read / file.size, 1) : 0);
    });
  });
}

/** An iPhone backup: its observations straight into the inspection's set, its device, its files as artefacts. */
async function readBackup(
  source: BackupSource,
  into: Extracted,
  options: InspectOptions,
  isFull: () => boolean,
  onFull: (path: string) => void,
): Promise<void> {
  let result: Awaited<ReturnType<typeof readIosBackup>>;
  try {
    result = await readIosBackup(source, {
      ...(options.backupPassword ? { password: options.backupPassword } : {}),
      onObservation: (o) => {
        if (isFull()) return;
        if (into.observations.size >= MAX_OBSERVATIONS_PER_INSPECTION) return onFull(o.source);
        into.observations.add(o);
      },
    });
  } finally {
    source.close();
  }
  Object.assign(into.device, result.device);
  for (const a of result.artefacts)
    into.artefacts.push({
      path: a.path,
      kind: a.kind,
      observations: a.observations,
      ...(a.error ? { error: a.error } : {}),
      warnings: a.warnings,
      processes: [],
    });
  into.warnings.push(...result.warnings, ...result.artefacts.flatMap((a) => a.warnings));
}

/** The engine's observation of the reader's (the Android kinds are the engine's too). */
function core(o: AndroidObservation): HeuristicFinding['observation'] {
  return toCoreObservation(o)!;
}

function androidHeuristic(h: AndroidHeuristicFinding): HeuristicFinding {
  return {
    rule: h.rule,
    message: h.message,
    why: h.why,
    observation: core(h.observation),
    evidence: h.evidence.slice(0, 20).map(core),
  };
}

/**
 * An Android acquisition (AndroidQF output or bugreport zip), read in place from the storage's
 * path: the zip's checks (bounds, traversal, links, bombs, overlapping entries) refuse it with an
 * ArchiveError before anything is inflated, and nothing is written anywhere. Observations go
 * straight into the inspection's set as they are read.
 */
async function readAndroid(
  storage: FileStorage,
  file: { key: string; name: string },
  into: Extracted,
  options: InspectOptions,
  isFull: () => boolean,
  onFull: (path: string) => void,
): Promise<void> {
  let input: Buffer | string;
  if (storage.localPath) input = storage.localPath(file.key);
  else {
    const data = await readAll(storage.read(file.key), MAX_IN_MEMORY_ZIP_BYTES);
    if (!data) throw new ArchiveError('too-large', `the zip is larger than ${MAX_IN_MEMORY_ZIP_BYTES} bytes`);
    input = data;
  }
  const properties: PropertyItem[] = [];
  const result = await readAndroidAcquisition(input, {
    now: new Date(),
    ...(options.maxPatchAgeDays !== undefined ? { maxPatchAgeDays: options.maxPatchAgeDays } : {}),
    keepObservations: false,
    onObservation: (o) => {
      const property = properties.length < MAX_ANDROID_PROPERTIES ? propertyItem(o) : null;
      if (property) properties.push(property);
      if (isFull()) return;
      if (into.observations.size >= MAX_OBSERVATIONS_PER_INSPECTION) return onFull(o.source);
      into.observations.add(core(o));
    },
  });
  into.observations.heuristics.push(...result.heuristics.map(androidHeuristic));
  into.android = { packages: result.packages.map((p) => packageItem(p)), properties };
  const d = result.device;
  const model = [d.manufacturer, d.model].filter(Boolean).join(' ') || undefined;
  Object.assign(into.device, {
    platform: 'android',
    ...(model ? { modelCode: model } : {}),
    ...(d.androidVersion ? { osVersion: `Android ${d.androidVersion}${d.buildId ? ` (${d.buildId})` : ''}` } : {}),
    ...(d.securityPatch ? { securityPatch: d.securityPatch } : {}),
    ...(d.fingerprint ? { fingerprint: d.fingerprint } : {}),
    ...(d.serial ? { serial: d.serial } : {}),
  });
  for (const a of result.artefacts) {
    into.artefacts.push({
      path: a.path,
      kind: a.kind,
      observations: a.observations,
      ...(a.error ? { error: a.error } : {}),
      warnings: a.warnings,
      processes: [],
    });
  }
  for (const t of result.tombstones.slice(0, 1000)) {
    into.artefacts.push({
      path: t.source,
      kind: 'tombstone',
      observations: 1,
      warnings: [],
      processes: t.process ? [t.process] : [],
      ...(t.timestamp ? { at: t.timestamp } : {}),
    });
  }
  // A module the analyst did not run is no fault of the acquisition: said, not an error.
  if (result.missing.length > 0)
    into.warnings.unshift(`Not in this acquisition: ${result.missing.join(', ')} (AndroidQF modules not run)`);
  for (const missing of result.missing)
    into.artefacts.push({
      path: missing,
      kind: 'not in this acquisition',
      observations: 0,
      warnings: [],
      processes: [],
    });
  into.warnings.push(
    `${result.acquisition === 'androidqf' ? 'AndroidQF acquisition' : 'Android bugreport'}: ${result.evidence}`,
    ...result.archive.warnings,
  );
}

function matchAll(ctx: MatchContext, observations: StoredObservation[]): Finding[] {
  const findings: Finding[] = [];
  for (const o of observations) findings.push(...ctx.matcher.match(asObservation(o), { includeSuppressed: true }));
  return findings;
}

export async function insertObservations(
  q: Queryable,
  inspectionId: string,
  deviceId: string,
  observations: StoredObservation[],
): Promise<void> {
  const BATCH = 2000;
  for (let i = 0; i < observations.length; i += BATCH) {
    const part = observations.slice(i, i + BATCH);
    await q.query(
      `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, line, first_seen, last_seen, raw, occurrences, sources)
       SELECT $1, $2, k, v, s, l, f, t, r, n, string_to_array(ss, E'\\n')
       FROM unnest($3::text[], $4::text[], $5::text[], $6::int[], $7::timestamptz[], $8::timestamptz[], $9::text[], $10::int[], $11::text[]) AS u(k, v, s, l, f, t, r, n, ss)
       ON CONFLICT DO NOTHING`,
      [
        inspectionId,
        deviceId,
        part.map((o) => o.kind),
        part.map((o) => o.value),
        part.map((o) => o.source),
        part.map((o) => o.line),
        part.map((o) => o.firstSeen),
        part.map((o) => o.lastSeen),
        part.map((o) => o.raw),
        part.map((o) => o.occurrences),
        // text[][] must be rectangular: each list travels as one newline-joined string (paths hold no newline).
        part.map((o) => o.sources.join('\n')),
      ],
    );
  }
}

/**
 * A job as its handler holds it (jobs.ts): its data, and whether this attempt still owns it. A
 * worker that stalled past its heartbeat lost the job to another instance; it must write nothing.
 */
export interface ClaimedJob<T> {
  id: string;
  attempts: number;
  data: T;
  /** Locks the job's row in `q`'s transaction; false when another instance took the job over. */
  holds(q: Queryable): Promise<boolean>;
}

export interface RunnerHooks {
  /** Tests stop here to play a worker that stalls mid-inspection. */
  beforeCommit?: (job: ClaimedJob<InspectJobData>) => Promise<void>;
}

/**
 * One inspection job: read the stored file, extract, match against the tenant's enabled rule sets,
 * then store observations, findings and incidents in ONE transaction that first checks the job is
 * still ours — a worker that lost its claim (it stalled and another took over) writes nothing.
 * A file that cannot be read ends the inspection failed with the reason; the job itself is done
 * (retrying would read the same bytes). Anything else throws, and the queue retries it.
 */
export async function runInspectJob(
  db: Database,
  storage: FileStorage,
  job: ClaimedJob<InspectJobData>,
  hooks: RunnerHooks = {},
  options: InspectOptions = {},
): Promise<void> {
  const [inspection] = await db.query<{
    id: string;
    tenant_id: string;
    device_id: string | null;
    file_name: string | null;
    storage_key: string | null;
    size: string | number | null;
  }>(
    `SELECT n.id, n.tenant_id, n.device_id, n.file_name, f.storage_key, f.size FROM gluon_inspections n LEFT JOIN gluon_files f ON f.id = n.file_id WHERE n.id = $1`,
    [job.data.inspectionId],
  );
  // Deleted since it was queued (its device or tenant went): nothing to inspect.
  if (!inspection || !inspection.storage_key) return;
  const started = await db.tx(async (q) => {
    if (!(await job.holds(q))) return false;
    await q.query(
      "UPDATE gluon_inspections SET status = 'running', progress = 0, started_at = now(), error = NULL WHERE id = $1",
      [inspection.id],
    );
    return true;
  });
  // Our claim was taken over (this worker stalled): the other worker owns the inspection now.
  if (!started) return;
  let lastWrite = Date.now();
  let pending: Promise<unknown> = Promise.resolve();
  const onProgress = (fraction: number) => {
    if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    lastWrite = Date.now();
    const percent = Math.min(95, Math.floor(fraction * 95));
    pending = pending
      .then(() =>
        db.query("UPDATE gluon_inspections SET progress = $2 WHERE id = $1 AND status = 'running'", [
          inspection.id,
          percent,
        ]),
      )
      .catch(() => undefined);
  };
  const fileName = inspection.file_name ?? 'upload';
  let extracted: Extracted;
  const backupPassword = backupPasswords.get(inspection.id);
  try {
    extracted = await extractStoredFile(
      storage,
      { key: inspection.storage_key, name: fileName, size: Number(inspection.size ?? 0) },
      onProgress,
      { ...options, ...(backupPassword ? { backupPassword } : {}) },
    );
  } catch (error) {
    // The file was read to its end (it is refused): the password has served; a retry reads the same bytes.
    if (error instanceof ArchiveError) backupPasswords.release(inspection.id);
    await pending;
    const message = error instanceof ArchiveError ? `${fileName}: ${error.message}` : `${fileName} could not be read.`;
    await db.tx(async (q) => {
      if (!(await job.holds(q))) return;
      await q.query("UPDATE gluon_inspections SET status = 'failed', error = $2, finished_at = now() WHERE id = $1", [
        inspection.id,
        message,
      ]);
    });
    return;
  }
  await pending;
  // Read and decrypted: nothing needs the password any more.
  backupPasswords.release(inspection.id);
  const ctx = await loadMatchContext(db, inspection.tenant_id);
  const observations = extracted.observations.values();
  const findings = matchAll(ctx, observations);
  await hooks.beforeCommit?.(job);
  await db.tx(async (q) => {
    if (!(await job.holds(q))) return;
    const deviceId = await resolveDevice(q, inspection.tenant_id, inspection.device_id, extracted.device, fileName);
    await q.query('DELETE FROM gluon_observations WHERE inspection_id = $1', [inspection.id]);
    await insertObservations(q, inspection.id, deviceId, observations);
    if (extracted.android) await insertAndroidFacts(q, inspection.id, deviceId, extracted.android);
    const fresh = await recordFindings(q, {
      tenantId: inspection.tenant_id,
      deviceId,
      inspectionId: inspection.id,
      findings,
      ruleSetIds: ctx.ruleSetIds,
    });
    const evidence = (o: HeuristicFinding['observation']) => ({
      kind: o.kind,
      value: o.value,
      source: o.source,
      line: o.line ?? null,
      raw: o.raw ?? null,
    });
    const heuristics = extracted.observations.heuristics.slice(0, 500).map((h) => ({
      rule: h.rule,
      message: h.message,
      source: h.observation.source,
      line: h.observation.line ?? null,
      ...(h.why ? { why: h.why, evidence: [evidence(h.observation), ...(h.evidence ?? []).map(evidence)] } : {}),
    }));
    const failedArtefacts = extracted.artefacts.filter((a) => a.error).map((a) => `${a.path}: ${a.error}`);
    await q.query(
      `UPDATE gluon_inspections SET status = 'done', progress = 100, finished_at = now(), device_id = $2, rule_set_versions = $3, observation_count = $4,
         finding_count = $5, new_finding_count = $6, artefacts = $7, heuristics = $8, warnings = $9 WHERE id = $1`,
      [
        inspection.id,
        deviceId,
        JSON.stringify(ctx.versions),
        observations.length,
        findings.filter((f) => !f.suppression).length,
        fresh,
        JSON.stringify(
          extracted.artefacts.slice(0, 20_000).map(({ path, kind, observations: n, error, processes, at }) => ({
            path,
            kind,
            observations: n,
            processes,
            ...(at ? { at } : {}),
            ...(error ? { error } : {}),
          })),
        ),
        JSON.stringify(heuristics),
        JSON.stringify([...failedArtefacts, ...extracted.warnings].slice(0, 200)),
      ],
    );
  });
}

/**
 * A rescan: the stored observations of one device (or of every device of the tenant) matched
 * again against the current rule sets, without the files. Each device gets a rescan inspection
 * recording the rule-set versions used; only findings not stored before open or update incidents.
 */
export async function runRescanJob(db: Database, job: ClaimedJob<RescanJobData>): Promise<void> {
  const { tenantId, deviceId: asked } = job.data;
  const devices = asked
    ? [{ id: asked }]
    : await db.query<{ id: string }>('SELECT id FROM gluon_devices WHERE tenant_id = $1 ORDER BY id', [tenantId]);
  const ctx = await loadMatchContext(db, tenantId);
  for (const device of devices) {
    const rows = await db.query<{
      kind: StoredObservation['kind'];
      value: string;
      source: string;
      line: number | null;
      first_seen: Date | string | null;
      raw: string | null;
    }>(
      'SELECT DISTINCT ON (kind, value) kind, value, source, line, first_seen, raw FROM gluon_observations WHERE device_id = $1 ORDER BY kind, value, first_seen NULLS LAST',
      [device.id],
    );
    const observations: StoredObservation[] = rows.map((r) => {
      const firstSeen = r.first_seen === null ? null : new Date(r.first_seen).toISOString();
      return {
        kind: r.kind,
        value: r.value,
        source: r.source,
        line: r.line,
        raw: r.raw,
        sources: [r.source],
        occurrences: 1,
        firstSeen,
        lastSeen: firstSeen,
      };
    });
    const findings = matchAll(ctx, observations);
    const stillOurs = await db.tx(async (q) => {
      if (!(await job.holds(q))) return false;
      const [exists] = await q.query('SELECT 1 FROM gluon_devices WHERE id = $1 AND tenant_id = $2', [
        device.id,
        tenantId,
      ]);
      if (!exists) return true;
      const [inspection] = await q.query<{ id: string }>(
        `INSERT INTO gluon_inspections (tenant_id, device_id, origin, status, progress, started_at, finished_at, rule_set_versions, observation_count, finding_count)
         VALUES ($1, $2, $6, 'done', 100, now(), now(), $3, $4, $5) RETURNING id`,
        // A tenant-wide job (a rule-set or suppression change) is a rematch, not the device's Rescan.
        [
          tenantId,
          device.id,
          JSON.stringify(ctx.versions),
          observations.length,
          findings.filter((f) => !f.suppression).length,
          asked ? 'rescan' : 'rematch',
        ],
      );
      const fresh = await recordFindings(q, {
        tenantId,
        deviceId: device.id,
        inspectionId: inspection!.id,
        findings,
        ruleSetIds: ctx.ruleSetIds,
      });
      await q.query('UPDATE gluon_inspections SET new_finding_count = $2 WHERE id = $1', [inspection!.id, fresh]);
      // A rescan asked for this device (its page's Rescan) inspects it again: "last inspected" moves.
      // A tenant-wide one (a rule-set change) leaves the devices list's order alone.
      if (asked) await q.query('UPDATE gluon_devices SET last_inspection_at = now() WHERE id = $1', [device.id]);
      return true;
    });
    if (!stillOurs) return;
  }
}
