// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// @ts-expect-error plain ESM script without type declarations
import { pluginLayoutProblems, serverModuleProblems } from '../scripts/lib/pluginLayout.mjs';
// @ts-expect-error plain ESM script without type declarations
import { declaredPrefixes, parseArgs, registerInHost, scaffold } from '../scripts/new-plugin.mjs';

const root = path.resolve(import.meta.dirname, '..');
let copy: string;

// A copy of the project (node_modules linked) so the scaffold is built and tested for real
// without touching the working tree.
beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'new-plugin-'));
  for (const entry of [
    'common',
    'core',
    'host',
    'plugins',
    'server',
    'e2e',
    'docs',
    'tests',
    'scripts',
    'types',
    'README.md',
    'build.mjs',
    'package.json',
    'tsconfig.json',
    'vitest.config.ts',
    'eslint.config.js',
    '.prettierrc.json',
    '.prettierignore',
  ]) {
    cpSync(path.join(root, entry), path.join(copy, entry), {
      recursive: true,
      filter: (src) => !src.includes(`${path.sep}node_modules`),
    });
  }
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Hash of every file of the copy (not node_modules nor build output), by relative path. */
function snapshot(dir: string, base = dir, into = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist-test' || name === 'data') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) snapshot(full, base, into);
    else into.set(path.relative(base, full), createHash('sha1').update(readFileSync(full)).digest('hex'));
  }
  return into;
}

