import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Where `suite`'s bundled API child (bundleApiServer.ts) goes for the run in `runDir`: inside
 * the repository (node_modules/.cache/e2e-{suite}/…) so that its packages resolve, one folder
 * per run. Apart from bundleApiServer.ts so that the workers, which only fork the bundle, do not load esbuild.
 */
export function apiBundlePath(suite: string, runDir: string): string {
  return path.join(ROOT, 'node_modules/.cache', `e2e-${suite}`, path.basename(runDir), 'apiServer.mjs');
}
