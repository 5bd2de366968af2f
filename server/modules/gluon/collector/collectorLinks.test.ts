import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { DEFAULT_INSTALLERS_DIR } from '../../../services/backendConfig';
import { hashToken } from '../../../services/secrets';
import { mintQuickLink } from '../../../services/signedLinks';
import { createTestApp, type TestApp, type TestUser } from '../../../test/testApp';

const WIN_FILE = path.join(DEFAULT_INSTALLERS_DIR, 'WIN', 'collector-dev-placeholder-win.txt');
const MAC_FILE = path.join(DEFAULT_INSTALLERS_DIR, 'MAC', 'collector-dev-placeholder-mac.txt');
const visitor = { fullName: 'Ada Lovelace', email: 'Ada@Example.com', phone: '+44 20 7946 0000', os: 'WIN' };

describe('collector links', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let readerToken: string;
  let noPermToken: string;
  let otherAdminToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ permissions: ['gln#ext#rw'] });
    adminToken = (await t.accessToken(admin)).token;
    readerToken = (await t.accessToken(await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#ext#r'] })))
      .token;
    noPermToken = (await t.accessToken(await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#rpt#r'] })))
      .token;
    const other = await t.createTenant('Other');
    otherAdminToken = (await t.accessToken(await t.createUser({ tenantId: other, permissions: ['gln#ext#rw'] }))).token;
  });
  afterAll(() => t?.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  async function createLink(body: Record<string, unknown> = {}, token = adminToken) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/gluon-backend/sharedExtractorLinks',
      headers: auth(token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as {
      token: string;
      url: string;
      link: { id: string; installs: number; maxInstalls: number | null; status: string };
    };
  }
  const validate = (token: string) =>
    t.app.inject({ method: 'GET', url: `/gluon-backend/sharedExtractorLinks/${encodeURIComponent(token)}/validate` });
  const install = (token: string, body: Record<string, unknown> = visitor) =>
    t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${encodeURIComponent(token)}`,
      payload: body,
    });

  describe('create', () => {
    it('answers a /collector/{token} URL with ≥128 random bits and stores only the hash', async () => {
      const created = await createLink({
        name: 'Field team',
        maxInstalls: 3,
        expiresAt: new Date(Date.now() + 86400_000).toISOString(),
      });
      expect(created.url).toBe(`http://127.0.0.1:8080/collector/${created.token}`);
      expect(Buffer.from(created.token, 'base64url').length).toBeGreaterThanOrEqual(16);
      expect(created.link).toMatchObject({
        name: 'Field team',
        maxInstalls: 3,
        installs: 0,
        active: true,
        status: 'active',
      });
      const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM collector_links WHERE id = $1', [
        created.link.id,
      ]);
      expect(rows[0]!.token_hash).toBe(hashToken(created.token));
      const dump = JSON.stringify(await t.db.query('SELECT * FROM collector_links'));
      expect(dump).not.toContain(created.token);
      const second = await createLink();
      expect(second.token).not.toBe(created.token);
      expect(second.link).toMatchObject({ maxInstalls: null, status: 'active' });
    });

    it('needs gln#ext#w or rw and valid fields', async () => {
      for (const token of [readerToken, noPermToken]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/gluon-backend/sharedExtractorLinks',
          headers: auth(token),
          payload: {},
        });
        expect(res.statusCode).toBe(403);
      }
      expect(
        (await t.app.inject({ method: 'POST', url: '/gluon-backend/sharedExtractorLinks', payload: {} })).statusCode,
      ).toBe(401);
      const bad: Record<string, unknown>[] = [
        { maxInstalls: 0 },
        { maxInstalls: 'five' },
        { expiresAt: 'tomorrow' },
        { expiresAt: new Date(Date.now() - 1000).toISOString() },
        { active: 'yes' },
        { unknown: 1 },
        { name: 'n'.repeat(201) },
      ];
      for (const payload of bad) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/gluon-backend/sharedExtractorLinks',
          headers: auth(adminToken),
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
    });
  });

  describe('validate', () => {
    it('answers 200 for a usable link and 404 for an unknown one', async () => {
      const { token } = await createLink({ maxInstalls: 2 });
      const ok = await validate(token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ valid: true, remainingInstalls: 2, expiresAt: null });
      const unknown = await validate('x'.repeat(43));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('The link does not exist.');
      // Over Fastify's path-parameter limit (100 characters): 414, still a 4xx with a message.
      const long = await validate('y'.repeat(300));
      expect(long.statusCode).toBe(414);
      expect(long.json().message).toEqual(expect.any(String));
    });

    it("answers 403 with the messages the console maps: 'not active', 'expired', 'reached the maximum number'", async () => {
      const disabled = await createLink({ active: false });
      const expired = await createLink();
      await t.db.query("UPDATE collector_links SET expires_at = now() - interval '1 minute' WHERE id = $1", [
        expired.link.id,
      ]);
      const full = await createLink({ maxInstalls: 1 });
      expect((await install(full.token)).statusCode).toBe(200);

      const d = await validate(disabled.token);
      expect(d.statusCode).toBe(403);
      expect(d.json().message).toContain('not active');
      const e = await validate(expired.token);
      expect(e.statusCode).toBe(403);
      expect(e.json().message).toContain('expired');
      const f = await validate(full.token);
      expect(f.statusCode).toBe(403);
      expect(f.json().message).toContain('reached the maximum number');
      // Each message carries only its own key phrase (the console tests 'expired' first).
      expect(f.json().message).not.toMatch(/expired|not active/);
      expect(d.json().message).not.toMatch(/expired|reached the maximum number/);
    });
  });

  describe('install and download', () => {
    it('records the visitor and streams the installer of the chosen OS', async () => {
      const { token, link } = await createLink({ maxInstalls: 5 });
      const win = await install(token);
      expect(win.statusCode).toBe(200);
      expect(win.rawPayload.equals(await readFile(WIN_FILE))).toBe(true);
      expect(win.headers['content-disposition']).toContain('filename="collector-dev-placeholder-win.txt"');
      expect(Number(win.headers['content-length'])).toBe(win.rawPayload.length);
      const mac = await install(token, { fullName: 'Bob', email: 'bob@example.com', os: 'MAC' });
      expect(mac.rawPayload.equals(await readFile(MAC_FILE))).toBe(true);

      const installs = await t.db.query<{ full_name: string; email: string; phone: string | null; os: string }>(
        'SELECT full_name, email, phone, os FROM collector_installs WHERE link_id = $1 ORDER BY created_at',
        [link.id],
      );
      expect(installs).toEqual([
        { full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000', os: 'WIN' },
        { full_name: 'Bob', email: 'bob@example.com', phone: null, os: 'MAC' },
      ]);
      expect((await validate(token)).json().remainingInstalls).toBe(3);
    });

    it('rejects bad user data with 400 and does not count it', async () => {
      const { token, link } = await createLink({ maxInstalls: 5 });
      const bad: Record<string, unknown>[] = [
        { ...visitor, fullName: '' },
        { ...visitor, fullName: '   ' },
        { ...visitor, email: 'not-an-email' },
        { ...visitor, os: 'LINUX' },
        { ...visitor, phone: '<script>' },
        { ...visitor, extra: true },
        { email: 'a@b.co', os: 'WIN' },
      ];
      for (const payload of bad) {
        const res = await install(token, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
      const rows = await t.db.query<{ install_count: number }>(
        'SELECT install_count FROM collector_links WHERE id = $1',
        [link.id],
      );
      expect(rows[0]!.install_count).toBe(0);
      expect((await install('no-such-link')).statusCode).toBe(404);
    });

    it('holds the limit under concurrent downloads: 20 parallel installs of a link with limit 5 give exactly 5', async () => {
      const { token, link } = await createLink({ maxInstalls: 5 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => install(token, { ...visitor, email: `v${i}@example.com` })),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 403)).toHaveLength(15);
      for (const a of answers.filter((x) => x.statusCode === 403))
        expect(a.json().message).toContain('reached the maximum number');
      const [row] = await t.db.query<{ install_count: number; n: string }>(
        'SELECT install_count, (SELECT count(*) FROM collector_installs WHERE link_id = $1) AS n FROM collector_links WHERE id = $1',
        [link.id],
      );
      expect(row!.install_count).toBe(5);
      expect(Number(row!.n)).toBe(5);
    });

    it('does not use up installs when the installer is missing (logged 500)', async () => {
      const broken = await createTestApp({ env: { INSTALLERS_DIR: '/nonexistent-installers' } });
      try {
        const u = await broken.createUser({ permissions: ['gln#ext#rw'] });
        const res = await broken.app.inject({
          method: 'POST',
          url: '/gluon-backend/sharedExtractorLinks',
          headers: auth((await broken.accessToken(u)).token),
          payload: { maxInstalls: 1 },
        });
        const { token, link } = res.json();
        const dl = await broken.app.inject({
          method: 'POST',
          url: `/gluon-backend/sharedExtractorLinks/${token}`,
          payload: visitor,
        });
        expect(dl.statusCode).toBe(500);
        expect(dl.json().message).toBe('Internal Server Error');
        const [row] = await broken.db.query<{ install_count: number }>(
          'SELECT install_count FROM collector_links WHERE id = $1',
          [link.id],
        );
        expect(row!.install_count).toBe(0);
      } finally {
        await broken.close();
      }
    });
  });

  describe('list and change', () => {
    it("lists the tenant's links with counts, paged and filtered, never another tenant's", async () => {
      await createLink({ name: 'Paging alpha' });
      await createLink({ name: 'Paging beta' });
      await createLink({ name: 'Other tenant link' }, otherAdminToken);
      const res = await t.app.inject({
        method: 'GET',
        url: '/gluon-backend/query-api/sharedExtractorLinks?filter=paging&size=1&page=1',
        headers: auth(readerToken),
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ total: 2, page: 1, size: 1 });
      expect(body.items).toHaveLength(1);
      expect(body.items[0].name).toBe('Paging alpha');
      const all = (
        await t.app.inject({
          method: 'GET',
          url: '/gluon-backend/query-api/sharedExtractorLinks?size=200',
          headers: auth(adminToken),
        })
      ).json();
      expect(all.items.map((l: { name: string }) => l.name)).not.toContain('Other tenant link');
      expect(all.items.every((l: Record<string, unknown>) => !('token' in l))).toBe(true);
      const withInstalls = all.items.find((l: { installs: number }) => l.installs === 5);
      expect(withInstalls).toMatchObject({ maxInstalls: 5, status: 'limitReached' });
      const wildcard = (
        await t.app.inject({
          method: 'GET',
          url: '/gluon-backend/query-api/sharedExtractorLinks?filter=%25',
          headers: auth(adminToken),
        })
      ).json();
      expect(wildcard.total).toBe(0);
    });

    it('checks list permissions and query parameters', async () => {
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/gluon-backend/query-api/sharedExtractorLinks',
            headers: auth(noPermToken),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await t.app.inject({ method: 'GET', url: '/gluon-backend/query-api/sharedExtractorLinks' })).statusCode,
      ).toBe(401);
      for (const q of ['size=0', 'size=1000', 'page=-1', 'page=x', 'sort=token']) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/gluon-backend/query-api/sharedExtractorLinks?${q}`,
          headers: auth(adminToken),
        });
        expect(res.statusCode, q).toBe(400);
      }
    });

    it('disables and re-enables a link of the tenant, 404 for another tenant', async () => {
      const { token, link } = await createLink();
      const patch = (payload: Record<string, unknown>, bearer = adminToken, id = link.id) =>
        t.app.inject({
          method: 'PATCH',
          url: `/gluon-backend/sharedExtractorLinks/${id}`,
          headers: auth(bearer),
          payload,
        });
      const off = await patch({ active: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ active: false, status: 'disabled' });
      expect((await validate(token)).json().message).toContain('not active');
      expect((await patch({ active: true, maxInstalls: 10 })).json()).toMatchObject({
        active: true,
        maxInstalls: 10,
        status: 'active',
      });
      expect((await patch({ maxInstalls: null })).json().maxInstalls).toBeNull();
      expect((await patch({ active: false }, otherAdminToken)).statusCode).toBe(404);
      expect((await patch({ active: false }, readerToken)).statusCode).toBe(403);
      expect((await patch({})).statusCode).toBe(400);
      expect((await patch({ active: false }, adminToken, 'not-a-uuid')).statusCode).toBe(400);
      expect((await validate(token)).statusCode).toBe(200);
    });

    it('downloads the installer of a tenant link by its id for signed-in readers (installerExtractor), whatever its state, without counting', async () => {
      const { token, link } = await createLink({ maxInstalls: 1 });
      const installer = (id: string, query = '?os=MAC') =>
        `/gluon-backend/sharedExtractorLinks/${id}/installerExtractor${query}`;
      const get = (url: string, bearer?: string) =>
        t.app.inject({ method: 'GET', url, headers: bearer ? auth(bearer) : {} });
      const res = await get(installer(link.id), readerToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(await readFile(MAC_FILE))).toBe(true);
      expect(res.headers['content-disposition']).toContain('filename="collector-dev-placeholder-mac.txt"');
      const win = await get(installer(link.id, '?os=WIN'), adminToken);
      expect(win.rawPayload.equals(await readFile(WIN_FILE))).toBe(true);
      const [row] = await t.db.query<{ install_count: number; n: string | number }>(
        'SELECT install_count, (SELECT count(*) FROM collector_installs WHERE link_id = $1) AS n FROM collector_links WHERE id = $1',
        [link.id],
      );
      expect(row!.install_count).toBe(0);
      expect(Number(row!.n)).toBe(0);
      // The limit still holds for visitors: the downloads above used none of it.
      expect((await validate(token)).json().remainingInstalls).toBe(1);
      // An administrator may deploy the installer of a disabled or expired link.
      await t.db.query(
        "UPDATE collector_links SET active = false, expires_at = now() - interval '1 minute' WHERE id = $1",
        [link.id],
      );
      expect((await get(installer(link.id), readerToken)).statusCode).toBe(200);
    });

    it('refuses the installer download: other tenant or unknown id 404, no permission 403, no bearer 401, token or bad os 400', async () => {
      const { token, link } = await createLink();
      const theirs = await createLink({ name: 'Their link' }, otherAdminToken);
      const installer = (id: string, query = '?os=WIN') =>
        `/gluon-backend/sharedExtractorLinks/${id}/installerExtractor${query}`;
      const get = (url: string, bearer?: string) =>
        t.app.inject({ method: 'GET', url, headers: bearer ? auth(bearer) : {} });
      for (const [id, bearer] of [
        [theirs.link.id, adminToken],
        [link.id, otherAdminToken],
        ['00000000-0000-4000-8000-000000000000', adminToken],
      ] as const) {
        const res = await get(installer(id), bearer);
        expect(res.statusCode, id).toBe(404);
        // The same answer as the other id routes, so another tenant's ids cannot be told from unknown ones.
        expect(res.json().message).toBe('The link does not exist.');
      }
      const forbidden = await get(installer(link.id), noPermToken);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.rawPayload.equals(await readFile(WIN_FILE))).toBe(false);
      expect((await get(installer(link.id))).statusCode).toBe(401);
      for (const query of ['', '?os=LINUX', '?os=win', '?os=WIN&extra=1']) {
        const res = await get(installer(link.id, query), adminToken);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
      // The route is keyed by the id now: the link token is not an id.
      expect((await get(installer(encodeURIComponent(token)), adminToken)).statusCode).toBe(400);
    });
  });

  describe('quick download', () => {
    const quick = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/gluon-backend/extractors/quickdownload',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it("streams the installer of the token's OS", async () => {
      const { token, url } = await mintQuickLink(t.app.tokens, t.config.publicUrl, {
        tenantId: admin.tenantId,
        os: 'MAC',
      });
      expect(url).toContain(`/collector/quick?tokenquick=${token}`);
      const res = await quick(token);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(await readFile(MAC_FILE))).toBe(true);
      const win = await quick(
        (await mintQuickLink(t.app.tokens, t.config.publicUrl, { tenantId: admin.tenantId, os: 'WIN' })).token,
      );
      expect(win.rawPayload.equals(await readFile(WIN_FILE))).toBe(true);
    });

    it('refuses missing, malformed, expired, wrong-type and wrong-OS tokens', async () => {
      expect((await quick()).statusCode).toBe(401);
      expect((await quick('garbage')).statusCode).toBe(401);
      expect((await quick(adminToken)).statusCode).toBe(401);
      const expiring = await t.app.tokens.sign('quick-link', { tenant: admin.tenantId, os: 'WIN' }, 60);
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 2 * 3600_000);
        expect((await quick(expiring)).statusCode).toBe(401);
      } finally {
        vi.useRealTimers();
      }
      expect((await quick(expiring)).statusCode).toBe(200);
      const linux = await t.app.tokens.sign('quick-link', { tenant: admin.tenantId, os: 'LINUX' }, 60);
      const res = await quick(linux);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/operating system/);
      const gone = await t.app.tokens.sign(
        'quick-link',
        { tenant: '00000000-0000-4000-8000-000000000000', os: 'WIN' },
        60,
      );
      expect((await quick(gone)).statusCode).toBe(401);
    });
  });
});
