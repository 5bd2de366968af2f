import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { IMMUTABLE, REVALIDATE, ROUTE_PRELOADS_MARK } from './staticAssets';

/** A small dist/ as build.mjs writes it: hashed entry and chunks, maps, internals, the route table. */
async function writeConsole(dir: string) {
  await mkdir(path.join(dir, 'chunks'), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>console</title>\n    ${WHOLE_SHEET}\n    ${ROUTE_PRELOADS_MARK}\n</head><body><div id="root"></div><script type="module" src="/main-ABCD2345.js"></script></body></html>`,
  );
  await writeFile(path.join(dir, 'main-ABCD2345.js'), 'import("./chunks/LoginPage-LOGN2345.js")');
  await writeFile(
    path.join(dir, 'main-ABCD2345.js.br'),
    brotliCompressSync('import("./chunks/LoginPage-LOGN2345.js")'),
  );
  await writeFile(path.join(dir, 'main-ABCD2345.js.map'), '{"sources":["../host/main.tsx"]}');
  await writeFile(path.join(dir, 'main-ABCD2345.css'), 'body{}');
  await writeFile(path.join(dir, 'first-screen-FRST2345.css'), 'body{}');
  await writeFile(
    path.join(dir, 'first-screen.json'),
    JSON.stringify({ subset: '/first-screen-FRST2345.css', whole: '/main-ABCD2345.css' }),
  );
  await writeFile(path.join(dir, 'chunks', 'LoginPage-LOGN2345.js'), 'export default 1');
  await writeFile(path.join(dir, 'chunks', 'chunk-SHRD2345.js'), 'export const x = 1');
  await writeFile(path.join(dir, 'chunks', 'NeutrinoPage-NTRN2345.js'), 'export default 2');
  await writeFile(path.join(dir, 'chunks', 'GluonPage-GLUN2345.js'), 'export default 3');
  await writeFile(path.join(dir, 'chunks', 'MfaSetupPage-MFAS2345.js'), 'export default 4');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dir, 'metafile.json'), '{"inputs":{}}');
  await writeFile(path.join(dir, 'build-report.json'), '{}');
  const routes = [
    {
      path: '/login',
      plugin: 'login',
      kind: 'public',
      public: true,
      files: ['/chunks/LoginPage-LOGN2345.js', '/chunks/chunk-SHRD2345.js'],
    },
    { path: '/invite/:id', plugin: 'invite', kind: 'public', public: true, files: ['/chunks/chunk-SHRD2345.js'] },
    {
      path: '/neutrino',
      plugin: 'neutrino',
      kind: 'product',
      requires: ['ntr'],
      public: false,
      files: ['/chunks/NeutrinoPage-NTRN2345.js'],
    },
    {
      path: '/gluon',
      plugin: 'gluon',
      kind: 'product',
      requires: ['gln'],
      public: false,
      files: ['/chunks/GluonPage-GLUN2345.js', '/chunks/chunk-SHRD2345.js'],
    },
    {
      path: '/config/2fa',
      plugin: 'mfa-setup',
      kind: 'shell',
      requires: [],
      public: false,
      files: ['/chunks/MfaSetupPage-MFAS2345.js'],
    },
  ];
  await writeFile(path.join(dir, 'route-modules.json'), JSON.stringify(routes));
  await writeFile(
    path.join(dir, 'prerendered.json'),
    JSON.stringify({
      '/login': { pluginId: 'login', query: ['returnUrl', 'legacy'], html: COPY, htmlDark: DARK_COPY },
      '/invite/:id': { pluginId: 'invite', query: [], html: INVITE_COPY, htmlDark: INVITE_COPY },
    }),
  );
}

const WHOLE_SHEET = '<link rel="stylesheet" href="/main-ABCD2345.css" />';
const SUBSET_SHEET =
  '<link rel="stylesheet" href="/first-screen-FRST2345.css" data-whole-sheet="/main-ABCD2345.css" />';

/** The copy of /login's first screen (build.mjs writes it from the page's components). */
const COPY =
  '<div class="host-root"><main class="login-page"><input id="login-password" type="password"/></main></div>';
const WITH_COPY = `<div id="root" data-prerendered="login">${COPY}</div>`;
const DARK_COPY = COPY.replace('host-root', 'host-root bp6-dark');
/** A page whose first state waits for an answer: its copy is the spinner. */
const INVITE_COPY = '<div class="host-root"><main><div class="bp6-spinner"></div></main></div>';

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);

describe('static assets', () => {
  let staticDir: string;
  let production: TestApp;
  let development: TestApp;
  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'mtd-static-assets-'));
    await writeConsole(staticDir);
    [production, development] = await Promise.all([
      createTestApp({ env: { STATIC_DIR: staticDir, NODE_ENV: 'production' } }),
      createTestApp({ env: { STATIC_DIR: staticDir } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([production?.close(), development?.close()]);
    await rm(staticDir, { recursive: true, force: true });
  });

  it('caches content-hashed assets for a year, immutable, compressed or not', async () => {
    for (const url of ['/main-ABCD2345.js', '/main-ABCD2345.css', '/chunks/LoginPage-LOGN2345.js']) {
      const res = await production.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(IMMUTABLE);
    }
    const br = await production.app.inject({ url: '/main-ABCD2345.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('revalidates documents and unhashed files (no-cache) on every route type', async () => {
    for (const url of [
      '/',
      '/login',
      '/login?returnUrl=/gluon',
      '/invite/abc',
      '/gluon',
      '/neutrino/devices/7',
      '/index.html',
      '/favicon.svg',
    ]) {
      const res = await production.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE);
      expect(res.headers['cache-control'], url).not.toContain('immutable');
    }
    const doc = await production.app.inject({ url: '/gluon' });
    expect(doc.headers['content-type']).toContain('text/html');
    // The API keeps its own rule: answers are never stored.
    expect((await production.app.inject({ url: '/um/nothing-here' })).headers['cache-control']).toBe('no-store');
  });

  it("answers an unknown GET under every module's API prefix with a JSON 404, never the console's document", async () => {
    for (const url of [
      '/monitoring-backend/nothing-here',
      '/globalrulesrepository-backend/nothing-here',
      '/neutrino-backend/nothing-here',
      '/um/nothing-here',
    ]) {
      const res = await production.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).not.toContain('<html');
    }
  });

  it('answers a missing asset with a 404 in the error shape, never the document', async () => {
    for (const url of [
      '/chunk-NOPE.js',
      '/chunks/LoginPage-OLDHASH1.js',
      '/main-ABCD2345.css.map',
      '/favicon.ico',
      '/robots.txt',
      '/login/app.js',
    ]) {
      for (const app of [production, development]) {
        const res = await app.app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toContain('application/json');
        expect(res.json(), url).toMatchObject({ statusCode: 404, error: 'Not Found' });
        expect(res.body, url).not.toContain('<html');
      }
    }
  });

  it('does not serve source maps or build reports in production, and does in development', async () => {
    for (const url of [
      '/main-ABCD2345.js.map',
      '/metafile.json',
      '/build-report.json',
      '/route-modules.json',
      '/prerendered.json',
    ]) {
      const res = await production.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources');
      expect((await development.app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('announces a public route its page chunk and static imports, and nothing else to a reader without a token', async () => {
    expect(preloads((await production.app.inject({ url: '/login?returnUrl=/gluon' })).body)).toEqual([
      '/chunks/LoginPage-LOGN2345.js',
      '/chunks/chunk-SHRD2345.js',
    ]);
    expect(preloads((await production.app.inject({ url: '/invite/0c2f1b' })).body)).toEqual([
      '/chunks/chunk-SHRD2345.js',
    ]);
    for (const url of ['/neutrino', '/', '/gluon']) {
      const body = (await production.app.inject({ url })).body;
      expect(preloads(body), url).toEqual([]);
      expect(body, url).not.toContain('NeutrinoPage');
      expect(body, url).not.toContain(ROUTE_PRELOADS_MARK);
    }
  });

  it('sends the announced modules as an early Link header too, and none where nothing is announced', async () => {
    const login = await production.app.inject({ url: '/login' });
    expect(login.headers.link).toBe(
      '</chunks/LoginPage-LOGN2345.js>; rel=modulepreload, </chunks/chunk-SHRD2345.js>; rel=modulepreload',
    );
    expect(login.headers['cache-control']).toBe(REVALIDATE);
    expect((await production.app.inject({ url: '/neutrino' })).headers.link).toBeUndefined();
  });

  it('serves the document the build wrote last (npm run dev rebuilds while the API runs)', async () => {
    const file = path.join(staticDir, 'index.html');
    const original = await readFile(file, 'utf8');
    try {
      await writeFile(file, original.replace('<title>console</title>', '<title>rebuilt</title>'));
      await utimes(file, new Date(), new Date(Date.now() + 5000));
      expect((await development.app.inject({ url: '/login' })).body).toContain('<title>rebuilt</title>');
    } finally {
      await writeFile(file, original);
      await utimes(file, new Date(), new Date(Date.now() + 10_000));
    }
    expect((await development.app.inject({ url: '/login' })).body).toContain('<title>console</title>');
  });

  const documentFor = async (url: string, token?: string) => {
    const res = await development.app.inject({
      url,
      headers: token ? { cookie: `theme=dark; access_token=${encodeURIComponent(token)}` } : {},
    });
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.headers.vary).toContain('Cookie');
    return preloads(res.body);
  };

  it("announces a product's modules only to a token holding one of its prefixes, shell pages to any signed-in reader", async () => {
    const gluonOnly = await development.accessToken(await development.createUser({ permissions: ['gln#rpt#rw'] }));
    expect(await documentFor('/gluon', gluonOnly.token)).toEqual([
      '/chunks/GluonPage-GLUN2345.js',
      '/chunks/chunk-SHRD2345.js',
    ]);
    expect(await documentFor('/config/2fa', gluonOnly.token)).toEqual(['/chunks/MfaSetupPage-MFAS2345.js']);
    // A token without ntr#… never gets a neutrino chunk announced.
    expect(await documentFor('/neutrino', gluonOnly.token)).toEqual([]);
    const neutrino = await development.accessToken(await development.createUser({ permissions: ['ntr#dev#r'] }));
    expect(await documentFor('/neutrino', neutrino.token)).toEqual(['/chunks/NeutrinoPage-NTRN2345.js']);
    expect(await documentFor('/gluon', neutrino.token)).toEqual([]);
  });

  it('announces nothing but public pages without a valid access token', async () => {
    const forged = `${(await development.accessToken(await development.createUser({ permissions: ['ntr#dev#r'] }))).token.slice(0, -4)}AAAA`;
    for (const token of [undefined, forged, 'not-a-token']) {
      expect(await documentFor('/neutrino', token)).toEqual([]);
      expect(await documentFor('/config/2fa', token)).toEqual([]);
      expect(await documentFor('/login', token)).toEqual([
        '/chunks/LoginPage-LOGN2345.js',
        '/chunks/chunk-SHRD2345.js',
      ]);
    }
  });

  it("puts the copy of /login's first screen into its document, only where the page shows that screen", async () => {
    for (const url of ['/login', '/LOGIN/', '/login?returnUrl=%2Fgluon', '/login?legacy=true&returnUrl=/x']) {
      const body = (await production.app.inject({ url })).body;
      expect(body, url).toContain(WITH_COPY);
      // The copy comes before the script, which still loads as announced.
      expect(body.indexOf(WITH_COPY), url).toBeLessThan(body.indexOf('<script type="module"'));
      expect(preloads(body), url).toEqual(['/chunks/LoginPage-LOGN2345.js', '/chunks/chunk-SHRD2345.js']);
    }
    // Another step (a handed-over token, Okta, a Jamf domain, a provider's return) or another page: no copy.
    for (const url of [
      '/login?token=abc',
      '/login?okta',
      '/login?ssoDomain=example.com',
      '/login?oktaRedirect=true',
      '/login?reauth=true',
      '/login/callback',
      '/invite/abc?code=1&state=2',
      '/invite',
      '/',
    ]) {
      const body = (await production.app.inject({ url })).body;
      expect(body, url).toContain('<div id="root"></div>');
      expect(body, url).not.toContain('data-prerendered');
    }
  });

  it("links the first screens' part of the stylesheet, marked with the whole sheet, only where the document carries a copy", async () => {
    for (const url of ['/login', '/invite/0c2f1b']) {
      const body = (await production.app.inject({ url })).body;
      expect(body, url).toContain(SUBSET_SHEET);
      expect(body, url).not.toContain(WHOLE_SHEET);
    }
    // No copy (another step, a signed-in page, a route without one): the whole sheet, as built.
    for (const url of ['/login?token=abc', '/', '/gluon', '/unsubscribe']) {
      const body = (await production.app.inject({ url })).body;
      expect(body, url).toContain(WHOLE_SHEET);
      expect(body, url).not.toContain('data-whole-sheet');
    }
    expect((await production.app.inject({ url: '/first-screen.json' })).statusCode).toBe(404);
  });

  it('puts the spinner copy of a page that waits for an answer into the documents its route pattern matches', async () => {
    for (const url of ['/invite/0c2f1b', '/Invite/0c2f1b/']) {
      const body = (await production.app.inject({ url })).body;
      expect(body, url).toContain(`<div id="root" data-prerendered="invite">${INVITE_COPY}</div>`);
    }
    expect((await production.app.inject({ url: '/invite/a/b' })).body).not.toContain('data-prerendered');
  });

  it('sends a reader whose jetp-theme cookie says dark the dark copy and a dark <body> (no light flash); anyone else the light one', async () => {
    const dark = await production.app.inject({ url: '/login', headers: { cookie: 'other=1; jetp-theme=dark' } });
    expect(dark.body).toContain(`<div id="root" data-prerendered="login">${DARK_COPY}</div>`);
    expect(dark.body).toContain('<body class="bp6-dark">');
    // Every document of a dark reader starts dark, copy or not.
    expect(
      (await production.app.inject({ url: '/invite/abc', headers: { cookie: 'jetp-theme=dark' } })).body,
    ).toContain('<body class="bp6-dark">');
    for (const cookie of ['jetp-theme=light', 'jetp-theme=darker', 'xjetp-theme=dark', '']) {
      const body = (await production.app.inject({ url: '/login', headers: { cookie } })).body;
      expect(body, cookie).toContain(WITH_COPY);
      expect(body, cookie).not.toContain('bp6-dark');
    }
  });

  it('sends a signed-in reader of /login no copy (the page sends them on)', async () => {
    const user = await development.accessToken(await development.createUser({ permissions: ['gln#rpt#rw'] }));
    const res = await development.app.inject({
      url: '/login',
      headers: { cookie: `access_token=${encodeURIComponent(user.token)}` },
    });
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('data-prerendered');
    const forged = await development.app.inject({
      url: '/login',
      headers: { cookie: `access_token=${encodeURIComponent(`${user.token.slice(0, -4)}AAAA`)}` },
    });
    expect(forged.body).toContain(WITH_COPY);
  });
});
