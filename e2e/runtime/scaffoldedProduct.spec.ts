import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

import { startTestServer, type TestServer, unsignedToken } from './testServer';

// `npm run new-plugin -- sonar --prefix snr` scaffolds a product with a new permission prefix
// (the whole stack; `--no-generate`: the copy is not a project to regenerate) with a service of its own; this builds it into a test host next to the alpha product (elc)
// and checks in Chromium who downloads what.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shots = path.join(root, 'test-results', 'runtime');
let scaffoldDir: string;
let outdir: string;
let server: TestServer;
let sonarPage: string;
let sonarServices: string;

test.beforeAll(async () => {
  // Inside the project (bare imports resolve from node_modules); a dot-folder, so neither the
  // type check nor the boundary check sees it, and it is removed afterwards.
  scaffoldDir = mkdtempSync(path.join(root, 'e2e/runtime/.scaffold-'));
  const scaffold = spawnSync(
    'node',
    ['scripts/new-plugin.mjs', 'sonar', '--prefix', 'snr', '--root', scaffoldDir, '--no-register', '--no-generate'],
    { cwd: root, encoding: 'utf8' },
  );
  expect(scaffold.status, scaffold.stderr).toBe(0);
  // The build resolves @common/ to the project's common/: the product's own common/sonar/ was
  // written into the scratch root, so its imports point there.
  const pluginDir = path.join(scaffoldDir, 'plugins/sonar');
  for (const file of readdirSync(pluginDir, { recursive: true }) as string[]) {
    const full = path.join(pluginDir, file);
    if (!/\.tsx?$/.test(full)) continue;
    const own = path.relative(path.dirname(full), path.join(scaffoldDir, 'common/sonar')).split(path.sep).join('/');
    writeFileSync(full, readFileSync(full, 'utf8').replaceAll("'@common/sonar/", `'${own}/`));
  }
  // …and common/sonar's own relative imports of the rest of common/ point at the project's.
  const commonDir = path.join(scaffoldDir, 'common/sonar');
  const projectCommon = path.relative(commonDir, path.join(root, 'common')).split(path.sep).join('/');
  for (const file of readdirSync(commonDir)) {
    const full = path.join(commonDir, file);
    writeFileSync(full, readFileSync(full, 'utf8').replaceAll("from '../", `from '${projectCommon}/`));
  }
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const entry = path.join(scaffoldDir, 'testHost.tsx');
  writeFileSync(
    entry,
    `import 'reflect-metadata';
import '@blueprintjs/core/lib/css/blueprint.css';
import { startHost } from '${path.relative(scaffoldDir, path.join(root, 'host/startHost')).split(path.sep).join('/')}';
import { alphaPlugin } from '${path.relative(scaffoldDir, path.join(root, 'e2e/runtime/plugins/alpha')).split(path.sep).join('/')}';
import { sonarPlugin } from './plugins/sonar';

startHost({ plugins: [alphaPlugin, sonarPlugin], rootElement: document.getElementById('root')!, title: 'Scaffold test host' });
`,
  );
  outdir = mkdtempSync(path.join(tmpdir(), 'runtime-scaffold-'));
  // @ts-expect-error plain ESM build script without type declarations
  const { buildConsole } = await import('../../build.mjs');
  await buildConsole({
    entry: rel(entry),
    outdir,
    pluginsDir: rel(path.join(scaffoldDir, 'plugins')),
    quiet: true,
    title: 'Scaffold test host',
  });
  const metafile = JSON.parse(readFileSync(path.join(outdir, 'metafile.json'), 'utf8')) as {
    outputs: Record<string, { entryPoint?: string }>;
  };
  const chunkOf = (source: string) => {
    const out = Object.entries(metafile.outputs).find(
      ([file, info]) => info.entryPoint === rel(path.join(scaffoldDir, source)) && file.endsWith('.js'),
    )?.[0];
    if (!out) throw new Error(`no chunk for ${source}`);
    return path.basename(out);
  };
  sonarPage = chunkOf('plugins/sonar/pages/SonarPage.tsx');
  sonarServices = chunkOf('plugins/sonar/services/sonarServices.ts');
  server = await startTestServer(outdir);
});

test.afterAll(async () => {
  await server?.close();
  if (outdir) rmSync(outdir, { recursive: true, force: true });
  if (scaffoldDir) rmSync(scaffoldDir, { recursive: true, force: true });
});

async function signIn(page: import('@playwright/test').Page, perms: string[]) {
  const token = unsignedToken(perms, `${server.origin}/um`);
  server.setRefreshToken(token);
  await page.addInitScript(
    ({ token }) => {
      if (!localStorage.getItem('zo-token')) {
        localStorage.setItem('zo-token', token);
        localStorage.setItem(
          'zo-profile',
          JSON.stringify({ username: 'ada', email: 'ada@example.com', totpEnabled: false }),
        );
      }
    },
    { token },
  );
}

test('a token with snr#… lands on the scaffolded product, which renders from its own service', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await signIn(page, ['snr#scn#r', 'snr#dev#rw']);

  await page.goto(`${server.origin}/`);
  await expect(page).toHaveURL(/\/sonar$/);
  await expect(page.getByRole('heading', { name: 'Sonar' })).toBeVisible();
  // Its status comes from its own API route (not served by this test server): what counts here is who downloads what.
  await expect(page.getByText('Invalid plugin manifests')).toHaveCount(0);
  expect(requested.filter((p) => p.endsWith(sonarPage))).toHaveLength(1);
  expect(requested.filter((p) => p.endsWith(sonarServices))).toHaveLength(1);
  await page.screenshot({ path: path.join(shots, '5-sonar-snr-token.png') });
});

test('a token without snr#… never downloads the product page or its service', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await signIn(page, ['elc#dev#r']);

  await page.goto(`${server.origin}/sonar`);
  await expect(page).toHaveURL(/\/upgrade\/sonar$/);
  await expect(page.getByText('Sonar is not enabled')).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { name: 'Alpha page' })).toBeVisible();
  expect(requested.filter((p) => p.endsWith(sonarPage) || p.endsWith(sonarServices))).toEqual([]);
  await page.screenshot({ path: path.join(shots, '6-upgrade-sonar-elc-token.png') });
});
