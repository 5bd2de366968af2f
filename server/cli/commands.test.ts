import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { currentStep, totpCode } from '../modules/auth/totp';
import { setTenantTimeZone } from '../services/tenants';
import { createTestApp, type TestApp } from '../test/testApp';
import { CliError, parseDuration, parseExpiry } from './cliArgs';
import { type CliContext, helpText, runCommand } from './commands';

describe('operator CLI commands', () => {
  let t: TestApp;
  let ctx: CliContext;
  const run = (...argv: string[]) => runCommand(ctx, argv);
  const pathOf = (url: string) => url.replace('http://127.0.0.1:8080', '');
  beforeAll(async () => {
    t = await createTestApp();
    ctx = { db: t.db, config: t.config, tokens: t.app.tokens, mailer: t.app.mailer };
  });
  afterAll(() => t?.close());

  it('--help lists every command of the issue', async () => {
    const help = helpText();
    for (const name of [
      'create-tenant',
      'create-user',
      'list-users',
      'reset-mfa',
      'invite',
      'create-collector-link',
      'quick-link',
      'unsubscribe-link',
      'outbox',
    ]) {
      expect(help).toContain(name);
    }
    expect(await run('invite', '--help')).toMatch(/--email <value> \(required\)/);
    await expect(run('nonsense')).rejects.toThrow(/Unknown command "nonsense"/);
  });

  it('needs a tenant, then creates users who can sign in (with and without MFA)', async () => {
    await expect(run('create-user', '--email', 'x@acme.example', '--password', 'Sup3r-secret!')).rejects.toThrow(
      /no tenant yet/,
    );
    const tenantOut = await run('create-tenant', '--name', 'Acme');
    const tenantId = /: ([0-9a-f-]{36})$/.exec(tenantOut)![1]!;
    const plain = await run(
      'create-user',
      '--email',
      'Plain@Acme.example',
      '--password',
      'Sup3r-secret!',
      '--perms',
      'gln#rpt#rw,umg#usr#r',
    );
    expect(plain).toContain('User plain@acme.example created');
    const login = await t.login('plain@acme.example', 'Sup3r-secret!');
    const claims = JSON.parse(Buffer.from(login.token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ typ: 'access', tenant: tenantId, perms: ['gln#rpt#rw', 'umg#usr#r'] });

    const mfa = await run('create-user', '--email', 'mfa@acme.example', '--password', 'Sup3r-secret!', '--mfa', 'on');
    const secret = /TOTP secret: ([A-Z2-7]+)/.exec(mfa)![1]!;
    expect(mfa).toContain(`otpauth://totp/MTD%20Console:mfa%40acme.example?secret=${secret}`);
    const first = await t.login('mfa@acme.example', 'Sup3r-secret!');
    expect(JSON.parse(Buffer.from(first.token.split('.')[1]!, 'base64url').toString()).perms).toEqual(['umg#otp#r']);
    const second = await t.app.inject({
      method: 'POST',
      url: '/um/mfa/totp/validateCode',
      headers: { authorization: `Bearer ${first.token}` },
      payload: { totpCode: totpCode(secret, currentStep()) },
    });
    expect(second.statusCode).toBe(200);

    await expect(run('create-user', '--email', 'mfa@acme.example', '--password', 'Sup3r-secret!')).rejects.toThrow(
      /already exists/,
    );
    await expect(run('create-user', '--email', 'bad', '--password', 'Sup3r-secret!')).rejects.toThrow(CliError);
    await expect(run('create-user', '--email', 'short@acme.example', '--password', 'short')).rejects.toThrow(
      /at least 8/,
    );
    await expect(
      run('create-user', '--email', 'p@acme.example', '--password', 'Sup3r-secret!', '--perms', 'root'),
    ).rejects.toThrow(/--perms/);
    await expect(
      run('create-user', '--email', 'p@acme.example', '--password', 'Sup3r-secret!', '--mfa', 'maybe'),
    ).rejects.toThrow(/--mfa/);
    await expect(run('create-user')).rejects.toThrow(/--email is required/);
    const generated = await run('create-user', '--email', 'gen@acme.example', '--perms', 'gln#rpt#r');
    const password = /Generated password: (\S+)/.exec(generated)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect((await t.login('gen@acme.example', password)).token).toEqual(expect.any(String));
    await expect(
      run('create-user', '--email', 'p@acme.example', '--password', 'Sup3r-secret!', '--bogus', '1'),
    ).rejects.toThrow(CliError);
  });

  it('lists users and resets MFA', async () => {
    const list = await run('list-users');
    expect(list).toMatch(/mfa@acme\.example\tactive,mfa/);
    expect(list).toMatch(/plain@acme\.example\tactive\t/);
    expect(await run('reset-mfa', '--email', 'mfa@acme.example')).toContain('MFA of mfa@acme.example is off');
    const login = await t.login('mfa@acme.example', 'Sup3r-secret!');
    expect(JSON.parse(Buffer.from(login.token.split('.')[1]!, 'base64url').toString()).typ).toBe('access');
    await expect(run('reset-mfa', '--email', 'nobody@acme.example')).rejects.toThrow(/No user/);
  });

  it('invites: prints a working link and mails it', async () => {
    const out = await run(
      'invite',
      '--email',
      'new@acme.example',
      '--perms',
      'gln#rpt#r',
      '--methods',
      'Okta,password',
    );
    const link = /(http:\/\/127\.0\.0\.1:8080\/invite\/[A-Za-z0-9_-]+)$/.exec(out)![1]!;
    const invite = await t.app.inject({ method: 'GET', url: `/um/invite/${link.split('/').pop()}` });
    expect(invite.json()).toMatchObject({
      username: 'new@acme.example',
      expired: false,
      allowedLoginMethods: ['Okta', 'password'],
    });
    expect((await t.outbox()).at(-1)!.body_text).toContain(link);
    expect(await run('outbox', '--to', 'new@acme.example')).toContain(link);
    await expect(run('invite', '--email', 'plain@acme.example')).rejects.toThrow(/already exists/);
    await expect(run('invite', '--email', 'z@acme.example', '--methods', 'Facebook')).rejects.toThrow(/--methods/);
  });

  it('creates a collector link whose limit and expiry the API enforces', async () => {
    const out = await run('create-collector-link', '--limit', '1', '--expires', '7d', '--name', 'CLI link');
    const url = /(http:\/\/\S+\/collector\/\S+)$/.exec(out)![1]!;
    const token = url.split('/').pop()!;
    const valid = await t.app.inject({ method: 'GET', url: `/gluon-backend/sharedExtractorLinks/${token}/validate` });
    expect(valid.json()).toMatchObject({ valid: true, remainingInstalls: 1 });
    expect(Date.parse(valid.json().expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86400_000);
    const body = { fullName: 'A', email: 'a@b.example', os: 'WIN' };
    expect(
      (await t.app.inject({ method: 'POST', url: `/gluon-backend/sharedExtractorLinks/${token}`, payload: body }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/gluon-backend/sharedExtractorLinks/${token}`, payload: body }))
        .statusCode,
    ).toBe(403);
    await expect(run('create-collector-link', '--limit', '0')).rejects.toThrow(/--limit/);
    await expect(run('create-collector-link', '--expires', '2000-01-01T00:00:00Z')).rejects.toThrow(/future/);
  });

  it('mints a quick link that downloads, and an unsubscribe link that unsubscribes', async () => {
    const quick = await run('quick-link', '--os', 'win', '--ttl', '1h');
    const token = /Bearer (\S+)"/.exec(quick)![1]!;
    expect(quick).toContain(`/collector/quick?tokenquick=${token}`);
    const dl = await t.app.inject({
      method: 'GET',
      url: '/gluon-backend/extractors/quickdownload',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('win');
    await expect(run('quick-link', '--os', 'LINUX')).rejects.toThrow(/WIN or MAC/);

    const unsub = await run('unsubscribe-link', '--email', 'rcpt@acme.example', '--notification', 'weekly-report');
    const url = /(http:\/\/\S+\/unsubscribe\?jwt=\S+)$/.exec(unsub)![1]!;
    const jwt = decodeURIComponent(new URL(url).searchParams.get('jwt')!);
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/externalNotifications/recipients/unsubscribe?all=false',
      payload: { jwt },
    });
    expect(res.json()).toEqual({ unsubscribed: 'notification', notification: 'weekly-report' });
    expect(pathOf(url)).toMatch(/^\/unsubscribe\?jwt=/);
  });

  it("prints the expiries it sets on the tenant's clock, named, and the outbox's times as UTC", async () => {
    const [tenant] = await t.db.query<{ id: string }>('SELECT id FROM tenants ORDER BY created_at LIMIT 1');
    await setTenantTimeZone(t.db, tenant!.id, { offset: 5.5, name: 'IST' });
    try {
      const invite = await run('invite', '--email', 'zoned@acme.example');
      const until = /valid until (\S+ \(IST\)), usable once/.exec(invite);
      expect(until, invite).not.toBeNull();
      expect(until![1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30 \(IST\)$/);
      const link = await run('create-collector-link', '--expires', '2027-01-31T18:30:00Z');
      expect(link).toContain('expires 2027-02-01T00:00:00+05:30 (IST)');
      expect(await run('outbox', '--to', 'zoned@acme.example')).toMatch(
        /^--- \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z \(UTC\) {2}to zoned@acme\.example/,
      );
    } finally {
      await setTenantTimeZone(t.db, tenant!.id, { offset: 0, name: 'UTC' });
    }
  });

  it('refuses to guess the tenant when there are several', async () => {
    await run('create-tenant', '--name', 'Globex');
    await expect(run('quick-link', '--os', 'MAC')).rejects.toThrow(/several tenants/);
    expect(await run('quick-link', '--os', 'MAC', '--tenant', 'Globex')).toContain('tenant "Globex"');
    await expect(run('quick-link', '--os', 'MAC', '--tenant', 'Initech')).rejects.toThrow(/No tenant/);
  });

  it('parses durations and expiries', () => {
    expect(parseDuration('90', 'ttl')).toBe(90);
    expect(parseDuration('2h', 'ttl')).toBe(7200);
    expect(parseDuration('1w', 'ttl')).toBe(604800);
    expect(() => parseDuration('soon', 'ttl')).toThrow(CliError);
    expect(() => parseDuration('0d', 'ttl')).toThrow(/positive/);
    expect(parseExpiry('1d', 'expires', 0)).toBe(new Date(86400_000).toISOString());
    expect(parseExpiry('2099-01-01T00:00:00Z', 'expires')).toBe('2099-01-01T00:00:00.000Z');
    expect(() => parseExpiry('someday', 'expires')).toThrow(CliError);
  });
});
