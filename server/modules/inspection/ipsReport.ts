import { exceedsJsonContainers, MAX_JSON_CONTAINERS, MAX_OBSERVATIONS_PER_FILE } from './bounds';
import { ipsTimestampToIso } from './ipsTimestamp';
import { clipRaw, type DeviceIdentity, type ExtractionResult, type Observation, type ObservationKind } from './types';

/** JSON objects and arrays a header line may hold (real ones: one, with a nested one or two). */
const MAX_HEADER_CONTAINERS = 1_000;

/** Most process and image entries read from one report; real reports stay far below. */
export const MAX_IPS_ENTRIES = 20_000;

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/**
 * An `.ips` diagnostic report: a one-line JSON header (bug_type, os_version, name, timestamp, ...)
 * then a JSON body whose shape depends on bug_type:
 * - 309 crash: procName, procPath, bundleInfo.CFBundleIdentifier, parentProc, usedImages[].path,
 *   modelCode, crashReporterKey, osVersion;
 * - 298 Jetsam (memory pressure): processes[].name, product (model), crashReporterKey, build;
 * - 288 stackshot: processByPid{}.procname, product, crashReporterKey.
 * Other types are read for the same top-level fields when present.
 */
export function extractIpsReport(content: string, source: string): ExtractionResult {
  const result: ExtractionResult = { source, observations: [], heuristics: [], device: {}, warnings: [] };
  const newline = content.indexOf('\n');
  const headerText = (newline < 0 ? content : content.slice(0, newline)).trim();
  const bodyText = newline < 0 ? '' : content.slice(newline + 1).trim();

  // A header is one small flat object; a huge first line is not one, and is not parsed.
  if (exceedsJsonContainers(headerText, MAX_HEADER_CONTAINERS)) {
    return { ...result, error: 'not an .ips report: the first line is not a JSON header' };
  }
  let header: unknown;
  try {
    header = JSON.parse(headerText);
  } catch {
    return { ...result, error: 'not an .ips report: the first line is not a JSON header' };
  }
  if (!isRecord(header)) return { ...result, error: 'not an .ips report: the header is not a JSON object' };

  const bugType = String(header.bug_type ?? '');
  const timestamp = ipsTimestampToIso(header.timestamp);
  // One set per kind: this runs for every process and image of every report, and a key built
  // from kind and value would be a new string to allocate and hash each time.
  const seen = new Map<ObservationKind, Set<string>>();
  const observations = result.observations;
  const observe = (kind: ObservationKind, value: unknown, raw: string, line?: number) => {
    if (typeof value !== 'string') return;
    const v = value.trim();
    if (v === '') return;
    let seenOfKind = seen.get(kind);
    if (!seenOfKind) seen.set(kind, (seenOfKind = new Set()));
    if (seenOfKind.has(v) || observations.length >= MAX_OBSERVATIONS_PER_FILE) return;
    seenOfKind.add(v);
    // Fields in the order the stored evidence has always had them.
    const observation: Observation = { kind, value: v, source, raw: clipRaw(`${raw} = ${v}`) };
    if (line) observation.line = line;
    if (timestamp) observation.timestamp = timestamp;
    observations.push(observation);
  };
  const device: DeviceIdentity = {};
  const osVersion = text(header.os_version);
  if (osVersion) device.osVersion = osVersion;
  result.device = device;

  observe('bundleId', header.bundleID, 'header.bundleID', 1);

  if (bodyText === '') {
    if (['309', '298', '288'].includes(bugType)) return { ...result, error: `bug_type ${bugType} report has no body` };
    processHeaderName(header, observe);
    return result;
  }
  // Counted before parsing: JSON.parse would build every object first (a few hundred KB of gzip
  // can hold tens of MB of `{},`), and the entry limits below apply only after.
  if (exceedsJsonContainers(bodyText)) {
    processHeaderName(header, observe);
    return { ...result, error: `report body has more than ${MAX_JSON_CONTAINERS} JSON objects and arrays: not read` };
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    processHeaderName(header, observe);
    if (['309', '298', '288'].includes(bugType)) {
      return { ...result, error: `bug_type ${bugType} report body is truncated or not JSON` };
    }
    result.warnings.push(`bug_type ${bugType || 'unknown'}: body is not JSON, only the header was read`);
    return result;
  }
  if (!isRecord(body)) return { ...result, error: 'report body is not a JSON object' };

  const model = text(body.modelCode) ?? text(body.product);
  if (model) device.modelCode = model;
  const key = text(body.crashReporterKey);
  if (key) device.crashReporterKey = key;
  if (!device.osVersion) {
    const os = isRecord(body.osVersion) ? [text(body.osVersion.train), text(body.osVersion.build)] : [text(body.build)];
    if (os[0]) device.osVersion = os[1] ? `${os[0]} (${os[1]})` : os[0];
  }

  switch (bugType) {
    case '298':
      readJetsam(body, observe, result);
      break;
    case '288':
      readStackshot(body, observe, result);
      break;
    default:
      if (bugType !== '309') result.warnings.push(`bug_type ${bugType || 'unknown'}: read as a crash report`);
      readCrash(body, header, observe, result);
  }
  return result;
}

