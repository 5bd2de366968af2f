import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { DEFAULT_ASSETS, testKey, testManifest, testPackage } from './packageFixtures';
import { trustKey } from './runtimePluginService';

/** Every file under `dir` (the object store's folder), recursively; [] when it does not exist. */
async function storedFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

describe('installing runtime plugins', () => {
  let t: TestApp;
  let storageDir: string;
  let adminToken: string;
  const key = testKey();
  const stranger = testKey();

  const install = (body: Buffer, token = adminToken) =>
    t.app.inject({
      method: 'POST',
      url: '/plugins-backend/admin/plugins',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      payload: body,
    });
  const remove = (id: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `/plugins-backend/admin/plugins/${id}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
  const pluginRows = () =>
    t.db.query<{ id: string; version: string }>('SELECT id, version FROM runtime_plugins ORDER BY id');

  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(os.tmpdir(), 'rp-install-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: storageDir } });
    const admin = await t.createUser({ permissions: ['umg#plg#rw', 'umg#usr#rw'] });
    adminToken = (await t.accessToken(admin)).token;
    await trustKey({ db: t.db, audit: async () => {} }, key.publicPem, 'Test author', null);
  });
  afterAll(async () => {
    await t?.close();
    await rm(storageDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    for (const row of await pluginRows()) expect((await remove(row.id)).statusCode).toBe(204);
  });

  it('installs a signed package: 201 with the item, listed, assets stored, audited', async () => {
    const res = await install(testPackage(key));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id: 'hello',
      title: 'Hello',
      version: '1.0.0',
      prefixes: ['hlo'],
      routes: ['/hello'],
      keyId: key.keyId,
      installedBy: expect.stringContaining('@'),
    });
    expect(res.json().sizeBytes).toBeGreaterThan(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/plugins-backend/admin/plugins',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(list.json().items.map((i: { id: string }) => i.id)).toEqual(['hello']);
    expect(list.json().keys).toEqual([{ keyId: key.keyId, name: 'Test author', addedAt: expect.any(String) }]);
    expect(await storedFiles(path.join(storageDir, 'runtime-plugins'))).toHaveLength(2);
    await t.app.auditQueue.drain();
    const audit = await t.db.query<{ action: string; target: string; details: { version: string } }>(
      "SELECT action, target, details FROM audit_events WHERE action LIKE 'runtimePlugin.%' ORDER BY created_at",
    );
    expect(audit.at(-1)).toMatchObject({
      action: 'runtimePlugin.install',
      target: 'hello',
      details: { version: '1.0.0' },
    });
  });

  const refusals: [string, () => Buffer, number, RegExp][] = [
    [
      'a tampered asset',
      () => testPackage(key, { tamper: { 'index-AAAAAAAA.js': 'alert(1)' } }),
      422,
      /index-AAAAAAAA\.js does not match its signed hash/,
    ],
    ['an unknown key', () => testPackage(key, { key: stranger }), 422, /not trusted here/],
    [
      'the wrong key (claims a trusted key id)',
      () => testPackage(key, { key: stranger, keyId: key.keyId }),
      422,
      /does not verify/,
    ],
    ['an unsigned package', () => testPackage(key, { withoutSignature: true }), 422, /not signed/],
    [
      'an asset left out of the signature',
      () => testPackage(key, { signedAssets: (a) => ({ 'index-BBBBBBBB.css': a['index-BBBBBBBB.css']! }) }),
      422,
      /index-AAAAAAAA\.js is not covered by the signature/,
    ],
    [
      'a signed asset missing',
      () =>
        testPackage(key, {
          assets: { 'index-AAAAAAAA.js': DEFAULT_ASSETS['index-AAAAAAAA.js'], 'index-BBBBBBBB.css': '' },
          signedAssets: (a) => ({ ...a, 'other.js': a['index-AAAAAAAA.js']! }),
        }),
      422,
      /other\.js is missing/,
    ],
    [
      'a bad schema (unknown field)',
      () => testPackage(key, { manifest: { ...testManifest(), services: [] } }),
      400,
      /manifest is invalid: .*additional properties \(services\)/,
    ],
    [
      'a bad schema (absolute route)',
      () => testPackage(key, { manifest: testManifest({ routes: [{ path: '/admin', page: 'P' }] }) }),
      400,
      /routes\/0\/path must match pattern/,
    ],
    [
      'a landing rank above the built-in products',
      () => testPackage(key, { manifest: testManifest({ landing: { rank: 1 } }) }),
      400,
      /landing\/rank must be >= 100/,
    ],
    [
      'manifest.json that is no JSON',
      () => testPackage(key, { manifestBytes: Buffer.from('{nope') }),
      400,
      /not valid JSON/,
    ],
    [
      'an incompatible SDK',
      () => testPackage(key, { manifest: testManifest({ sdk: '^2.0.0' }) }),
      400,
      /built for @console\/plugin-sdk \^2\.0\.0; this console provides 1\.0\.0/,
    ],
    [
      'an entry that is not in the package',
      () => testPackage(key, { manifest: testManifest({ entry: 'missing-CCCCCCCC.js' }) }),
      400,
      /names missing-CCCCCCCC\.js, which is not in the package/,
    ],
    [
      'an id of the console itself',
      () => testPackage(key, { manifest: testManifest({ id: 'gluon' }) }),
      409,
      /id gluon is taken by the console itself/,
    ],
    [
      'a route of the console itself',
      () => testPackage(key, { manifest: testManifest({ id: 'login' }) }),
      409,
      /\/login/,
    ],
    [
      'a built-in permission prefix',
      () => testPackage(key, { manifest: testManifest({ prefixes: ['gln'] }) }),
      409,
      /prefix gln belongs to a built-in product/,
    ],
    [
      'a route declared twice',
      () =>
        testPackage(key, {
          manifest: testManifest({
            routes: [
              { path: 'x', page: 'A' },
              { path: 'x', page: 'B' },
            ],
          }),
        }),
      409,
      /route \/hello\/x is declared twice/,
    ],
    [
      'an oversized file',
      () => testPackage(key, { assets: { ...DEFAULT_ASSETS, 'big.js': Buffer.alloc(5 * 1024 * 1024 + 1, 32) } }),
      400,
      /too large/,
    ],
    [
      'an oversized package',
      () =>
        testPackage(key, {
          assets: {
            ...DEFAULT_ASSETS,
            ...Object.fromEntries([0, 1, 2].map((i) => [`big${i}.js`, Buffer.alloc(4 * 1024 * 1024, 32)])),
          },
        }),
      400,
      /too large.*10 MiB unpacked/,
    ],
    [
      'too many files',
      () =>
        testPackage(key, {
          assets: {
            ...DEFAULT_ASSETS,
            ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}.js`, 'x'])),
          },
        }),
      400,
      /more than 200 files/,
    ],
    [
      'a `..` path',
      () => testPackage(key, { extraEntries: [{ path: 'assets/../../etc/passwd', data: 'x' }] }),
      400,
      /climbs out with \.\./,
    ],
    [
      'an absolute path',
      () => testPackage(key, { extraEntries: [{ path: '/etc/cron.d/x', data: 'x' }] }),
      400,
      /absolute path/,
    ],
    [
      'a symlink',
      () => testPackage(key, { extraEntries: [{ path: 'assets/link.js', type: '2', linkName: '/etc/passwd' }] }),
      400,
      /not a regular file/,
    ],
    [
      'a hard link',
      () => testPackage(key, { extraEntries: [{ path: 'assets/hard.js', type: '1', linkName: 'manifest.json' }] }),
      400,
      /not a regular file/,
    ],
    [
      'a file outside the format',
      () => testPackage(key, { extraEntries: [{ path: 'postinstall.sh', data: 'rm -rf /' }] }),
      400,
      /not part of the format/,
    ],
    [
      'an asset path with other characters',
      () => testPackage(key, { extraEntries: [{ path: 'assets/a b.js', data: 'x' }] }),
      400,
      /characters a package may not use/,
    ],
    [
      'something that is not an archive',
      () => Buffer.from('not a tarball at all, just text that is long enough'),
      400,
      /not a valid plugin archive/,
    ],
  ];

  it.each(refusals)('refuses %s with the reason, storing nothing', async (_name, body, status, message) => {
    const res = await install(body());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await pluginRows()).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM runtime_plugin_assets')).toEqual([]);
    expect(await storedFiles(path.join(storageDir, 'runtime-plugins'))).toEqual([]);
  });

  it('refuses a prefix another installed plugin took', async () => {
    expect((await install(testPackage(key))).statusCode).toBe(201);
    const res = await install(testPackage(key, { manifest: testManifest({ id: 'other' }) }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The permission prefix hlo is taken by the plugin hello.');
    expect((await pluginRows()).map((r) => r.id)).toEqual(['hello']);
  });

  it('upgrades only to a higher version, replacing the assets', async () => {
    expect((await install(testPackage(key))).statusCode).toBe(201);
    for (const version of ['1.0.0', '0.9.9']) {
      const res = await install(testPackage(key, { manifest: testManifest({ version }) }));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/hello 1\.0\.0 is installed: an upgrade needs a higher version/);
    }
    const assets = { 'index-CCCCCCCC.js': 'export const HelloPage = () => null;\n' };
    const res = await install(
      testPackage(key, {
        manifest: testManifest({ version: '1.1.0', entry: 'index-CCCCCCCC.js', styles: [] }),
        assets,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await pluginRows()).toEqual([{ id: 'hello', version: '1.1.0' }]);
    expect(await t.db.query('SELECT version, path FROM runtime_plugin_assets')).toEqual([
      { version: '1.1.0', path: 'index-CCCCCCCC.js' },
    ]);
    // The previous version's files are gone from the store.
    expect(await storedFiles(path.join(storageDir, 'runtime-plugins'))).toHaveLength(1);
  });

  it('removes a plugin (204, files gone, audited); an unknown one is a 404', async () => {
    expect((await install(testPackage(key))).statusCode).toBe(201);
    expect((await remove('hello')).statusCode).toBe(204);
    expect(await storedFiles(path.join(storageDir, 'runtime-plugins'))).toEqual([]);
    const again = await remove('hello');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('No runtime plugin hello is installed.');
    await t.app.auditQueue.drain();
    const [row] = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_events WHERE action = 'runtimePlugin.remove' AND target = 'hello'",
    );
    expect(row).toEqual({ action: 'runtimePlugin.remove' });
  });

  it('lets only umg#plg#rw install and remove, umg#plg#r list', async () => {
    const reader = await t.createUser({ permissions: ['umg#plg#r'] });
    const { token } = await t.accessToken(reader);
    expect((await install(testPackage(key), token)).statusCode).toBe(403);
    const list = await t.app.inject({
      method: 'GET',
      url: '/plugins-backend/admin/plugins',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.statusCode).toBe(200);
    expect(await pluginRows()).toEqual([]);
  });
});
