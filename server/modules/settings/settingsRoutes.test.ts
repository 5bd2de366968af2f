import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';

describe('captcha and environment type', () => {
  let t: TestApp;
  let withEnv: TestApp;
  beforeAll(async () => {
    [t, withEnv] = await Promise.all([
      createTestApp(),
      createTestApp({ env: { CAPTCHA_SITE_ID: 'site-123', CAPTCHA_SECRET: 'shh', ENVIRONMENT_TYPE: 'onprem' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), withEnv?.close()]);
  });

  it('answers siteId null when captcha is inactive, without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/um/captcha/Google' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ siteId: null });
  });

  it('answers the configured site id', async () => {
    const res = await withEnv.app.inject({ method: 'GET', url: '/um/captcha/Google' });
    expect(res.json()).toEqual({ siteId: 'site-123' });
  });

  it("answers the tenant's environment type (default saas) and the configured one when set", async () => {
    const user = await t.createUser();
    const { token } = await t.accessToken(user);
    const res = await t.app.inject({
      method: 'GET',
      url: '/um/environmentType',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ environmentType: 'saas' });
    await t.db.query("UPDATE tenants SET environment_type = 'onprem-x' WHERE id = $1", [user.tenantId]);
    const changed = await t.app.inject({
      method: 'GET',
      url: '/um/environmentType',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(changed.json()).toEqual({ environmentType: 'onprem-x' });

    const other = await withEnv.createUser();
    const { token: otherToken } = await withEnv.accessToken(other);
    const res2 = await withEnv.app.inject({
      method: 'GET',
      url: '/um/environmentType',
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(res2.json()).toEqual({ environmentType: 'onprem' });
  });

  it('refuses the environment type without a valid access token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/um/environmentType' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toEqual(expect.any(String));
    const bad = await t.app.inject({
      method: 'GET',
      url: '/um/environmentType',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(bad.statusCode).toBe(401);
    const quick = await t.app.tokens.sign('quick-link', { os: 'WIN' }, 60);
    const wrongType = await t.app.inject({
      method: 'GET',
      url: '/um/environmentType',
      headers: { authorization: `Bearer ${quick}` },
    });
    expect(wrongType.statusCode).toBe(401);
  });
});
