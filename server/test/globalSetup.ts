import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a migrated PGlite data dir; each test app loads its own copy (~0.5 s instead of ~4.5 s). */
    pgliteTemplate: string;
    /** Admin URL of the test PostgreSQL server (TEST_DB=postgres). */
    pgAdminUrl: string;
    /** Migrated template database each test app's database is created from. */
    pgTemplateDb: string;
  }
}

/** vitest globalSetup of the `server` project: one migrated PGlite template per test run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const db = await openPglite();
  await migrate(db);
  const blob = await db.pglite.dumpDataDir('none');
  await db.close();
  const file = path.join(os.tmpdir(), `mtd-pglite-template-${process.pid}-${Date.now()}.tar`);
  await writeFile(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  if (process.env.DEBUG_TEST_DB) console.log(`PGlite template ready in ${Date.now() - started} ms`);
  return async () => {
    await rm(file, { force: true });
  };
}
