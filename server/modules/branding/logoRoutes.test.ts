import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]);
const EVIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script>' +
  '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(3)"/></body></foreignObject>' +
  '<a href="javascript:alert(4)"><rect width="10" height="10" fill="#123456"/></a><use href="https://evil.example/s.svg#x"/></svg>';

describe('logo', () => {
  let t: TestApp;
  let admin: TestUser;
  let adminToken: string;
  let readerToken: string;
  let otherTenantToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ permissions: ['umg#usr#rw'] });
    adminToken = (await t.accessToken(admin)).token;
    readerToken = (await t.accessToken(await t.createUser({ tenantId: admin.tenantId, permissions: ['gln#rpt#r'] })))
      .token;
    const otherTenant = await t.createTenant('Other');
    otherTenantToken = (await t.accessToken(await t.createUser({ tenantId: otherTenant, permissions: ['umg#usr#rw'] })))
      .token;
  });
  afterAll(() => t?.close());

  const put = (token: string, body: Buffer | string, type: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/um/logo',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      payload: body,
    });
  const get = (token: string) =>
    t.app.inject({ method: 'GET', url: '/um/logo', headers: { authorization: `Bearer ${token}` } });

  it("answers 204 with no body while there is no logo (the usual case: no error in every page's console)", async () => {
    const res = await get(adminToken);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('stores a PNG and serves the same bytes with its content type to any user of the tenant', async () => {
    const res = await put(adminToken, PNG, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ contentType: 'image/png', size: PNG.length });
    const read = await get(readerToken);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(PNG)).toBe(true);
  });

  it('detects the format from the bytes, not the header (JPEG sent as image/png)', async () => {
    const res = await put(adminToken, JPEG, 'image/png');
    expect(res.json().contentType).toBe('image/jpeg');
    expect((await get(adminToken)).headers['content-type']).toBe('image/jpeg');
  });

  it('sanitises an SVG before storing it', async () => {
    const res = await put(adminToken, EVIL_SVG, 'image/svg+xml; charset=utf-8');
    expect(res.statusCode).toBe(200);
    expect(res.json().contentType).toBe('image/svg+xml');
    const stored = (await get(adminToken)).body;
    expect(stored).toContain('fill="#123456"');
    expect(stored).not.toMatch(/script|onload|onerror|foreignObject|javascript|evil|alert/i);
  });

  it('keeps tenants apart', async () => {
    // The other tenant has no logo of its own: it sees none, not this one.
    const res = await get(otherTenantToken);
    expect(res.statusCode).toBe(204);
    expect(res.rawPayload.length).toBe(0);
  });

  it('rejects other formats, empty and oversized files with a message', async () => {
    const gif = await put(adminToken, Buffer.from('GIF89a\x01\x00\x01\x00'), 'application/octet-stream');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe('The logo must be a PNG, JPEG or SVG image.');
    const html = await put(adminToken, '<html><script>alert(1)</script></html>', 'image/svg+xml');
    expect(html.statusCode).toBe(400);
    const empty = await put(adminToken, Buffer.alloc(0), 'image/png');
    expect(empty.statusCode).toBe(400);
    const big = await put(adminToken, Buffer.concat([PNG, Buffer.alloc(512 * 1024)]), 'image/png');
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/512 KiB/);
    const huge = await put(adminToken, Buffer.alloc(3 * 1024 * 1024, 1), 'image/png');
    expect(huge.statusCode).toBe(413);
    const json = await t.app.inject({
      method: 'PUT',
      url: '/um/logo',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { data: 'x' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    const text = await put(adminToken, 'hello', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/content-type/);
    // The stored logo is unchanged by the failures.
    expect((await get(adminToken)).headers['content-type']).toBe('image/svg+xml');
  });

  it('needs umg#usr#rw to change or delete, a token to read', async () => {
    expect((await put(readerToken, PNG, 'image/png')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/um/logo', headers: { authorization: `Bearer ${readerToken}` } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/um/logo' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/um/logo', headers: { 'content-type': 'image/png' }, payload: PNG }))
        .statusCode,
    ).toBe(401);
  });

  it('deletes the logo (idempotently) and audits the changes', async () => {
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/um/logo',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(del.statusCode).toBe(204);
    expect((await get(adminToken)).statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/um/logo',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(again.statusCode).toBe(204);
    const events = await t.db.query<{ action: string }>(
      'SELECT action FROM audit_events WHERE tenant_id = $1 ORDER BY created_at',
      [admin.tenantId],
    );
    expect(events.map((e) => e.action)).toEqual(['logo.update', 'logo.update', 'logo.update', 'logo.delete']);
  });
});
