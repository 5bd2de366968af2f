// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without type declarations
import { parseArgs, registerInHost, scaffold } from '../scripts/new-plugin.mjs';

const root = path.resolve(import.meta.dirname, '..');
let copy: string;

// A copy of the project (node_modules linked) so the scaffold is built and tested for real
// without touching the working tree.
beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'new-plugin-'));
  for (const entry of ['core', 'host', 'plugins', 'tests', 'scripts', 'types', 'build.mjs', 'package.json', 'tsconfig.json', 'vitest.config.ts']) {
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('new-plugin', () => {
  it.each([['Bad'], ['1x'], ['a_b'], ['has space']])('rejects the id %j', (id) => {
    expect(() => scaffold({ ...parseArgs([id]), root: copy })).toThrow(/invalid plugin id/);
  });

  it('rejects unknown prefixes and refuses to overwrite', () => {
    expect(() => scaffold({ ...parseArgs(['sonar', '--requires', 'xyz']), root: copy })).toThrow(/unknown permission prefix 'xyz'/);
    expect(() => scaffold({ ...parseArgs(['gluon']), root: copy })).toThrow(/already exists/);
  });

  it('registers the manifest in host/main.tsx once', () => {
    const main = "import { a } from '../plugins/a';\nimport { startHost } from './startHost';\n\nexport const plugins = [\n  a,\n];\n";
    const next = registerInHost(main, 'sonar-scope');
    expect(next).toContain("import { sonarScopePlugin } from '../plugins/sonar-scope';");
    expect(next).toContain('  a,\n  sonarScopePlugin,\n];');
    expect(registerInHost(next, 'sonar-scope')).toBeNull();
  });

  it('scaffolds a plugin that builds into its own chunk, passes its test and the boundaries', () => {
    const result = spawnSync('node', ['scripts/new-plugin.mjs', 'sonar', '--requires', 'elc', '--title', 'Sonar'], { cwd: copy, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Registered sonarPlugin in host/main.tsx');
    for (const file of ['plugins/sonar/index.ts', 'plugins/sonar/pages/SonarPage.tsx', 'plugins/sonar/sonar.test.tsx']) {
      expect(existsSync(path.join(copy, file)), file).toBe(true);
    }
    expect(readFileSync(path.join(copy, 'host/main.tsx'), 'utf8')).toContain("import { sonarPlugin } from '../plugins/sonar';");

    const outdir = path.join(copy, 'dist-test');
    mkdirSync(outdir, { recursive: true });
    execFileSync('node', ['build.mjs', '--outdir', outdir, '--quiet'], { cwd: copy, stdio: 'pipe' });
    const report = JSON.parse(readFileSync(path.join(outdir, 'build-report.json'), 'utf8')) as { routes: { path: string; pageChunk: string | null }[] };
    expect(report.routes.find((route) => route.path === '/sonar')?.pageChunk).toMatch(/^SonarPage-[A-Z0-9]+\.js$/);

    const tests = spawnSync('npx', ['vitest', 'run', '--project', 'unit', 'plugins/sonar'], { cwd: copy, encoding: 'utf8' });
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
    expect(tests.stdout).toMatch(/2 passed/);

    const boundaries = spawnSync('node', ['scripts/check-boundaries.mjs'], { cwd: copy, encoding: 'utf8' });
    expect(boundaries.status, boundaries.stderr).toBe(0);
  }, 240_000);
});
