import { describe, expect, it } from 'vitest';

import type { Json } from '../../../test/json';
import type { DeviceSummary, ReportFinding } from '../schemas';
import { ObservationSet } from './observationSet';
import { findingsCsv, findingsStix } from './reports';

const device: DeviceSummary = {
  id: 'd-1',
  name: 'iPhone',
  displayName: 'iPhone',
  platform: 'ios',
  securityPatch: null,
  buildFingerprint: null,
  serial: null,
  modelCode: 'iPhone14,2',
  osVersion: '16.5',
  crashReporterKey: 'k',
  lastInspectionAt: null,
  inspections: 1,
  openIncidents: 1,
  severity: 'high',
};
const finding = (over: Partial<ReportFinding>): ReportFinding => ({
  id: 'f-1',
  incidentId: 'i-1',
  family: 'DarkSword',
  incidentState: 'open',
  indicatorId: 'indicator--1',
  indicatorType: 'file:path',
  indicatorValue: '/private/var/tmp/icloud_dump',
  ruleSet: 'DarkSword',
  ruleSetVersion: '1',
  kind: 'path',
  value: '/private/var/tmp/icloud_dump/helper',
  source: 'shutdown.log',
  line: 3,
  observedAt: '2023-06-01T08:30:00.000Z',
  foundAt: '2026-11-23T05:00:00.000Z',
  suppressed: false,
  ...over,
});

describe('reports', () => {
  it('CSV quotes separators and neutralises cells a spreadsheet would run as formulas', () => {
    const csv = findingsCsv([finding({ value: '=HYPERLINK("x"), y', source: '-cmd' })]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(
      'family,incidentState,indicatorId,indicatorType,indicatorValue,ruleSet,ruleSetVersion,kind,value,source,line,observedAt,foundAt,suppressed',
    );
    expect(row).toContain(`"'=HYPERLINK(""x""), y",'-cmd,3`);
  });

  it('STIX: one sighting per active finding, referencing the indicator and the device identity; ids stable', () => {
    const at = new Date('2026-11-23T05:00:00Z');
    const bundle = findingsStix(device, [finding({}), finding({ id: 'f-2', suppressed: true })], at) as {
      objects: Json[];
    };
    const [identity, ...sightings] = bundle.objects;
    expect(identity).toMatchObject({ type: 'identity', spec_version: '2.1', name: 'iPhone', identity_class: 'system' });
    expect(sightings).toHaveLength(1);
    expect(sightings[0]).toMatchObject({
      type: 'sighting',
      sighting_of_ref: 'indicator--1',
      where_sighted_refs: [identity!.id],
      first_seen: '2023-06-01T08:30:00.000Z',
      count: 1,
    });
    expect(sightings[0]!.id).toMatch(/^sighting--[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((findingsStix(device, [finding({})], at) as { objects: Array<{ id: string }> }).objects[1]!.id).toBe(
      sightings[0]!.id,
    );
  });
});

describe('observation set', () => {
  it('keeps one row per kind and value: the first as evidence, five sources, occurrences, first and last seen', () => {
    const set = new ObservationSet();
    for (let i = 0; i < 8; i++)
      set.add({
        kind: 'path',
        value: '/usr/lib/libA.dylib',
        source: `r${i}.ips`,
        line: i + 1,
        raw: `usedImages[0].path`,
        timestamp: `2023-06-0${i + 1}T00:00:00.000Z`,
      });
    set.add({ kind: 'process', value: '/usr/lib/libA.dylib', source: 'ps.txt' });
    expect(set.size).toBe(2);
    const [lib] = set.values();
    expect(lib).toMatchObject({
      source: 'r0.ips',
      line: 1,
      occurrences: 8,
      firstSeen: '2023-06-01T00:00:00.000Z',
      lastSeen: '2023-06-08T00:00:00.000Z',
    });
    expect(lib!.sources).toEqual(['r0.ips', 'r1.ips', 'r2.ips', 'r3.ips', 'r4.ips']);
  });
});
