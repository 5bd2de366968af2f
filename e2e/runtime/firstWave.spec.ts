import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, test } from '@playwright/test';

// @ts-expect-error plain ESM helpers without type declarations
import { announcedScripts, liveSelector, scriptWaves, watchReady } from '../../scripts/lib/requestWaves.mjs';
import { type ConsoleBuild, consoleBuild, type RealConsole, startRealConsole } from './realConsole';

// The one-round-trip first screen against the real API serving a real build: the first load of /login asks for every
// script at once, and the documents announce a product's chunks only to a token that permits it.

const ADMIN = { email: 'first-wave-admin@example.com', password: 'First-Wave-1!' };
const GLUON_ONLY = { email: 'gluon-only@example.com', password: 'Gluon-Only-1!' };

interface ScriptEntry {
  name: string;
  startTime: number;
  responseEnd: number;
}
interface RouteModules {
  path: string;
  plugin: string;
  files: string[];
}

let build: ConsoleBuild | undefined;
let dataDir: string;
let server: RealConsole | undefined;
let origin: string;
let neutrinoOnly: string[];

async function signIn(account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin}/um/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.email, password: account.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Where the console keeps a session: localStorage and the access cookie (core/storage). */
async function holdSession(context: BrowserContext, token: string, email: string) {
  await context.addCookies([{ name: 'access_token', value: encodeURIComponent(token), url: origin, sameSite: 'Lax' }]);
  await context.addInitScript(
    ({ token: t, email: e }) => {
      localStorage.setItem('zo-token', t);
      localStorage.setItem('zo-profile', JSON.stringify({ username: e, email: e, totpEnabled: false }));
    },
    { token, email },
  );
}

test.describe.configure({ timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'first-wave-data-'));
  // `npm test` builds dist/ first and passes CONSOLE_BUILD_DIR; run alone, the spec builds its own.
  build = await consoleBuild('first-wave-dist-');
  const outdir = build.outdir;
  const routes = JSON.parse(readFileSync(path.join(outdir, 'route-modules.json'), 'utf8')) as RouteModules[];
  // Files only neutrino's routes list: its own code (shared library chunks may serve others).
  const elsewhere = new Set(routes.filter((route) => route.plugin !== 'neutrino').flatMap((route) => route.files));
  neutrinoOnly = [
    ...new Set(routes.filter((route) => route.plugin === 'neutrino').flatMap((route) => route.files)),
  ].filter((file) => !elsewhere.has(file));

  server = await startRealConsole({ dataDir, staticDir: outdir, admin: ADMIN });
  origin = server.origin;
  await server.admin([
    'create-user',
    '--email',
    GLUON_ONLY.email,
    '--password',
    GLUON_ONLY.password,
    '--perms',
    'gln#rpt#rw',
  ]);
});

test.afterAll(async () => {
  await server?.stop();
  build?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

test('loading /login issues no script request after the first script wave', async ({ page }) => {
  // The document's copy of the form paints before any script: what counts is the live form
  // (the copy replaced), which needs the scripts.
  await page.addInitScript(watchReady, liveSelector('#login-password'));
  await page.goto(`${origin}/login`);
  await expect(page.locator('#root:not([data-prerendered]) #login-password')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { ready, scripts } = await page.evaluate(() => ({
    ready: (window as unknown as { __benchReady: number }).__benchReady,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({
        name: new URL(entry.name).pathname,
        startTime: entry.startTime,
        responseEnd: (entry as PerformanceResourceTiming).responseEnd,
      })),
  }));
  const loginChunk = scripts.find((entry: ScriptEntry) => /\/LoginPage-[A-Z0-9]+\.js$/.test(entry.name));
  expect(loginChunk, 'the page chunk is fetched').toBeDefined();
  // What the document names counts as asked for at once (the browser may queue it behind its
  // six connections per host); anything else before the form is a script discovered by a script.
  const document = await (await page.request.get(`${origin}/login`)).text();
  expect(document, 'the document carries the copy of the form').toContain('<div id="root" data-prerendered="login">');
  const announced = announcedScripts(document, origin);
  expect(announced.has(loginChunk!.name), 'the document announces the page chunk').toBe(true);
  expect(
    scriptWaves(scripts, ready, announced),
    `the form was usable at ${Math.round(ready)} ms; scripts:\n${scripts.map((s: ScriptEntry) => `${Math.round(s.startTime)} ${s.name}`).join('\n')}`,
  ).toBe(1);
  // After the first screen, the only scripts are the manifest check the host defers until idle
  // and axios, which the first call loads (docs/decisions/0031): never before the form is usable.
  const firstArrival = Math.min(
    ...scripts.filter((entry: ScriptEntry) => entry.startTime <= ready).map((entry: ScriptEntry) => entry.responseEnd),
  );
  const later = scripts
    .filter((entry: ScriptEntry) => entry.startTime > firstArrival && !announced.has(entry.name))
    .map((entry: ScriptEntry) => entry.name);
  expect(later.filter((name: string) => !/\/(?:checkManifests|axios)-[A-Z0-9]+\.js$/.test(name))).toEqual([]);
});

test('a token without ntr#… never receives a neutrino chunk, announced or fetched', async ({ browser }) => {
  expect(neutrinoOnly.length).toBeGreaterThan(0);
  const visit = async (account: { email: string; password: string }, paths: string[]) => {
    const context = await browser.newContext();
    await holdSession(context, await signIn(account), account.email);
    const page = await context.newPage();
    const fetched: string[] = [];
    const documents: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'document') documents.push(await response.text());
    });
    for (const target of paths) {
      await page.goto(`${origin}${target}`);
      await page.waitForLoadState('networkidle');
    }
    const finalPath = new URL(page.url()).pathname;
    await context.close();
    return { fetched, documents: documents.join('\n'), finalPath };
  };

  const gluonOnly = await visit(GLUON_ONLY, ['/neutrino', '/gluon']);
  for (const file of neutrinoOnly) {
    expect(gluonOnly.documents, `${file} announced`).not.toContain(file);
    expect(gluonOnly.fetched, `${file} fetched`).not.toContain(file);
  }
  expect(gluonOnly.documents).toContain('rel="modulepreload"');
  expect(gluonOnly.finalPath).toBe('/gluon');

  // The control: a token with ntr#… is announced and fetches neutrino's page.
  const everything = await visit(ADMIN, ['/neutrino']);
  expect(everything.documents).toContain(neutrinoOnly[0]);
  expect(everything.fetched).toContain(neutrinoOnly[0]);
});
