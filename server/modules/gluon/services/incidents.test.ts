import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../../contracts';
import { createTestDatabase } from '../../../test/testApp';
import type { Finding } from '../../inspection/public';
import { recordFindings } from './incidents';

/** recordFindings on the database (PGlite or PostgreSQL per TEST_DB): findings go in batches, each once per device. */
describe('recordFindings', () => {
  let db: Database;
  let tenantId: string;
  let deviceId: string;
  let inspectionId: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    [{ id: tenantId }] = (await db.query<{ id: string }>(
      "INSERT INTO tenants (name) VALUES ('Findings') RETURNING id",
    )) as [{ id: string }];
    [{ id: deviceId }] = (await db.query<{ id: string }>(
      "INSERT INTO gluon_devices (tenant_id, name) VALUES ($1, 'iPhone') RETURNING id",
      [tenantId],
    )) as [{ id: string }];
    [{ id: inspectionId }] = (await db.query<{ id: string }>(
      "INSERT INTO gluon_inspections (tenant_id, device_id, origin) VALUES ($1, $2, 'upload') RETURNING id",
      [tenantId, deviceId],
    )) as [{ id: string }];
  });
  afterAll(() => db.close());

  const finding = (i: number, family = 'malware--dark'): Finding => ({
    observation: {
      kind: 'path',
      value: `/private/var/tmp/implant-${i}`,
      source: 'ps.txt',
      line: i,
      timestamp: '2023-06-01 10:17:55.00 +0200',
      ...(i % 2 ? { raw: `line ${i}` } : {}),
    },
    indicator: {
      id: `indicator--${i % 7}`,
      type: 'file:path',
      value: `/private/var/tmp/implant-${i}`,
      pattern: `[file:path = '/private/var/tmp/implant-${i}']`,
    },
    family: { id: family, name: family === 'malware--dark' ? 'DarkSword' : 'KingSpawn' },
    ruleSet: { id: 'bundle--1', name: 'Rules', version: '1' },
    route: 'exact',
  });

  it('records more findings than one batch holds, each once, and counts only the new ones', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => finding(i));
    // The same finding twice in one call, and a second family.
    const input = {
      tenantId,
      deviceId,
      inspectionId,
      ruleSetIds: new Map<string, string>(),
      findings: [...many, finding(3), finding(9000, 'malware--king')],
    };
    expect(await db.tx((q) => recordFindings(q, input))).toBe(2501);
    const rows = await db.query<{ family_name: string; n: number }>(
      'SELECT i.family_name, count(*)::int AS n FROM gluon_findings f JOIN gluon_incidents i ON i.id = f.incident_id WHERE f.device_id = $1 GROUP BY 1 ORDER BY 1',
      [deviceId],
    );
    expect(rows).toEqual([
      { family_name: 'DarkSword', n: 2500 },
      { family_name: 'KingSpawn', n: 1 },
    ]);
    const [one] = await db.query<{ line: number; raw: string | null; observed_at: Date; inspection_id: string }>(
      'SELECT line, raw, observed_at, inspection_id FROM gluon_findings WHERE value = $1',
      ['/private/var/tmp/implant-3'],
    );
    expect(one).toMatchObject({ line: 3, raw: 'line 3', inspection_id: inspectionId });
    expect(one!.observed_at.toISOString()).toBe('2023-06-01T08:17:55.000Z');
    // The next inspection finds the same things: nothing new, no second incident.
    expect(await db.tx((q) => recordFindings(q, input))).toBe(0);
    expect(await db.query('SELECT id FROM gluon_incidents WHERE device_id = $1', [deviceId])).toHaveLength(2);
    // The timeline counts in words: "1 finding", not "1 finding(s)".
    const opened = await db.query<{ family_name: string; comment: string }>(
      "SELECT i.family_name, e.comment FROM gluon_incident_events e JOIN gluon_incidents i ON i.id = e.incident_id WHERE i.device_id = $1 AND e.kind = 'opened' ORDER BY 1",
      [deviceId],
    );
    expect(opened).toEqual([
      { family_name: 'DarkSword', comment: '2500 findings' },
      { family_name: 'KingSpawn', comment: '1 finding' },
    ]);
  });
});
