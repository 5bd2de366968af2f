import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { prepareOnce } from './preparedOnce';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The console (`entry`, the production one by default) built by build.mjs into `outdir`, unless a suite of this run already did. */
export function prepareConsoleBuild(outdir: string, entry = 'host/main.tsx'): Promise<void> {
  return prepareOnce(outdir, () => {
    execFileSync(process.execPath, ['build.mjs', '--entry', entry, '--outdir', outdir, '--quiet'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  });
}
