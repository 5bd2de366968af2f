import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { isoInZone } from '@common/format/zonedTime';

import { setTenantTimeZone } from '../../services/tenants';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/testApp';
import { MAILBOX_LOOPBACK_ONLY } from './mailboxRoutes';

describe('development mailbox', () => {
  let t: TestApp;
  let production: TestApp;
  let switchedOff: TestApp;
  let staticDir: string;
  beforeAll(async () => {
    // A built console exists: an unknown /dev path must still not fall back to index.html.
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'mtd-static-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>console</title>');
    [t, production, switchedOff] = await Promise.all([
      createTestApp({ env: { STATIC_DIR: staticDir } }),
      createTestApp({ env: { NODE_ENV: 'production', STATIC_DIR: staticDir } }),
      createTestApp({ env: { DEV_MAILBOX: 'off', STATIC_DIR: staticDir } }),
    ]);
    await t.app.mailer.send(null, {
      to: 'first@example.com',
      subject: 'Reset <b>now</b> & "quickly"',
      text: [
        `Open ${TEST_PUBLIC_URL}/resetPassword/AbCd_123-xyz.`,
        'Not ours: https://evil.example/phish and http://127.0.0.1:8080.evil.example/x and http://127.0.0.1:8080@evil.example/y',
        `Quoted: ${TEST_PUBLIC_URL}/invite/tok"onmouseover="alert(1)`,
        '<script>alert(1)</script><img src=x onerror=alert(2)>',
      ].join('\n'),
    });
    await t.app.mailer.send(null, {
      to: 'second@example.com',
      subject: 'Second',
      text: `Unsubscribe: ${TEST_PUBLIC_URL}/unsubscribe?jwt=a.b.c`,
    });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), production?.close(), switchedOff?.close()]);
    await rm(staticDir, { recursive: true, force: true });
  });

  it('shows every mail, newest first, escaped, with only the console links clickable', async () => {
    const res = await t.app.inject({ url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html.indexOf('Second')).toBeLessThan(html.indexOf('first@example.com'));
    expect(html).toContain(
      `<a href="${TEST_PUBLIC_URL}/resetPassword/AbCd_123-xyz" rel="noreferrer">${TEST_PUBLIC_URL}/resetPassword/AbCd_123-xyz</a>.`,
    );
    expect(html).toContain(`<a href="${TEST_PUBLIC_URL}/invite/tok" rel="noreferrer">`);
    expect(html).toContain(`<a href="${TEST_PUBLIC_URL}/unsubscribe?jwt=a.b.c" rel="noreferrer">`);
    // Exactly the three console links are links; nothing from the mail becomes markup.
    const bodies = (html.match(/<pre>[\s\S]*?<\/pre>/g) ?? []).join('');
    expect(bodies.match(/<a href="http/g)).toHaveLength(3);
    // The page's own way back to the console, and no favicon request to answer 404.
    expect(html).toContain(`<a href="${TEST_PUBLIC_URL}/">← Open the console</a>`);
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(html).not.toMatch(/href="https?:\/\/(evil|127\.0\.0\.1:8080[.@])/);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>now</b>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Reset &#60;b&#62;now&#60;/b&#62; &#38; &#34;quickly&#34;');
    expect(html).toContain('&#34;onmouseover=&#34;alert(1)');
  });

  it('filters by recipient and answers JSON with the console links for scripts', async () => {
    const page = await t.app.inject({ url: '/dev/mailbox?to=Second@Example.com' });
    expect(page.body).toContain('Unsubscribe:');
    expect(page.body).not.toContain('first@example.com');
    const res = await t.app.inject({ url: '/dev/mailbox/messages?to=first@example.com' });
    expect(res.statusCode).toBe(200);
    const [mail, ...rest] = res.json().items;
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      to: 'first@example.com',
      subject: 'Reset <b>now</b> & "quickly"',
      state: 'outbox only',
    });
    expect(mail.links).toEqual([`${TEST_PUBLIC_URL}/resetPassword/AbCd_123-xyz`, `${TEST_PUBLIC_URL}/invite/tok`]);
    const all = await t.app.inject({ url: '/dev/mailbox/messages?limit=1' });
    expect(all.json().items.map((m: { to: string }) => m.to)).toEqual(['second@example.com']);
    expect((await t.app.inject({ url: '/dev/mailbox/messages?limit=0' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/dev/mailbox?bogus=1' })).statusCode).toBe(400);
  });

  it("offers a mail's attachments as downloads", async () => {
    await t.app.mailer.send(null, {
      to: 'attached@example.com',
      subject: 'Weekly',
      text: 'See the attachment.',
      attachments: [
        { filename: 'week "1".csv', contentType: 'text/csv; charset=utf-8', content: 'a,b\r\n"<x>",2\r\n' },
      ],
    });
    const page = await t.app.inject({ url: '/dev/mailbox?to=attached@example.com' });
    const [, id] =
      /href="\/dev\/mailbox\/([0-9a-f-]+)\/attachments\/0" download="week &#34;1&#34;.csv">week &#34;1&#34;.csv<\/a> \(text\/csv; charset=utf-8, 14 bytes\)/.exec(
        page.body,
      ) ?? [];
    expect(id).toBeDefined();
    const json = await t.app.inject({ url: '/dev/mailbox/messages?to=attached@example.com' });
    expect(json.json().items[0].attachments).toEqual([
      { filename: 'week "1".csv', contentType: 'text/csv; charset=utf-8', size: 14 },
    ]);
    const file = await t.app.inject({ url: `/dev/mailbox/${id}/attachments/0` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="week 1.csv"');
    expect(file.body).toBe('a,b\r\n"<x>",2\r\n');
    expect((await t.app.inject({ url: `/dev/mailbox/${id}/attachments/1` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/mailbox/nope/attachments/0' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: `/dev/mailbox/${id}/attachments/0`, remoteAddress: '192.168.1.20' })).statusCode,
    ).toBe(403);
  });

  it('answers only clients on this machine', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox/messages']) {
      const remote = await t.app.inject({ url, remoteAddress: '192.168.1.20' });
      expect(remote.statusCode).toBe(403);
      expect(remote.json().message).toBe(MAILBOX_LOOPBACK_ONLY);
      // A forwarded-for header cannot pretend to be local.
      const forged = await t.app.inject({
        url,
        remoteAddress: '192.168.1.20',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/dev/mailbox', remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('does not exist with NODE_ENV=production (404, never the console page), nor with DEV_MAILBOX=off', async () => {
    await production.app.mailer.send(null, {
      to: 'p@example.com',
      subject: 'Secret link',
      text: `${TEST_PUBLIC_URL}/resetPassword/secret-id-123456`,
    });
    for (const app of [production.app, switchedOff.app]) {
      for (const url of ['/dev/mailbox', '/dev/mailbox/messages', '/dev/mailbox?to=p@example.com']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
        expect(res.body).not.toContain('secret-id');
        expect(res.body).not.toContain('<title>console</title>');
      }
    }
    expect((await production.app.inject({ url: '/openapi.json' })).json().paths['/dev/mailbox']).toBeUndefined();
  });

  it("prints each mail's time on its recipient's tenant clock, named; UTC for an address of no tenant", async () => {
    const tenantId = await t.createTenant('Chennai office');
    await setTenantTimeZone(t.db, tenantId, { name: 'IST', offset: 5.5 });
    const reader = await t.createUser({ tenantId, email: 'zoned-reader@example.com' });
    await t.app.mailer.send(null, { to: reader.email, subject: 'Zoned', text: 'Hello' });
    const [mail] = (await t.app.inject({ url: `/dev/mailbox/messages?to=${reader.email}` })).json().items;
    const html = (await t.app.inject({ url: `/dev/mailbox?to=${reader.email}` })).body;
    expect(html).toContain(isoInZone(mail.createdAt, { name: 'IST', offset: 5.5 }));
    expect(html).toMatch(/\+05:30 \(IST\)/);
    const unknown = (await t.app.inject({ url: '/dev/mailbox?to=second@example.com' })).body;
    expect(unknown).toMatch(/Z \(UTC\)/);
  });
});
