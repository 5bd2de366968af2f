import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Modules that find their files next to themselves (migrations, installers, fixtures) keep the
 * address of their own source file, not the bundle's.
 */
const keepModuleUrls: Plugin = {
  name: 'keep-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: 'ts',
      };
    });
  },
};

/**
 * A suite's API child (`entry`, e.g. e2e/signin/fixtures/apiServer.ts) and the server code it runs
 * as ONE JavaScript file (packages stay external): each of the suite's API starts then loads one
 * file instead of tsx compiling and resolving hundreds of TypeScript modules (about 3 s of CPU of
 * a 2-core machine per start). `outfile` must lie inside the repository (node_modules/.cache/…)
 * so that the packages resolve from it.
 */
export async function bundleApiServer(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    plugins: [keepModuleUrls],
    logLevel: 'warning',
  });
}
