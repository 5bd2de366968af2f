import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

import { startTestServer, type TestServer, unsignedToken } from './testServer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const shots = path.join(root, 'test-results', 'runtime');
let outdir: string;
let server: TestServer;
let chunkOf: (pageFile: string) => string;

test.beforeAll(async () => {
  outdir = mkdtempSync(path.join(tmpdir(), 'runtime-host-'));
  // @ts-expect-error plain ESM build script without type declarations
  const { buildConsole } = await import('../../build.mjs');
  await buildConsole({
    entry: 'e2e/runtime/testHost.tsx',
    outdir,
    pluginsDir: 'e2e/runtime/plugins',
    quiet: true,
    title: 'Runtime test host',
  });
  const metafile = JSON.parse(readFileSync(path.join(outdir, 'metafile.json'), 'utf8')) as {
    outputs: Record<string, { entryPoint?: string }>;
  };
  chunkOf = (pageFile) => {
    const out = Object.entries(metafile.outputs).find(([, info]) => info.entryPoint === pageFile)?.[0];
    if (!out) throw new Error(`no chunk for ${pageFile}`);
    return path.basename(out);
  };
  server = await startTestServer(outdir);
});

test.afterAll(async () => {
  await server?.close();
  rmSync(outdir, { recursive: true, force: true });
});

test('a module chunk is fetched only once the token grants its prefix', async ({ page }) => {
  const alphaChunk = chunkOf('e2e/runtime/plugins/alpha/pages/AlphaPage.tsx');
  const betaChunk = chunkOf('e2e/runtime/plugins/beta/pages/BetaPage.tsx');
  const iss = `${server.origin}/um`;
  const electronOnly = unsignedToken(['elc#dev#r'], iss);
  const withNeutrino = unsignedToken(['elc#dev#r', 'ntr#dev#r'], iss);
  server.setRefreshToken(electronOnly);

  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));

  await page.clock.install();
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
    { token: electronOnly },
  );

  await page.goto(`${server.origin}/alpha`);
  await expect(page.getByRole('heading', { name: 'Alpha page' })).toBeVisible();
  expect(requested.some((p) => p.endsWith(alphaChunk))).toBe(true);
  await page.screenshot({ path: path.join(shots, '1-alpha-electron-token.png') });

  // The user opens the neutrino-gated module without the prefix: upgrade page, no chunk.
  await page.evaluate(() => {
    history.pushState(null, '', '/beta');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/upgrade\/beta$/);
  await expect(page.getByText('Beta is not enabled')).toBeVisible();
  await page.screenshot({ path: path.join(shots, '2-upgrade-beta.png') });
  expect(requested.filter((p) => p.endsWith(betaChunk))).toEqual([]);

  // The next periodic refresh (3 minutes later) brings a token with the ntr prefix.
  const refreshesBefore = server.refreshCalls();
  server.setRefreshToken(withNeutrino);
  await page.clock.fastForward('03:01');
  await expect.poll(() => server.refreshCalls()).toBeGreaterThan(refreshesBefore);
  await expect(page).toHaveURL(/\/beta$/);
  await expect(page.getByRole('heading', { name: 'Beta page' })).toBeVisible();
  expect(requested.filter((p) => p.endsWith(betaChunk))).toHaveLength(1);
  await page.screenshot({ path: path.join(shots, '3-beta-after-refresh.png') });
});

test('signed out, no module chunk is fetched at all', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await page.goto(`${server.origin}/beta`);
  // No sign-in page in this host: '' has nowhere to go and says so.
  await expect(page.getByText('Nothing to show')).toBeVisible();
  const pageChunks = requested.filter((p) => /(AlphaPage|BetaPage)-/.test(p));
  expect(pageChunks).toEqual([]);
  await page.screenshot({ path: path.join(shots, '4-signed-out.png') });
});