/**
 * `usedImages[3].path`: the evidence label of a list entry, kept for the first entries, which every
 * report has, instead of building the same string for each of them again.
 */
const LABELS_KEPT = 256;
const IMAGE_LABELS: string[] = [];
const PROCESS_LABELS: string[] = [];
function entryLabel(kept: string[], list: string, i: number, field: string): string {
  if (i >= LABELS_KEPT) return `${list}[${i}].${field}`;
  return (kept[i] ??= `${list}[${i}].${field}`);
}

type Observe = (kind: ObservationKind, value: unknown, raw: string, line?: number) => void;

function processHeaderName(header: Json, observe: Observe): void {
  observe('process', header.name ?? header.app_name, 'header.name', 1);
}

/** A process given with its path is observed as a path (the matcher also checks its name). */
function readCrash(body: Json, header: Json, observe: Observe, result: ExtractionResult): void {
  const procPath = text(body.procPath);
  if (procPath) observe('path', procPath, 'procPath');
  const procName = text(body.procName) ?? text(header.name) ?? text(header.app_name);
  if (procName && (!procPath || !procPath.endsWith(`/${procName}`))) observe('process', procName, 'procName');
  const bundleInfo = isRecord(body.bundleInfo) ? body.bundleInfo : {};
  observe(
    'bundleId',
    bundleInfo.CFBundleIdentifier ?? body.CFBundleIdentifier ?? body.bundleID,
    'bundleInfo.CFBundleIdentifier',
  );
  observe('process', body.parentProc, 'parentProc');
  observe('process', body.responsibleProc, 'responsibleProc');
  if (Array.isArray(body.usedImages)) {
    const images: unknown[] = body.usedImages;
    if (images.length > MAX_IPS_ENTRIES) result.warnings.push(`usedImages cut at ${MAX_IPS_ENTRIES} entries`);
    for (let i = 0, n = Math.min(images.length, MAX_IPS_ENTRIES); i < n; i++) {
      const image = images[i];
      if (isRecord(image)) observe('path', image.path, entryLabel(IMAGE_LABELS, 'usedImages', i, 'path'));
    }
  }
}

function readJetsam(body: Json, observe: Observe, result: ExtractionResult): void {
  if (!Array.isArray(body.processes)) {
    result.warnings.push('Jetsam report without a processes list');
    return;
  }
  const processes: unknown[] = body.processes;
  if (processes.length > MAX_IPS_ENTRIES) result.warnings.push(`processes cut at ${MAX_IPS_ENTRIES} entries`);
  for (let i = 0, n = Math.min(processes.length, MAX_IPS_ENTRIES); i < n; i++) {
    const p = processes[i];
    if (isRecord(p)) observe('process', p.name, entryLabel(PROCESS_LABELS, 'processes', i, 'name'));
  }
  observe('process', body.largestProcess, 'largestProcess');
}

function readStackshot(body: Json, observe: Observe, result: ExtractionResult): void {
  const byPid = isRecord(body.processByPid)
    ? body.processByPid
    : isRecord(body.process_by_pid)
      ? body.process_by_pid
      : null;
  if (!byPid) {
    result.warnings.push('stackshot report without processByPid');
    return;
  }
  const pids = Object.keys(byPid).slice(0, MAX_IPS_ENTRIES);
  for (const pid of pids) {
    const p = byPid[pid];
    if (isRecord(p)) observe('process', p.procname ?? p.procName, `processByPid.${pid}.procname`);
  }
}
