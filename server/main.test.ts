import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from './config';
import { bootstrapAdmin, startBanner, storageWarning } from './main';
import { ALL_PERMISSIONS } from './services/users';
import { createTestApp, type TestApp } from './test/testApp';

describe('first start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates one tenant and an administrator with every permission, once', async () => {
    const config = { ...t.config, adminEmail: 'root@example.com', adminPassword: 'Root-Pass-123' };
    const first = await bootstrapAdmin(t.db, config);
    expect(first).toEqual({ email: 'root@example.com', password: 'Root-Pass-123', created: true });
    const login = await t.login('root@example.com', 'Root-Pass-123');
    const perms = JSON.parse(Buffer.from(login.token.split('.')[1]!, 'base64url').toString()).perms;
    expect(perms).toEqual([...ALL_PERMISSIONS]);
    expect(perms).toContain('umg#usr#rw');
    const second = await bootstrapAdmin(t.db, config);
    expect(second.created).toBe(false);
    expect(await t.db.query('SELECT 1 FROM tenants')).toHaveLength(1);
  });
});

describe('first start without a configured password', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp();
  });
  afterAll(() => other?.close());

  it('generates a password when none is configured', async () => {
    const admin = await bootstrapAdmin(other.db, { ...other.config, adminEmail: null, adminPassword: null });
    expect(admin.email).toBe('admin@example.com');
    expect(admin.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await expect(other.login(admin.email, admin.password!)).resolves.toHaveProperty('token');
  });
});

describe('start banner and logs', () => {
  const admin = { email: 'admin@example.com', password: 'Generated-1', created: true };

  it('shows address, credentials, the mailbox and the operator CLI in development', () => {
    const banner = startBanner(loadConfig({ DEV_IDP: 'off' }), admin, false).join('\n');
    expect(banner).toContain('Console and API: http://127.0.0.1:8080');
    expect(banner).toContain('Sign in as admin@example.com with password Generated-1');
    expect(banner).toContain('Mailbox:         http://127.0.0.1:8080/dev/mailbox');
    expect(banner).toContain('Sample upload:   http://127.0.0.1:8080/dev/samples/sysdiagnose.tar.gz');
    expect(banner).toContain('Android sample:  http://127.0.0.1:8080/dev/samples/androidqf.zip');
    expect(banner).toContain('Mac sample:      http://127.0.0.1:8080/dev/samples/aftermath.zip');
    expect(banner).toContain('npm run admin -- --help');
    expect(banner).toMatch(/Logs: +warn and above, no request lines \(LOG_LEVEL=info shows them\)/);
  });

  it('leads with the address, how to sign in and the mailbox, before anything else', () => {
    const lines = startBanner(loadConfig({ DEV_IDP: 'off' }), admin, true).filter((line) => line.trim() !== '');
    expect(lines[0]).toMatch(/^ {2}Console and API: /);
    expect(lines[1]).toMatch(/^ {2}Sign in as admin@example.com/);
    expect(lines[2]).toMatch(/^ {2}Mailbox: /);
    // An existing account's sign-in line holds the same place.
    const again = startBanner(loadConfig({ DEV_IDP: 'off' }), { ...admin, created: false }, false).filter(
      (line) => line.trim() !== '',
    );
    expect(again.slice(0, 3).map((line) => line.trim().split(/[: ]/)[0])).toEqual(['Console', 'Sign', 'Mailbox']);
  });

  it('never mentions a mailbox in production', () => {
    const banner = startBanner(loadConfig({ NODE_ENV: 'production' }), admin, false).join('\n');
    expect(banner).not.toContain('mailbox');
    expect(banner).not.toContain('Sample upload');
    expect(banner).not.toContain('Android sample');
    expect(banner).not.toContain('Mac sample');
    expect(banner).toMatch(/Logs: +info, every request/);
  });
});

describe('log level', () => {
  // Built in the hook (its timeout is for start-up), so a loaded machine slows the test, not fails it.
  let quiet: TestApp;
  let verbose: TestApp;
  beforeAll(async () => {
    [quiet, verbose] = await Promise.all([
      createTestApp({ env: { NODE_ENV: 'development' }, overrides: { logger: undefined } }),
      createTestApp({ env: { NODE_ENV: 'development', LOG_LEVEL: 'info' }, overrides: { logger: undefined } }),
    ]);
  });
  afterAll(() => Promise.all([quiet?.close(), verbose?.close()]));

  it('logs warnings and errors only by default in development (no request lines); LOG_LEVEL=info shows requests', () => {
    // Request lines are 'info'; 'warn' keeps warnings and errors.
    expect(quiet.app.log.level).toBe('warn');
    expect(verbose.app.log.level).toBe('info');
  });
});

describe('storage warning at start', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u:p@db.example/x',
    PUBLIC_URL: 'https://mtd.example.com',
    GLUON_STORAGE_DIR: '/srv/gluon',
  };

  it('says that files are not shared in production on PostgreSQL with the local folder', () => {
    const warning = storageWarning(loadConfig(production));
    expect(warning).toBe(
      'Warning: uploaded files are kept in the local folder /srv/gluon and are not shared with other API instances. ' +
        'With more than one instance, set STORAGE_URL=s3://bucket/prefix (an S3-compatible object store; docs/operations.md, "Several instances").',
    );
  });

  it('says nothing with an object store, on PGlite, or in development', () => {
    expect(storageWarning(loadConfig({ ...production, STORAGE_URL: 's3://gluon-files/prod' }))).toBeNull();
    expect(storageWarning(loadConfig({ ...production, DATABASE_URL: '' }))).toBeNull();
    expect(storageWarning(loadConfig({ DATABASE_URL: 'postgres://u:p@db.example/x', DEV_IDP: 'off' }))).toBeNull();
  });
});
