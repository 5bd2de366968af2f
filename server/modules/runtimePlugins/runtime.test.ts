import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, truncate, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { grantExpiry, mintGrant } from './assetGrant';
import { DEFAULT_ASSETS, testKey, testManifest, testPackage } from './packageFixtures';
import { trustKey } from './runtimePluginService';

describe('the runtime answer and plugin assets', () => {
  let t: TestApp;
  let second: TestApp;
  let storageDir: string;
  let staticDir: string;
  const key = testKey();
  let helloUser: { id: string; token: string };
  let otherUser: { id: string; token: string };

  const get = (app: TestApp, url: string, token?: string, headers: Record<string, string> = {}) =>
    app.app.inject({
      method: 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'rp-runtime-'));
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'rp-static-'));
    await mkdir(path.join(staticDir, 'console-sdk'));
    await writeFile(
      path.join(staticDir, 'console-sdk', 'index.json'),
      JSON.stringify({
        imports: { react: '/console-sdk/react.js' },
        integrity: { '/console-sdk/react.js': 'sha384-react' },
      }),
    );
    const env = { GLUON_STORAGE_DIR: storageDir, STATIC_DIR: staticDir };
    t = await createTestApp({ env });
    // A second instance on the same database and the same storage folder (the key is shared as in production).
    second = await createTestApp({ env, overrides: { db: t.db, keepDbOpen: true } });
    await trustKey({ db: t.db, audit: async () => {} }, key.publicPem, 'Test author', null);
    const admin = await t.createUser({ permissions: ['umg#plg#rw'] });
    const adminToken = (await t.accessToken(admin)).token;
    for (const body of [
      testPackage(key),
      testPackage(key, {
        manifest: testManifest({ id: 'other', prefixes: ['oth'], requires: ['oth'], styles: [] }),
        assets: { 'index-AAAAAAAA.js': DEFAULT_ASSETS['index-AAAAAAAA.js'] },
      }),
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/plugins-backend/admin/plugins',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/octet-stream' },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const hello = await t.createUser({ permissions: ['hlo#rpt#r', 'gln#rpt#r'] });
    helloUser = { id: hello.id, token: (await t.accessToken(hello)).token };
    const other = await t.createUser({ permissions: ['gln#rpt#r'] });
    otherUser = { id: other.id, token: (await t.accessToken(other)).token };
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
    await rm(staticDir, { recursive: true, force: true });
  });

  it('lists only the plugins the permissions allow, with an integrity hash per asset URL and the shared modules', async () => {
    const mine = await get(t, '/plugins-backend/runtime', helloUser.token);
    expect(mine.statusCode).toBe(200);
    const answer = mine.json();
    expect(answer.plugins.map((p: { id: string }) => p.id)).toEqual(['hello']);
    const [hello] = answer.plugins;
    expect(hello.entryUrl).toMatch(
      /^\/plugins-backend\/assets\/[A-Za-z0-9_-]{27}\.[0-9a-f]{32}\/hello\/1\.0\.0\/index-AAAAAAAA\.js$/,
    );
    expect(hello.styleUrls).toEqual([hello.entryUrl.replace('index-AAAAAAAA.js', 'index-BBBBBBBB.css')]);
    expect(hello.manifest).toEqual(testManifest());
    expect(answer.importMap.imports).toEqual({ react: '/console-sdk/react.js' });
    expect(Object.keys(answer.importMap.integrity).sort()).toEqual(
      ['/console-sdk/react.js', hello.entryUrl, hello.styleUrls[0]].sort(),
    );
    expect(answer.importMap.integrity[hello.entryUrl]).toMatch(/^sha384-/);
    expect(Date.parse(answer.expiresAt) - Date.now()).toBeGreaterThan(29 * 60 * 1000);

    const theirs = await get(t, '/plugins-backend/runtime', otherUser.token);
    expect(theirs.json().plugins).toEqual([]);
    expect(Object.keys(theirs.json().importMap.integrity)).toEqual(['/console-sdk/react.js']);
    expect((await get(t, '/plugins-backend/runtime')).statusCode).toBe(401);
  });

  it('answers 304 to the ETag it gave, and a new answer once the plugins change', async () => {
    const first = await get(t, '/plugins-backend/runtime', helloUser.token);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const again = await get(t, '/plugins-backend/runtime', helloUser.token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // The other instance answers the same (same key, same rows).
    expect((await get(second, '/plugins-backend/runtime', helloUser.token)).headers.etag).toBe(etag);
    const otherEtag = (await get(t, '/plugins-backend/runtime', otherUser.token)).headers.etag;
    expect(otherEtag).not.toBe(etag);
  });

  it('serves an asset to its grant holder, from either instance, cached privately and immutably', async () => {
    const { plugins } = (await get(t, '/plugins-backend/runtime', helloUser.token)).json();
    for (const app of [t, second]) {
      const res = await get(app, plugins[0].entryUrl);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, max-age=3600, immutable');
      expect(res.body).toBe(DEFAULT_ASSETS['index-AAAAAAAA.js']);
    }
    const css = await get(second, plugins[0].styleUrls[0]);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const missing = await get(t, plugins[0].entryUrl.replace('index-AAAAAAAA.js', 'nope.js'));
    expect(missing.statusCode).toBe(404);
  });

  it('answers 403 without a grant, with an expired one, one for another plugin, or for a user not permitted', async () => {
    const digest = (value: string) => t.app.tokens.digest(value);
    const now = Math.floor(Date.now() / 1000);
    const url = (grant: string, id = 'hello') => `/plugins-backend/assets/${grant}/${id}/1.0.0/index-AAAAAAAA.js`;
    const valid = mintGrant(digest, { sub: helloUser.id, plugin: 'hello', exp: grantExpiry(now) });
    expect((await get(t, url(valid))).statusCode).toBe(200);
    const cases = {
      'no grant': url('nothing'),
      'a forged MAC': url(valid.replace(/\.[0-9a-f]{4}/, '.0000')),
      'an expired grant': url(mintGrant(digest, { sub: helloUser.id, plugin: 'hello', exp: now - 1 })),
      'a grant for another plugin': url(
        mintGrant(digest, { sub: helloUser.id, plugin: 'other', exp: grantExpiry(now) }),
      ),
      'a user not permitted': url(mintGrant(digest, { sub: otherUser.id, plugin: 'hello', exp: grantExpiry(now) })),
    };
    for (const [name, address] of Object.entries(cases)) {
      const res = await get(t, address);
      expect([name, res.statusCode]).toEqual([name, 403]);
      expect(res.json().message).toBe('This plugin asset needs a valid grant: reload the console.');
    }
  });

  it('a plugin installed through one instance is listed and served by the other', async () => {
    const admin = await second.createUser({ permissions: ['umg#plg#rw'] });
    const res = await second.app.inject({
      method: 'POST',
      url: '/plugins-backend/admin/plugins',
      headers: {
        authorization: `Bearer ${(await second.accessToken(admin)).token}`,
        'content-type': 'application/octet-stream',
      },
      payload: testPackage(key, {
        manifest: testManifest({ id: 'third', prefixes: ['thd'], requires: ['hlo'], styles: [] }),
        assets: { 'index-AAAAAAAA.js': 'export const HelloPage = () => "third";\n' },
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { plugins } = (await get(t, '/plugins-backend/runtime', helloUser.token)).json();
    const third = plugins.find((p: { id: string }) => p.id === 'third');
    const asset = await get(t, third.entryUrl);
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export const HelloPage = () => "third";\n');
  });

  it('answers what storage holds when a stored asset was cut short (no hanging download), and a 404 in words when it is gone', async () => {
    const source = 'export const HelloPage = () => "cut short, then gone";\n';
    const admin = await t.createUser({ permissions: ['umg#plg#rw'] });
    const installed = await t.app.inject({
      method: 'POST',
      url: '/plugins-backend/admin/plugins',
      headers: {
        authorization: `Bearer ${(await t.accessToken(admin)).token}`,
        'content-type': 'application/octet-stream',
      },
      payload: testPackage(key, {
        manifest: testManifest({ id: 'fragile', prefixes: ['frg'], requires: ['hlo'], styles: [] }),
        assets: { 'index-AAAAAAAA.js': source },
      }),
    });
    expect(installed.statusCode, installed.body).toBe(201);
    const { plugins } = (await get(t, '/plugins-backend/runtime', helloUser.token)).json();
    const fragile = plugins.find((p: { id: string }) => p.id === 'fragile');
    // The folder storage keeps a file under its sha256 (runtime plugins under their own prefix).
    const sha = createHash('sha256').update(source).digest('hex');
    const stored = path.join(storageDir, 'runtime-plugins', sha.slice(0, 2), sha);
    await truncate(stored, 10);
    const cut = await get(t, fragile.entryUrl);
    expect(cut.statusCode).toBe(200);
    // The length sent is the bytes sent: the browser gets all of them and its integrity check refuses them.
    expect(cut.headers['content-length']).toBe('10');
    expect(cut.body).toBe(source.slice(0, 10));
    await unlink(stored);
    const gone = await get(t, fragile.entryUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(
      "This plugin's files are missing from storage: an administrator should install it again.",
    );
  });

  it('stops serving the plugins of a key no longer trusted', async () => {
    const { plugins } = (await get(t, '/plugins-backend/runtime', helloUser.token)).json();
    await t.db.query('DELETE FROM runtime_plugin_keys');
    try {
      expect((await get(t, '/plugins-backend/runtime', helloUser.token)).json().plugins).toEqual([]);
      expect((await get(t, plugins[0].entryUrl)).statusCode).toBe(404);
    } finally {
      await trustKey({ db: t.db, audit: async () => {} }, key.publicPem, 'Test author', null);
    }
  });
});
