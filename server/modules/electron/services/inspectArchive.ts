import type { Readable } from 'node:stream';

import type { Database, Queryable } from '../../../contracts';
import {
  asObservation,
  type FileStorage,
  insertObservations,
  loadMatchContext,
  ObservationSet,
  recordFindings,
  resolveDevice,
} from '../../gluon/public';
import { ArchiveError, type Finding, type MacReport, readAftermath, worstLevel } from '../../inspection/public';
import type { ElectronInspectJobData } from './archives';

/** An archive read into memory when the storage has no local path (an object store). */
export const MAX_IN_MEMORY_ARCHIVE_BYTES = 512 * 1024 * 1024;
/** Rows of each list the Mac's page keeps per archive. */
export const MAX_REPORT_ROWS = 20_000;

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

/** What the Mac's page shows of an archive (the observations live in gluon_observations). */
export function storedReport(report: MacReport): Omit<MacReport, 'observations'> {
  const cap = <T>(list: T[]) => list.slice(0, MAX_REPORT_ROWS);
  return {
    identity: report.identity,
    security: report.security,
    persistence: cap(report.persistence),
    tcc: cap(report.tcc),
    processes: cap(report.processes),
    network: cap(report.network),
    downloads: cap(report.downloads),
    xprotect: cap(report.xprotect),
    timeline: report.timeline,
    heuristics: report.heuristics.slice(0, 500),
    artefacts: cap(report.artefacts),
    warnings: report.warnings.slice(0, 200),
  };
}

async function fail(db: Database, holds: (q: Queryable) => Promise<boolean>, id: string, message: string) {
  await db.tx(async (q) => {
    if (!(await holds(q))) return;
    await q.query("UPDATE gluon_inspections SET status = 'failed', error = $2, finished_at = now() WHERE id = $1", [
      id,
      message,
    ]);
  });
}

/**
 * One archive: read it (the zip's checks refuse a hostile one with its reason), match what it
 * holds against the tenant's enabled rule sets with gluon's matcher, then, in ONE transaction that
 * first checks the job is still ours: the Mac (gluon's device, by serial), the observations
 * (neutrino hunts and rescans read them), the findings and incidents (gluon's), and the report.
 */
export async function runElectronInspectJob(
  db: Database,
  storage: FileStorage,
  job: { data: ElectronInspectJobData; holds(q: Queryable): Promise<boolean> },
  now: () => Date = () => new Date(),
): Promise<void> {
  const [row] = await db.query<{ id: string; tenant_id: string; file_name: string | null; storage_key: string | null }>(
    'SELECT n.id, n.tenant_id, n.file_name, f.storage_key FROM gluon_inspections n LEFT JOIN gluon_files f ON f.id = n.file_id WHERE n.id = $1',
    [job.data.inspectionId],
  );
  if (!row || !row.storage_key) return;
  const started = await db.tx(async (q) => {
    if (!(await job.holds(q))) return false;
    await q.query(
      "UPDATE gluon_inspections SET status = 'running', progress = 10, started_at = now(), error = NULL WHERE id = $1",
      [row.id],
    );
    return true;
  });
  if (!started) return;
  const fileName = row.file_name ?? 'archive.zip';
  let report: MacReport;
  try {
    let input: Buffer | string;
    if (storage.localPath) input = storage.localPath(row.storage_key);
    else {
      const data = await readAll(storage.read(row.storage_key), MAX_IN_MEMORY_ARCHIVE_BYTES);
      if (!data) throw new ArchiveError('too-large', `the archive is larger than ${MAX_IN_MEMORY_ARCHIVE_BYTES} bytes`);
      input = data;
    }
    report = await readAftermath(input, { now: now() });
  } catch (error) {
    const message = error instanceof ArchiveError ? `${fileName}: ${error.message}` : `${fileName} could not be read.`;
    await fail(db, job.holds, row.id, message);
    return;
  }
  const set = new ObservationSet();
  for (const o of report.observations) set.add(o);
  const observations = set.values();
  const ctx = await loadMatchContext(db, row.tenant_id);
  const findings: Finding[] = [];
  for (const o of observations) findings.push(...ctx.matcher.match(asObservation(o), { includeSuppressed: true }));
  const level = worstLevel(report.heuristics.map((h) => h.level));
  const failed = report.artefacts.filter((a) => a.error).map((a) => `${a.path}: ${a.error}`);
  await db.tx(async (q) => {
    if (!(await job.holds(q))) return;
    const { identity } = report;
    const deviceId = await resolveDevice(
      q,
      row.tenant_id,
      null,
      {
        platform: 'macos',
        ...(identity.model ? { modelCode: identity.model } : {}),
        ...(identity.osVersion ? { osVersion: identity.osVersion } : {}),
        ...(identity.serial ? { serial: identity.serial } : {}),
      },
      fileName,
    );
    await q.query('DELETE FROM gluon_observations WHERE inspection_id = $1', [row.id]);
    await insertObservations(q, row.id, deviceId, observations);
    const fresh = await recordFindings(q, {
      tenantId: row.tenant_id,
      deviceId,
      inspectionId: row.id,
      findings,
      ruleSetIds: ctx.ruleSetIds,
    });
    await q.query(
      `UPDATE gluon_inspections SET status = 'done', progress = 100, finished_at = now(), device_id = $2, rule_set_versions = $3,
         observation_count = $4, finding_count = $5, new_finding_count = $6, artefacts = $7, warnings = $8 WHERE id = $1`,
      [
        row.id,
        deviceId,
        JSON.stringify(ctx.versions),
        observations.length,
        findings.filter((f) => !f.suppression).length,
        fresh,
        JSON.stringify(
          report.artefacts.map((a) => ({
            path: a.path,
            kind: 'aftermath',
            observations: a.records,
            processes: [],
            ...(a.error ? { error: a.error } : {}),
          })),
        ),
        JSON.stringify([...failed, ...report.warnings].slice(0, 200)),
      ],
    );
    await q.query(
      'UPDATE electron_archives SET device_id = $2, heuristic_level = $3, report = $4 WHERE inspection_id = $1',
      [row.id, deviceId, level, JSON.stringify(storedReport(report))],
    );
  });
}
