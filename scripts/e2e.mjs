#!/usr/bin/env node
// Runs every Playwright suite (e2e/playwright.config.ts first, then e2e/*/playwright.config.ts)
// in Debian's Chromium. `npm run test:e2e [-- --json-dir <dir>]`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function playwrightConfigs() {
  const configs = [];
  if (existsSync(path.join(root, 'e2e/playwright.config.ts'))) configs.push('e2e/playwright.config.ts');
  for (const dir of readdirSync(path.join(root, 'e2e'), { withFileTypes: true })) {
    if (dir.isDirectory() && existsSync(path.join(root, 'e2e', dir.name, 'playwright.config.ts')))
      configs.push(`e2e/${dir.name}/playwright.config.ts`);
  }
  return configs;
}

/**
 * A folder the suites of one run share (E2E_PREPARED_DIR, e2e/shared/preparedOnce.ts): the first
 * suite's globalSetup builds the console, makes the PGlite templates and bundles the API children
 * there, the others reuse them. `remove()` deletes it and the bundles after the last suite.
 */
export function preparedE2eRun() {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-e2e-'));
  return {
    env: { E2E_PREPARED_DIR: dir },
    remove() {
      rmSync(dir, { recursive: true, force: true });
      // Where e2e/shared/apiBundlePath.ts puts a suite's bundle for this folder.
      for (const suite of ['public', 'signin'])
        rmSync(path.join(root, 'node_modules/.cache', `e2e-${suite}`, path.basename(dir)), {
          recursive: true,
          force: true,
        });
    },
  };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const chromium = spawnSync('bash', ['scripts/ensure-chromium.sh'], { cwd: root, stdio: 'inherit' });
  if (chromium.status !== 0) process.exit(chromium.status ?? 1);
  let failed = false;
  const prepared = preparedE2eRun();
  for (const config of playwrightConfigs()) {
    console.log(`\n== playwright -c ${config}`);
    const run = spawnSync('npx', ['playwright', 'test', '-c', config, ...process.argv.slice(2)], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...prepared.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    });
    if (run.status !== 0) failed = true;
  }
  prepared.remove();
  process.exit(failed ? 1 : 0);
}
