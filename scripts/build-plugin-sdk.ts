// npm run plugin-sdk:build [-- --out DIR]: builds @console/plugin-sdk as it is published, from
// core's public surface (core/sdk/index.ts): ES modules, one bundled .d.ts per entry and a
// package.json pointing at them, then `npm pack`s it. A plugin outside this repository depends on
// the .tgz (`"@console/plugin-sdk": "file:…/console-plugin-sdk-1.0.0.tgz"`); in the repository the
// source package (packages/plugin-sdk) is used directly. Decision 0032 says why it is built so.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDtsBundle } from 'dts-bundle-generator';
import { build } from 'esbuild';

import { SHARED_MODULES } from '../common/runtimePlugins/sharedModules';

const ROOT = path.resolve(import.meta.dirname, '..');
const SOURCE = path.join(ROOT, 'packages/plugin-sdk');

/**
 * Libraries the SDK's types name but never carries: the console's shared modules (a plugin gets
 * the console's instances) and axios, whose request and answer types HttpService speaks.
 */
const TYPE_LIBRARIES = ['react', 'react-dom', 'rxjs', 'tsyringe', 'wouter', '@blueprintjs/core', 'axios'];

export interface BuiltSdk {
  /** The folder holding the built package (package.json, *.js, *.d.ts). */
  dir: string;
  /** The packed package, for `npm install FILE`. */
  tarball: string;
  version: string;
}

interface SourcePackage {
  name: string;
  version: string;
  description: string;
  peerDependencies: Record<string, string>;
}

function rootVersionOf(name: string): string {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const range = pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
  if (!range) throw new Error(`${name} is not a dependency of the console`);
  return range;
}

/** Builds the SDK into `outDir` (emptied first) and packs it there. */
export async function buildPluginSdk(outDir = path.join(SOURCE, 'dist')): Promise<BuiltSdk> {
  const source = JSON.parse(readFileSync(path.join(SOURCE, 'package.json'), 'utf8')) as SourcePackage;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  // One build of both entries, split: testing's ServicesProvider and the page's useService must be
  // the same module (one React context), so their shared code lands in one chunk both import.
  await build({
    absWorkingDir: ROOT,
    entryPoints: { index: path.join(SOURCE, 'src/index.ts'), testing: path.join(SOURCE, 'src/testing.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    jsx: 'automatic',
    outdir: outDir,
    chunkNames: 'chunks/[name]-[hash]',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    external: [...SHARED_MODULES.filter((m) => m !== '@console/plugin-sdk'), 'reflect-metadata', 'axios'],
    logLevel: 'silent',
  });

  const [indexTypes, testingTypes] = generateDtsBundle(
    ['src/index.ts', 'src/testing.tsx'].map((file) => ({
      filePath: path.join(SOURCE, file),
      libraries: { importedLibraries: TYPE_LIBRARIES },
      output: { noBanner: true },
    })),
    { preferredConfigPath: path.join(SOURCE, 'tsconfig.build.json') },
  );
  writeFileSync(path.join(outDir, 'index.d.ts'), indexTypes!);
  writeFileSync(path.join(outDir, 'testing.d.ts'), testingTypes!);

  const published = {
    name: source.name,
    version: source.version,
    description: source.description,
    type: 'module',
    sideEffects: false,
    exports: {
      '.': { types: './index.d.ts', import: './index.js' },
      './testing': { types: './testing.d.ts', import: './testing.js' },
    },
    files: ['*.js', '*.d.ts', 'chunks'],
    // reflect-metadata is what tsyringe needs in a test; axios only for the HTTP types.
    dependencies: { axios: rootVersionOf('axios'), 'reflect-metadata': rootVersionOf('reflect-metadata') },
    peerDependencies: source.peerDependencies,
  };
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  const packed = execFileSync('npm', ['pack', '--silent', '--pack-destination', outDir], {
    cwd: outDir,
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .at(-1)!;
  return { dir: outDir, tarball: path.join(outDir, packed), version: source.version };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const built = await buildPluginSdk(values.out ? path.resolve(values.out) : undefined);
  console.log(`@console/plugin-sdk ${built.version}: ${path.relative(process.cwd(), built.tarball)}`);
}
