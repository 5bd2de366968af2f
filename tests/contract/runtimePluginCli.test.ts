import { statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generatePluginKey } from '../../scripts/plugin-keygen';
import { packPlugin } from '../../scripts/plugin-pack';
import { withAbsoluteFile } from '../../server/cli/backup';
import { type CliContext, helpText, runCommand } from '../../server/cli/commands';
import { createTar } from '../../server/modules/inspection/public';
import { createTestApp, type TestApp, type TestUser } from '../../server/test/testApp';

const FIXTURE = path.resolve(import.meta.dirname, '../../server/modules/runtimePlugins/__fixtures__/tinyPlugin');

describe('npm run admin -- plugin …, with a package from plugin:pack', () => {
  let t: TestApp;
  let ctx: CliContext;
  let dir: string;
  let user: TestUser;
  const run = (...argv: string[]) => runCommand(ctx, ['plugin', ...argv]);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rp-cli-'));
    t = await createTestApp({ env: { GLUON_STORAGE_DIR: path.join(dir, 'storage') } });
    ctx = { db: t.db, config: t.config, tokens: t.app.tokens, mailer: t.app.mailer };
    // Two tenants: the default one (with the user who will see the plugin) and another.
    user = await t.createUser({ permissions: ['tny#rpt#r'] });
    await t.createTenant('Second tenant');
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keygen, trust, pack, install, list, serve, remove, untrust', async () => {
    expect(helpText()).toContain('plugin install FILE');
    const { keyId, keyFile, pubFile } = generatePluginKey(path.join(dir, 'keys'));
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(() => generatePluginKey(path.join(dir, 'keys'))).toThrow(/EEXIST/);

    await expect(run('install', path.join(dir, 'nothing.tgz'))).rejects.toThrow(/Cannot read/);
    expect(await run('trust', pubFile, '--name', 'Tiny author')).toBe(`Trusted key ${keyId} (Tiny author).`);

    const { file } = await packPlugin({
      dir: FIXTURE,
      keyPem: await readFile(keyFile, 'utf8'),
      out: path.join(dir, 'tiny-1.2.0.consoleplugin.tgz'),
    });
    expect(await run('install', file)).toMatch(/^Installed tiny 1\.2\.0 \(\/tiny, \/tiny\/about\), signed by /);
    const list = await run('list');
    expect(list).toContain('tiny 1.2.0  Tiny plugin  routes /tiny /tiny/about');
    expect(list).toContain(`${keyId}  Tiny author`);

    // A user holding tny#… gets it, with the bundled JSX module and its stylesheet.
    const { token } = await t.accessToken(user);
    const runtime = await t.app.inject({
      method: 'GET',
      url: '/plugins-backend/runtime',
      headers: { authorization: `Bearer ${token}` },
    });
    const [tiny] = runtime.json().plugins;
    expect(tiny.manifest.entry).toMatch(/^index-[A-Z0-9]{8}\.js$/);
    expect(tiny.manifest.styles).toEqual([expect.stringMatching(/^index-[A-Z0-9]{8}\.css$/)]);
    const entry = await t.app.inject({ method: 'GET', url: tiny.entryUrl });
    expect(entry.statusCode).toBe(200);
    // The shared modules stay imports (one React, the host's), never bundled.
    expect(entry.body).toMatch(/from\s*"react\/jsx-runtime"/);
    expect(entry.body).toContain('TinyPage');

    await expect(run('install', file)).rejects.toThrow(
      /Refused: tiny 1\.2\.0 is installed: an upgrade needs a higher version/,
    );
    expect(await run('remove', 'tiny')).toBe('Removed tiny.');
    await expect(run('remove', 'tiny')).rejects.toThrow('Refused: No runtime plugin tiny is installed.');
    expect(await run('untrust', keyId)).toMatch(`Key ${keyId} is no longer trusted`);
    await expect(run('install', file)).rejects.toThrow(
      /Refused: The package is signed with the key .* not trusted here/,
    );

    // Every change is in every tenant's audit log, from the CLI.
    const audit = await t.db.query<{ action: string; count: string }>(
      `SELECT action, count(*)::text AS count FROM audit_events
       WHERE action LIKE 'runtimePlugin.%' AND details->>'via' = 'cli' GROUP BY action ORDER BY action`,
    );
    expect(audit).toEqual([
      { action: 'runtimePlugin.install', count: '2' },
      { action: 'runtimePlugin.remove', count: '2' },
      { action: 'runtimePlugin.trust', count: '2' },
      { action: 'runtimePlugin.untrust', count: '2' },
    ]);
  });

  it('refuses a hostile package and a file that is no key, with the reason', async () => {
    const hostile = path.join(dir, 'hostile.tgz');
    await writeFile(hostile, createTar([{ path: '../../outside.js', data: 'x' }]));
    await expect(run('install', hostile)).rejects.toThrow(/Refused: .*climbs out with \.\./);
    const notKey = path.join(dir, 'not.pub');
    await writeFile(notKey, 'hello');
    await expect(run('trust', notKey)).rejects.toThrow(/Refused: The file is not an ed25519 public key/);
    await expect(run('frobnicate')).rejects.toThrow(/Usage: npm run admin -- plugin/);
  });

  it('resolves the file of install and trust against the operator’s folder (the API may run the command)', () => {
    expect(withAbsoluteFile(['plugin', 'install', 'x.tgz'], '/home/op')).toEqual([
      'plugin',
      'install',
      '/home/op/x.tgz',
    ]);
    expect(withAbsoluteFile(['plugin', 'trust', 'k.pub', '--name', 'N'], '/home/op')).toEqual([
      'plugin',
      'trust',
      '/home/op/k.pub',
      '--name',
      'N',
    ]);
    expect(withAbsoluteFile(['plugin', 'remove', 'tiny'], '/home/op')).toEqual(['plugin', 'remove', 'tiny']);
  });
});
