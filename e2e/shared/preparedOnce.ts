import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where a suite's globalSetup puts what every API start of the run reads (the console's build, a
 * migrated PGlite template, the dev IdP's keys): the suite's own run folder, or, when a caller
 * runs several suites one after the other (scripts/e2e.mjs, so `npm test`), E2E_PREPARED_DIR,
 * a folder that caller keeps for its whole run and removes after it. There the first suite makes
 * each piece and the others reuse it: a build and a template are ~20 s of a 2-core machine that
 * six suites paid again for the same bytes. Suites sharing the folder run one after the other.
 */
export function preparedDir(runDir: string): string {
  return process.env.E2E_PREPARED_DIR || runDir;
}

/** True when the folder is the caller's (kept between suites), not the suite's run folder. */
export function preparedByCaller(): boolean {
  return !!process.env.E2E_PREPARED_DIR;
}

/**
 * Makes `target` (a file or folder inside the prepared folder) with `make` unless an earlier suite
 * of the run finished it (`<target>.ready`, written last, so a suite stopped half-way is redone).
 */
export async function prepareOnce(target: string, make: () => void | Promise<void>): Promise<void> {
  const ready = `${target}.ready`;
  if (existsSync(ready)) return;
  rmSync(target, { recursive: true, force: true });
  mkdirSync(path.dirname(target), { recursive: true });
  await make();
  writeFileSync(ready, '');
}
