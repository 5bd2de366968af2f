import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import * as sharedSchemas from '../schemas';
import * as collectorSchemas from './gluon/collector/schemas';
import * as gluonSchemas from './gluon/schemas';
import * as monitoringSchemas from './monitoring/schemas';
import * as neutrinoSchemas from './neutrino/schemas';
import * as userSchemas from './users/userSchemas';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

/** Every `title` (named() in server/schemas.ts) reachable from the schema modules' exports. */
function titles(value: unknown, into = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!value || typeof value !== 'object' || seen.has(value)) return into;
  seen.add(value);
  const title = (value as { title?: unknown }).title;
  if (typeof title === 'string') into.add(title);
  for (const child of Object.values(value)) titles(child, into, seen);
  return into;
}

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter(
      (e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !/[sS]chemas\.ts$/.test(e.name),
    )
    .map((e) => path.join(e.parentPath, e.name));
}

/** `export interface X` / `export type X = {…}` declarations named after a schema: a hand-written twin of it. */
export function findTwins(source: string, names: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(
    /^export\s+(?:interface\s+([A-Za-z0-9_]+)|type\s+([A-Za-z0-9_]+)\s*(?:<[^=]*>)?\s*=(?!\s*FromSchema\b))/gm,
  )) {
    const name = m[1] ?? m[2]!;
    if (names.has(name)) found.push(name);
  }
  return found;
}

describe('answers come from named schemas (no hand-written twin of a schema)', () => {
  const names = titles([
    sharedSchemas,
    gluonSchemas,
    collectorSchemas,
    monitoringSchemas,
    neutrinoSchemas,
    userSchemas,
  ]);

  it('the schema modules name their answers', () => {
    for (const name of [
      'DeviceSummary',
      'IncidentDetail',
      'CollectorLink',
      'AlertView',
      'MonitoringOverview',
      'HuntPage',
      'SweepResult',
      'AdminUserView',
      'SignInAnswer',
      'UserView',
    ])
      expect(names).toContain(name);
  });

  it('no module or shared service outside the schema files declares a type named after a schema: import the schema-derived type', async () => {
    const twins: string[] = [];
    for (const file of [...(await sources(modulesDir)), ...(await sources(path.join(modulesDir, '../services')))]) {
      for (const name of findTwins(await readFile(file, 'utf8'), names))
        twins.push(`${path.relative(modulesDir, file)}: ${name}`);
    }
    expect(
      twins,
      'derive these from their schema (export type X = FromSchema<typeof xSchema> next to it) and delete the copy',
    ).toEqual([]);
  });

  it('the scanner finds a planted twin and lets a derived type or an unrelated type pass', () => {
    const planted = [
      'export interface DeviceSummary {\n  id: string;\n}',
      'export type IncidentDetail = { id: string };',
      'export type QueuePage = FromSchema<typeof incidentQueueSchema>;',
      'export interface DeviceRow {\n  id: string;\n}',
    ].join('\n');
    expect(findTwins(planted, names)).toEqual(['DeviceSummary', 'IncidentDetail']);
  });
});
