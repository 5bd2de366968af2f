import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../../test/testApp';

/** The calls the console's collector-links screen added: sorting, a link's installs, quick links. */
describe('collector links screen calls', () => {
  let t: TestApp;
  let adminToken: string;
  let readerToken: string;
  let otherToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ permissions: ['gln#ext#rw'] });
    adminToken = (await t.accessToken(admin)).token;
    readerToken = (await t.accessToken(await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#ext#r'] })))
      .token;
    otherToken = (
      await t.accessToken(await t.createUser({ tenantId: await t.createTenant('Other'), permissions: ['gln#ext#rw'] }))
    ).token;
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
  const create = async (body: object) =>
    (await call('POST', '/gluon-backend/sharedExtractorLinks', adminToken, body)).json() as {
      token: string;
      link: { id: string };
    };

  it('sorts by name, installs or expiry; unnamed and never-expiring links last', async () => {
    const b = await create({ name: 'bravo', expiresAt: new Date(Date.now() + 2 * 86400_000).toISOString() });
    await create({ name: 'Alpha' });
    await create({ expiresAt: new Date(Date.now() + 86400_000).toISOString() });
    await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${b.token}`,
      payload: { fullName: 'Ada', email: 'ada@example.com', os: 'MAC' },
    });
    const names = async (q: string) =>
      (await call('GET', `/gluon-backend/query-api/sharedExtractorLinks?${q}`, readerToken))
        .json()
        .items.map((l: { name: string | null }) => l.name);
    expect(await names('sort=name')).toEqual(['Alpha', 'bravo', null]);
    expect(await names('sort=name&order=desc')).toEqual(['bravo', 'Alpha', null]);
    expect((await names('sort=installs&order=desc'))[0]).toBe('bravo');
    expect(await names('sort=expiresAt')).toEqual([null, 'bravo', 'Alpha']);
    expect(await names('')).toEqual([null, 'Alpha', 'bravo']);
    expect(
      (await call('GET', '/gluon-backend/query-api/sharedExtractorLinks?sort=token', readerToken)).statusCode,
    ).toBe(400);
  });

  it("lists a link's installs to readers; another tenant's link is 404", async () => {
    const link = await create({ name: 'with installs', maxInstalls: 1 });
    const installed = await t.app.inject({
      method: 'POST',
      url: `/gluon-backend/sharedExtractorLinks/${link.token}`,
      payload: { fullName: 'Grace Hopper', email: 'Grace@Example.com', phone: '+1 555 0100', os: 'WIN' },
    });
    expect(installed.statusCode).toBe(200);
    const res = await call('GET', `/gluon-backend/sharedExtractorLinks/${link.link.id}/installs`, readerToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        id: expect.any(String),
        fullName: 'Grace Hopper',
        email: expect.stringMatching(/^grace@example\.com$/i),
        phone: '+1 555 0100',
        os: 'WIN',
        createdAt: expect.any(String),
      },
    ]);
    expect(
      (await call('GET', `/gluon-backend/sharedExtractorLinks/${link.link.id}/installs`, otherToken)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/gluon-backend/sharedExtractorLinks/not-a-uuid/installs', readerToken)).statusCode).toBe(
      400,
    );
  });

  it('mints a quick link for writers only; the link downloads for its OS', async () => {
    expect((await call('POST', '/gluon-backend/extractors/quickLink', readerToken, { os: 'WIN' })).statusCode).toBe(
      403,
    );
    expect((await call('POST', '/gluon-backend/extractors/quickLink', adminToken, { os: 'LINUX' })).statusCode).toBe(
      400,
    );
    const res = await call('POST', '/gluon-backend/extractors/quickLink', adminToken, { os: 'MAC' });
    expect(res.statusCode).toBe(201);
    const { url, os } = res.json();
    expect(os).toBe('MAC');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:8080\/collector\/quick\?tokenquick=/);
    const token = decodeURIComponent(new URL(url).searchParams.get('tokenquick')!);
    const download = await t.app.inject({
      method: 'GET',
      url: '/gluon-backend/extractors/quickdownload',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/mac/i);
  });
});
