import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';

import type { Database } from '../contracts';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { registerGluonJobs } from '../modules/gluon/jobs';
import { createFsStorage, type FileStorage } from '../modules/gluon/services/fileStorage';
import { importRuleSet } from '../modules/gluon/services/ruleSets';
import { FIXTURE_BUNDLES, readFixtureBundle } from '../modules/inspection/indicatorFixtures';
import { JobQueue } from '../queue';

/** gluon's pipeline as the API runs it, on a fresh embedded database and a temporary store folder. */
export interface BenchPipeline {
  db: Database;
  storage: FileStorage;
  queue: JobQueue;
  /** The one tenant, with the MVT fixture bundles (and any extra ones) imported. */
  tenantId: string;
}

/**
 * Runs `use` on a migrated PGlite with one tenant, the fixture rule sets (plus `extraBundles`), a
 * folder store and the inspection worker registered, then removes it all: what every inspection
 * bench measures on, so a figure in one is comparable with another's.
 */
export async function withBenchPipeline<T>(
  name: string,
  use: (pipeline: BenchPipeline) => Promise<T>,
  extraBundles: readonly Parameters<typeof importRuleSet>[1]['bundle'][] = [],
): Promise<T> {
  const store = await mkdtemp(path.join(os.tmpdir(), `${name}-`));
  const db = await openPglite();
  try {
    await migrate(db);
    const [tenant] = await db.query<{ id: string }>("INSERT INTO tenants (name) VALUES ('bench') RETURNING id");
    const tenantId = tenant!.id;
    for (const bundle of [...FIXTURE_BUNDLES.map(readFixtureBundle), ...extraBundles])
      await importRuleSet(db, { tenantId, userId: null, bundle });
    const storage = createFsStorage(store);
    const queue = new JobQueue(db);
    registerGluonJobs(queue, { db, storage, log: Fastify({ logger: false }).log });
    return await use({ db, storage, queue, tenantId });
  } finally {
    await db.close();
    await rm(store, { recursive: true, force: true });
  }
}

/**
 * A bench whose inspection must have a peak RSS of its own: the parent generates the input file
 * (holding it in memory as it likes), then runs this same script again in a child with `envName`
 * naming the file, and the child inspects it. Returns in the child after `inspect`, in the parent
 * once the child has exited (its output is the parent's).
 */
export async function inChildProcess(
  scriptUrl: string,
  envName: string,
  fileName: string,
  generate: (file: string) => Promise<void>,
  inspect: (file: string) => Promise<void>,
): Promise<void> {
  const given = process.env[envName];
  if (given) return inspect(given);
  const dir = await mkdtemp(path.join(os.tmpdir(), `${envName.toLowerCase()}-`));
  try {
    const file = path.join(dir, fileName);
    await generate(file);
    execFileSync(process.execPath, [...process.execArgv, fileURLToPath(scriptUrl)], {
      stdio: 'inherit',
      env: { ...process.env, [envName]: file },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