describe('new-plugin', () => {
  it.each([['Bad'], ['1x'], ['a_b'], ['has space']])('rejects the id %j', (id) => {
    expect(() => scaffold({ ...parseArgs([id]), root: copy })).toThrow(/invalid plugin id/);
  });

  it('rejects unknown prefixes and refuses to overwrite', () => {
    expect(() => scaffold({ ...parseArgs(['sonar', '--requires', 'xyz']), root: copy })).toThrow(
      /unknown permission prefix 'xyz'/,
    );
    expect(() => scaffold({ ...parseArgs(['gluon']), root: copy })).toThrow(/already exists/);
  });

  it('knows the prefixes from the manifests, and refuses to declare one twice or a malformed one', () => {
    const declared = declaredPrefixes(copy);
    expect(Object.fromEntries(declared)).toMatchObject({
      gln: 'gluon',
      ntr: 'neutrino',
      elc: 'electron',
      mnt: 'monitoring',
      umg: 'admin',
    });
    expect(() => scaffold({ ...parseArgs(['sonar', '--prefix', 'gln']), root: copy })).toThrow(
      "permission prefix 'gln' is already declared by plugin 'gluon'; use --requires gln",
    );
    expect(() => scaffold({ ...parseArgs(['sonar', '--prefix', 'S#R']), root: copy })).toThrow(
      /invalid permission prefix 'S#R'/,
    );
    expect(() => scaffold({ ...parseArgs(['sonar']), root: copy })).toThrow(
      'a product plugin needs --prefix <new prefix> or --requires <declared prefix>',
    );
    expect(existsSync(path.join(copy, 'plugins/sonar'))).toBe(false);
  });

  it('registers the manifest in host/main.tsx once', () => {
    const main =
      "import { a } from '../plugins/a';\nimport { startHost } from './startHost';\n\nexport const plugins = [\n  a,\n];\n";
    const next = registerInHost(main, 'sonar-scope');
    expect(next).toContain("import { sonarScopePlugin } from '../plugins/sonar-scope';");
    expect(next).toContain('  a,\n  sonarScopePlugin,\n];');
    expect(registerInHost(next, 'sonar-scope')).toBeNull();
  });

  it('scaffolds a product with a new prefix: the whole stack, registered, typed, linted, formatted, its tests passing', () => {
    const before = snapshot(copy);
    const result = spawnSync('node', ['scripts/new-plugin.mjs', 'sonar', '--prefix', 'snr', '--title', 'Sonar'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Registered sonarPlugin in host/main.tsx');
    const files = [
      'plugins/sonar/index.ts',
      'plugins/sonar/pages/SonarPage.tsx',
      'plugins/sonar/sonar.test.tsx',
      'plugins/sonar/api/SonarApi.ts',
      'plugins/sonar/api/DefaultSonarApi.ts',
      'plugins/sonar/api/DefaultSonarApi.test.ts',
      'plugins/sonar/services/sonarServices.ts',
      'plugins/sonar/sonarAccess.ts',
      'plugins/sonar/hooks/useSonarStatus.ts',
      'plugins/sonar/components/SonarSummary/SonarSummary.tsx',
      'plugins/sonar/components/SonarSummary/SonarSummary.test.tsx',
      'common/sonar/access.ts',
      'common/sonar/access.test.ts',
      'common/sonar/paths.ts',
      'common/sonar/paths.test.ts',
      'server/modules/sonar/index.ts',
      'server/modules/sonar/public.ts',
      'server/modules/sonar/schemas.ts',
      'server/modules/sonar/services/status.ts',
      'server/modules/sonar/routes/statusRoutes.ts',
      'server/modules/sonar/sonar.test.ts',
      'server/modules/sonar/README.md',
      'e2e/sonar/playwright.config.ts',
      'e2e/sonar/fixtures/globalSetup.ts',
      'e2e/sonar/fixtures/test.ts',
      'e2e/sonar/specs/sonar.spec.ts',
      'e2e/sonar/README.md',
    ];
    for (const file of files) expect(existsSync(path.join(copy, file)), file).toBe(true);
    const read = (file: string) => readFileSync(path.join(copy, file), 'utf8');
    expect(read('host/main.tsx')).toContain("import { sonarPlugin } from '../plugins/sonar';");
    expect(read('plugins/sonar/index.ts')).toContain("prefixes: ['snr'],");
    expect(read('server/modules/index.ts')).toContain("import { sonarModule } from './sonar/index';");
    expect(read('common/products.ts')).toContain("permissionPrefix: 'snr'");
    expect(read('tests/contract/permissionAgreement.test.ts')).toContain(
      "'GET /sonar-backend/status': { console: canViewSonar },",
    );
    expect(read('server/services/users.ts')).toContain("'snr#rpt#rw',");
    // The generated API types name the new route, so the typed ApiClient call typechecks.
    expect(read('common/api/openapi.gen.ts')).toContain('/sonar-backend/status');
    expect(read('README.md')).toContain('| `sonar` | `/sonar-backend/` |');
    // Nothing else changed: the new files, the lists that name every product, the generated types and tables.
    const after = snapshot(copy);
    const changed = [...after.keys()].filter((file) => before.get(file) !== after.get(file)).sort();
    expect(changed).toEqual(
      [
        ...files,
        'host/main.tsx',
        'server/modules/index.ts',
        'common/products.ts',
        'common/permissions/permissionNames.ts',
        'server/services/users.ts',
        'tests/contract/permissionAgreement.test.ts',
        'common/api/openapi.gen.ts',
        'README.md',
        'server/ARCHITECTURE.md',
        'server/modules/README.md',
      ].sort(),
    );
    expect(pluginLayoutProblems(copy)).toEqual([]);
    expect(serverModuleProblems(copy)).toEqual([]);

    // An existing prefix keeps working (the rules-repository case: another manifest declares it): console only.
    const radar = spawnSync('node', ['scripts/new-plugin.mjs', 'radar', '--requires', 'elc'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(radar.status, radar.stderr).toBe(0);
    expect(existsSync(path.join(copy, 'server/modules/radar'))).toBe(false);

    const typecheck = spawnSync('npm', ['run', 'typecheck'], { cwd: copy, encoding: 'utf8' });
    expect(typecheck.status, stripVTControlCharacters(typecheck.stdout + typecheck.stderr)).toBe(0);
    const written = files.filter((file) => /\.tsx?$/.test(file));
    const lint = spawnSync('npx', ['eslint', '--max-warnings', '0', ...written], { cwd: copy, encoding: 'utf8' });
    expect(lint.status, lint.stdout + lint.stderr).toBe(0);
    const format = spawnSync('npx', ['prettier', '--check', ...files], { cwd: copy, encoding: 'utf8' });
    expect(format.status, format.stdout + format.stderr).toBe(0);

    const outdir = path.join(copy, 'dist-test');
    mkdirSync(outdir, { recursive: true });
    execFileSync('node', ['build.mjs', '--outdir', outdir, '--quiet'], { cwd: copy, stdio: 'pipe' });
    const report = JSON.parse(readFileSync(path.join(outdir, 'build-report.json'), 'utf8')) as {
      routes: { path: string; pageChunk: string | null; js: { files: string[] } }[];
      chunks: { file: string; plugins: string[] }[];
    };
    expect(report.routes.find((route) => route.path === '/sonar')?.pageChunk).toMatch(/^SonarPage-[A-Z0-9]+\.js$/);
    const servicesChunk = report.chunks.find((chunk) => /^sonarServices-/.test(chunk.file));
    expect(servicesChunk?.plugins).toEqual(['sonar']);
    // The service implementation is in nobody's first load, not even the product's own page's.
    for (const route of report.routes) expect(route.js.files, route.path).not.toContain(servicesChunk!.file);

    const tests = spawnSync(
      'npx',
      ['vitest', 'run', '--project', 'unit', 'plugins/sonar', 'plugins/radar', 'common/sonar'],
      { cwd: copy, encoding: 'utf8' },
    );
    expect(tests.status, tests.stdout + tests.stderr).toBe(0);
    expect(stripVTControlCharacters(tests.stdout)).toMatch(/Tests\s+18 passed \(18\)/);
    const server = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'server/modules/sonar'], {
      cwd: copy,
      encoding: 'utf8',
    });
    expect(server.status, server.stdout + server.stderr).toBe(0);
    expect(stripVTControlCharacters(server.stdout)).toMatch(/Tests\s+2 passed \(2\)/);

    const boundaries = spawnSync('node', ['scripts/check-boundaries.mjs'], { cwd: copy, encoding: 'utf8' });
    expect(boundaries.status, boundaries.stderr).toBe(0);
  }, 900_000);
});
