import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildPluginSdk } from '../../scripts/build-plugin-sdk';
import { generatePluginKey } from '../../scripts/plugin-keygen';
import { packPlugin } from '../../scripts/plugin-pack';
import { type CliContext, runCommand } from '../../server/cli/commands';
import { createTestApp, type TestApp } from '../../server/test/testApp';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EXAMPLE = path.join(ROOT, 'examples/hello-plugin');

/**
 * What an author outside this repository does (docs/runtime-plugins.md): a plugin folder of its
 * own depending on the packed SDK, type-checked against it alone, its own tests run from its folder,
 * packed, installed into a running API. The SDK comes from its tarball; the peers and test tools an author's `npm install` would
 * fetch from the registry are the console's own copies, linked (the network reaches only npm).
 */
describe('a plugin outside the repository, built against the published @console/plugin-sdk', () => {
  let work: string;
  let t: TestApp;
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sdk-outside-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: path.join(work, 'storage') } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('type-checks against the packed SDK alone, packs without the SDK inside, installs and is served', async () => {
    const sdk = await buildPluginSdk(path.join(work, 'sdk'));
    const published = JSON.parse(readFileSync(path.join(sdk.dir, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; import: string }>;
    };
    expect(Object.keys(published.exports)).toEqual(['.', './testing']);
    // The types are whole: nothing in them points back into the console's source.
    const types = readFileSync(path.join(sdk.dir, 'index.d.ts'), 'utf8');
    expect(types).not.toMatch(/from '(\.\.?\/|@core\/|@common\/)/);
    expect(types).toContain('export declare const NavigationServiceToken');

    const plugin = path.join(work, 'hello-plugin');
    cpSync(EXAMPLE, plugin, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|\.pack-out)([\\/]|$)/.test(source),
    });
    const pkgFile = path.join(plugin, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies: Record<string, string> };
    pkg.dependencies['@console/plugin-sdk'] = `file:${sdk.tarball}`;
    writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);

    // "npm install": the SDK unpacked from its tarball (a copy, not a link into the repository)...
    const modules = path.join(plugin, 'node_modules');
    mkdirSync(path.join(modules, '@console'), { recursive: true });
    execFileSync('tar', ['-xzf', sdk.tarball, '-C', path.join(modules, '@console')]);
    renameSync(path.join(modules, '@console/package'), path.join(modules, '@console/plugin-sdk'));
    // ...and what the registry would give for the peers and test tools.
    for (const name of [
      'react',
      'react-dom',
      'rxjs',
      'tsyringe',
      'wouter',
      '@blueprintjs/core',
      'axios',
      'reflect-metadata',
      '@types/react',
      '@types/react-dom',
      'vitest',
      '@vitest/expect',
      '@vitest/runner',
      '@vitest/spy',
      '@vitest/utils',
      '@vitest/pretty-format',
      '@testing-library/react',
      '@testing-library/dom',
      '@testing-library/user-event',
      'jsdom',
    ]) {
      const from = path.join(ROOT, 'node_modules', name);
      if (!existsSync(from)) continue;
      mkdirSync(path.dirname(path.join(modules, name)), { recursive: true });
      symlinkSync(from, path.join(modules, name), 'dir');
    }

    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const check = () => {
      const run = spawnSync(process.execPath, [tsc, '-p', plugin], { cwd: plugin, encoding: 'utf8' });
      return { status: run.status, output: `${run.stdout}${run.stderr}` };
    };
    expect(check()).toEqual({ status: 0, output: '' });
    // Its own tests, from its folder with its own vitest.config.ts, as its `npm test` runs them
    // (a missing jsdom environment or render cleanup fails here, not in the console's unit run).
    const ownEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
    const ownTests = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run'], {
      cwd: plugin,
      encoding: 'utf8',
      env: { ...ownEnv, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    expect(ownTests.status, `${ownTests.stdout}${ownTests.stderr}`).toBe(0);
    expect(ownTests.stdout).toMatch(/Tests\s+2 passed/);
    // The check can fail: a name the SDK does not export is an error from the SDK's own types.
    writeFileSync(
      path.join(plugin, 'src/broken.ts'),
      "import { NoSuchServiceToken } from '@console/plugin-sdk';\nexport const x = NoSuchServiceToken;\n",
    );
    const broken = check();
    expect(broken.status).not.toBe(0);
    expect(broken.output).toMatch(/has no exported member named 'NoSuchServiceToken'/);
    await rm(path.join(plugin, 'src/broken.ts'));

    const { keyFile, pubFile } = generatePluginKey(path.join(work, 'keys'));
    const { file } = await packPlugin({
      dir: plugin,
      keyPem: await readFile(keyFile, 'utf8'),
      out: path.join(work, 'hello-1.0.0.consoleplugin.tgz'),
    });
    const ctx: CliContext = { db: t.db, config: t.config, tokens: t.app.tokens, mailer: t.app.mailer };
    await runCommand(ctx, ['plugin', 'trust', pubFile, '--name', 'Outside author']);
    expect(await runCommand(ctx, ['plugin', 'install', file])).toMatch(/^Installed hello 1\.0\.0 \(\/hello\)/);

    const user = await t.createUser({ permissions: ['gln#rpt#r'] });
    const runtime = await t.app.inject({
      method: 'GET',
      url: '/plugins-backend/runtime',
      headers: { authorization: `Bearer ${(await t.accessToken(user)).token}` },
    });
    const hello = (runtime.json() as { plugins: Array<{ id: string; entryUrl: string }> }).plugins.find(
      (p) => p.id === 'hello',
    );
    expect(hello).toBeDefined();
    const entry = await t.app.inject({ method: 'GET', url: hello!.entryUrl });
    expect(entry.statusCode).toBe(200);
    // The SDK is the console's at run time: imported by name, never bundled.
    expect(entry.body).toMatch(/from\s*"@console\/plugin-sdk"/);
    expect(entry.body).not.toContain('Symbol.for(');
  }, 180_000);
});
