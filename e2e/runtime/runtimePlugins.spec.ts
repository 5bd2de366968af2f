import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';

import { generatePluginKey } from '../../scripts/plugin-keygen';
import { packPlugin } from '../../scripts/plugin-pack';
import { type ConsoleBuild, consoleBuild, type RealConsole, startRealConsole } from './realConsole';

// Plugins installed into a running console, against the real API serving a real build: the
// example plugin packed and installed with the operator CLI while a user is signed in, seen at
// the user's next navigation; one React across host and plugin; a plugin that throws is kept to
// its own route; a changed asset is refused by its integrity; a user it is not for never loads it.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'plugins-admin@example.com', password: 'Plugins-Admin-1!' };
const ANALYST = { email: 'analyst@example.com', password: 'Analyst-Pass-1!' };
const HUNTER = { email: 'hunter@example.com', password: 'Hunter-Pass-1!' };
const GREETING = 'Hello from a runtime plugin';

let build: ConsoleBuild | undefined;
let work: string;
let storageDir: string;
let server: RealConsole | undefined;
let origin: string;
let keyPem: string;

const admin = (args: string[]) => server!.admin(args);

async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  const response = await fetch(`${origin}/um/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  expect(response.status).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page
    .context()
    .addCookies([{ name: 'access_token', value: encodeURIComponent(token), url: origin, sameSite: 'Lax' }]);
  await page.addInitScript(
    ({ token: t, email }) => {
      if (localStorage.getItem('zo-token')) return;
      localStorage.setItem('zo-token', t);
      localStorage.setItem('zo-profile', JSON.stringify({ username: email, email, totpEnabled: false }));
    },
    { token, email: account.email },
  );
}

/** A signed-in page in a context of its own (no asset cached from another test). */
async function signedInPage(browser: Browser, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

/** A plugin folder written for the test (the package format plugin:pack builds from any folder). */
function pluginFolder(name: string, manifest: Record<string, unknown>, source: string): string {
  const dir = path.join(work, name);
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name,
      version: '1.0.0',
      private: true,
      type: 'module',
      console: { entry: 'src/index.tsx', manifest: 'console-plugin.json' },
    }),
  );
  writeFileSync(path.join(dir, 'console-plugin.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'src/index.tsx'), source);
  return dir;
}

async function install(dir: string, file: string): Promise<string> {
  const { file: packed } = await packPlugin({ dir, keyPem, out: path.join(work, file) });
  return admin(['plugin', 'install', packed]);
}

/** Every file under `dir` (the local object store keeps assets by key, in folders). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  work = mkdtempSync(path.join(tmpdir(), 'runtime-plugins-'));
  storageDir = path.join(work, 'storage');
  build = await consoleBuild('runtime-plugins-dist-');
  const keys = generatePluginKey(path.join(work, 'keys'));
  keyPem = readFileSync(keys.keyFile, 'utf8');

  server = await startRealConsole({
    dataDir: path.join(work, 'data'),
    staticDir: build.outdir,
    admin: ADMIN,
    env: { GLUON_STORAGE_DIR: storageDir },
  });
  origin = server.origin;
  // The example plugin is for gluon's users (its manifest requires gln); the hunter has none.
  await admin(['create-user', '--email', ANALYST.email, '--password', ANALYST.password, '--perms', 'gln#rpt#rw']);
  await admin(['create-user', '--email', HUNTER.email, '--password', HUNTER.password, '--perms', 'ntr#dev#r']);
  expect(await admin(['plugin', 'trust', keys.pubFile, '--name', 'Example author'])).toContain('Trusted key');
});

test.afterAll(async () => {
  await server?.stop();
  build?.remove();
  rmSync(work, { recursive: true, force: true });
});

test('installed while a user is signed in, the plugin is there at their next navigation, on one React', async ({
  browser,
}) => {
  const page = await signedInPage(browser, ANALYST);
  const hostScripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/(main|chunks\/LoginPage)-/.test(url.pathname)) hostScripts.push(url.pathname);
  });
  await page.goto(`${origin}/gluon`);
  await expect(page.locator('.host-main')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hello', exact: true })).toHaveCount(0);
  const loadsBefore = hostScripts.length;

  expect(await install(path.join(root, 'examples/hello-plugin'), 'hello-1.0.0.consoleplugin.tgz')).toMatch(
    /^Installed hello 1\.0\.0/,
  );
  // The next navigation inside the console (no reload): the header gains the plugin's link.
  await page.evaluate(() => {
    history.pushState(null, '', '/gluon/upload');
  });
  const link = page.getByRole('link', { name: 'Hello', exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/hello$/);
  await expect(page.getByText(GREETING)).toBeVisible();
  // Host hooks (services, navigation) and the plugin's own state work together: one React.
  await expect(page.getByTestId('hello-greeting')).not.toBeEmpty();
  await page.getByRole('button', { name: 'Clicked 0 times' }).click();
  await expect(page.getByRole('button', { name: 'Clicked 1 times' })).toBeVisible();
  await expect(page.getByText('You are at /hello.')).toBeVisible();
  expect(hostScripts.length, 'the host bundle is not loaded again').toBe(loadsBefore);
  await page.context().close();
});

test('a user the plugin is not for never downloads it, and its asset URLs refuse them', async ({ browser }) => {
  const page = await signedInPage(browser, HUNTER);
  const assets: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/plugins-backend/assets/')) assets.push(request.url());
  });
  await page.goto(`${origin}/neutrino`);
  await expect(page.locator('.host-main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('link', { name: 'Hello', exact: true })).toHaveCount(0);
  await page.goto(`${origin}/hello`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(GREETING)).toHaveCount(0);
  expect(assets).toEqual([]);

  // The API lists no plugin for them, and an asset URL without a grant of its own is refused.
  const token = await page.evaluate(() => localStorage.getItem('zo-token'));
  const runtime = await fetch(`${origin}/plugins-backend/runtime`, { headers: { authorization: `Bearer ${token}` } });
  expect(runtime.status).toBe(200);
  expect(await runtime.text()).not.toContain('"hello"');
  const forged = await fetch(`${origin}/plugins-backend/assets/forged/hello/1.0.0/index.js`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(forged.status).toBe(403);
  await page.context().close();
});

test('a plugin that throws on import shows a contained error on its route; /gluon keeps working', async ({
  browser,
}) => {
  const dir = pluginFolder(
    'broken-plugin',
    {
      schemaVersion: 1,
      id: 'broken',
      title: 'Broken',
      version: '1.0.0',
      sdk: '^1.0.0',
      prefixes: ['brk'],
      requires: ['gln'],
      routes: [{ path: '', page: 'BrokenPage' }],
      entry: 'index.js',
    },
    [
      "throw new Error('the broken plugin fails as it loads');",
      'export function BrokenPage() {',
      '  return <p>never shown</p>;',
      '}',
      '',
    ].join('\n'),
  );
  expect(await install(dir, 'broken-1.0.0.consoleplugin.tgz')).toMatch(/^Installed broken 1\.0\.0/);
  const page = await signedInPage(browser, ANALYST);
  await page.goto(`${origin}/broken`);
  await expect(page.locator('.host-plugin-error')).toContainText('Broken ran into a problem');
  await expect(page.locator('.host-plugin-error')).toContainText('the broken plugin fails as it loads');
  // The rest of the console is untouched: gluon renders, the other plugin still works.
  await page.goto(`${origin}/gluon`);
  await expect(page.locator('.host-main')).toBeVisible();
  await expect(page.locator('.host-plugin-error')).toHaveCount(0);
  await page.goto(`${origin}/hello`);
  await expect(page.getByText(GREETING)).toBeVisible();
  expect(await admin(['plugin', 'remove', 'broken'])).toContain('broken');
  await page.context().close();
});

test('an asset changed in the object store is refused by its integrity, and the page says so', async ({ browser }) => {
  const stored = filesUnder(storageDir).filter((file) => readFileSync(file, 'utf8').includes(GREETING));
  expect(stored.length, 'the example plugin entry is in the object store').toBeGreaterThan(0);
  // As many bytes as before (the store's recorded size stays right): only the digest differs.
  const changed = 'Hello from a changed plugin';
  expect(changed).toHaveLength(GREETING.length);
  for (const file of stored) writeFileSync(file, readFileSync(file, 'utf8').replace(GREETING, changed));
  const page = await signedInPage(browser, ANALYST);
  await page.goto(`${origin}/hello`);
  await expect(page.locator('.host-plugin-error')).toContainText('Hello ran into a problem');
  await expect(page.locator('.host-plugin-error')).toContainText('Hello 1.0.0 could not be loaded');
  await expect(page.getByText(changed)).toHaveCount(0);
  await page.goto(`${origin}/gluon`);
  await expect(page.locator('.host-main')).toBeVisible();
  await page.context().close();
});
