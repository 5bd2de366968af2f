import { createHash } from 'node:crypto';

import { csvDocument } from '@common/csv/csvCell';
import { isoInZone, UTC_ZONE } from '@common/format/zonedTime';

import type { Queryable } from '../../../contracts';
import { iso, type Stamp } from '../../../db/sqlRows';
import type { IndicatorType, ObservationKind } from '../../inspection/public';
import type { DeviceSummary, ReportFinding } from '../schemas';
import { getDevice } from './devices';
import type { IncidentState } from './incidents';

export async function deviceFindings(
  q: Queryable,
  tenantId: string,
  deviceId: string,
): Promise<{ device: DeviceSummary; findings: ReportFinding[] }> {
  const device = await getDevice(q, tenantId, deviceId);
  const rows = await q.query<Record<string, unknown>>(
    `SELECT f.*, i.family_name, i.state FROM gluon_findings f JOIN gluon_incidents i ON i.id = f.incident_id
     WHERE f.tenant_id = $1 AND f.device_id = $2 ORDER BY i.family_name, f.observed_at NULLS LAST, f.created_at`,
    [tenantId, deviceId],
  );
  return {
    device,
    findings: rows.map((f) => ({
      id: f.id as string,
      incidentId: f.incident_id as string,
      family: f.family_name as string,
      incidentState: f.state as IncidentState,
      indicatorId: f.indicator_id as string,
      indicatorType: f.indicator_type as IndicatorType,
      indicatorValue: f.indicator_value as string,
      ruleSet: f.rule_set_name as string,
      ruleSetVersion: f.rule_set_version as string,
      kind: f.kind as ObservationKind,
      value: f.value as string,
      source: f.source as string,
      line: (f.line as number | null) ?? null,
      observedAt: iso(f.observed_at as Stamp),
      foundAt: iso(f.created_at as Stamp)!,
      suppressed: f.suppressed as boolean,
    })),
  };
}

const CSV_COLUMNS: Array<keyof ReportFinding> = [
  'family',
  'incidentState',
  'indicatorId',
  'indicatorType',
  'indicatorValue',
  'ruleSet',
  'ruleSetVersion',
  'kind',
  'value',
  'source',
  'line',
  'observedAt',
  'foundAt',
  'suppressed',
];

/** The findings as CSV (the one escaper of common/csv: RFC 4180, formulas defused). */
const CSV_TIMES = new Set<keyof ReportFinding>(['observedAt', 'foundAt']);

/** Times in the tenant's zone, named, as its mails print them. */
export function findingsCsv(findings: ReportFinding[], zone: { offset: number; name: string } = UTC_ZONE): string {
  return csvDocument(
    CSV_COLUMNS,
    findings.map((f) =>
      CSV_COLUMNS.map((c) => {
        const value = f[c];
        return CSV_TIMES.has(c) && typeof value === 'string' ? isoInZone(value, zone) : value;
      }),
    ),
  );
}

/** A stable STIX id from its parts, so exporting twice gives the same objects. */
function stixId(type: string, ...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${type}--${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/**
 * STIX 2.1 bundle of `sighting` objects, one per unsuppressed finding, each referencing the matched
 * indicator (`sighting_of_ref`) and the device as an `identity` (`where_sighted_refs`).
 */
export function findingsStix(
  device: DeviceSummary,
  findings: ReportFinding[],
  now = new Date(),
): Record<string, unknown> {
  const created = now.toISOString();
  const where = {
    type: 'identity',
    spec_version: '2.1',
    id: stixId('identity', 'device', device.id),
    created,
    modified: created,
    name: device.name,
    identity_class: 'system',
    ...(device.modelCode || device.osVersion
      ? { description: [device.modelCode, device.osVersion].filter(Boolean).join(', ') }
      : {}),
  };
  const sightings = findings
    .filter((f) => !f.suppressed)
    .map((f) => ({
      type: 'sighting',
      spec_version: '2.1',
      id: stixId('sighting', device.id, f.id),
      created,
      modified: created,
      sighting_of_ref: f.indicatorId,
      where_sighted_refs: [where.id],
      first_seen: f.observedAt ?? f.foundAt,
      last_seen: f.observedAt ?? f.foundAt,
      count: 1,
      description: `${f.family}: ${f.kind} ${f.value} in ${f.source}${f.line ? ` line ${f.line}` : ''} (rule set ${f.ruleSet} ${f.ruleSetVersion})`,
    }));
  return { type: 'bundle', id: stixId('bundle', device.id, created), objects: [where, ...sightings] };
}
