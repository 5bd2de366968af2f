import type { ArchiveInput } from './archiveBytes';
import { type ArtefactKind, extractArtefact } from './artefacts';
import type { Matcher } from './matcher';
import { type ArchiveLimits, type ArchiveSummary, DEFAULT_ARCHIVE_LIMITS, scanArchive } from './safeArchive';
import type { DeviceIdentity, ExtractionResult, Finding, HeuristicFinding } from './types';

export interface ArtefactReport {
  path: string;
  kind: ArtefactKind;
  observations: number;
  error?: string;
  warnings: string[];
}

export interface InspectionReport {
  device: DeviceIdentity;
  findings: Finding[];
  heuristics: HeuristicFinding[];
  artefacts: ArtefactReport[];
  observations: number;
  archive: ArchiveSummary;
}

/** Field by field, the first value seen wins; a second device's values are reported, not mixed in. */
function mergeDevice(into: DeviceIdentity, from: DeviceIdentity, source: string, warnings: string[]): void {
  for (const key of ['osVersion', 'modelCode', 'crashReporterKey'] as const) {
    const value = from[key];
    if (!value) continue;
    if (!into[key]) into[key] = value;
    else if (key === 'crashReporterKey' && into[key] !== value) {
      warnings.push(`${source}: report of another device (crashReporterKey ${value})`);
    }
  }
}

/**
 * Scans an archive in memory and matches every artefact's observations as it goes, so only the
 * findings are kept. ArchiveError when the archive itself is refused; an unreadable artefact is
 * listed with its error and the others are still inspected.
 */
export async function inspectArchive(
  input: ArchiveInput,
  matcher: Matcher,
  limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS,
): Promise<InspectionReport> {
  const device: DeviceIdentity = {};
  const findings: Finding[] = [];
  const heuristics: HeuristicFinding[] = [];
  const artefacts: ArtefactReport[] = [];
  const deviceWarnings: string[] = [];
  let observations = 0;
  const archive = await scanArchive(
    input,
    ({ path, kind, data }) => {
      const result: ExtractionResult = extractArtefact(path, data, limits.maxArtefactBytes);
      for (const observation of result.observations) {
        const found = matcher.match(observation);
        // Most observations find nothing: no spread call for them (this runs 270,000 times in the bench).
        for (let i = 0; i < found.length; i++) findings.push(found[i]!);
      }
      for (const heuristic of result.heuristics) heuristics.push(heuristic);
      mergeDevice(device, result.device, path, deviceWarnings);
      observations += result.observations.length;
      artefacts.push({
        path,
        kind,
        observations: result.observations.length,
        ...(result.error ? { error: result.error } : {}),
        warnings: result.warnings,
      });
    },
    limits,
  );
  archive.warnings.push(...deviceWarnings);
  return { device, findings, heuristics, artefacts, observations, archive };
}
