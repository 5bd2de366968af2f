import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';
import { activatePendingRecoveryCodes, createPendingRecoveryCodes } from './recoveryCodes';
import { MFA_PERMISSION } from './signIn';
import { currentStep, totpCode } from './totp';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every `{ token, user }` answer says explicitly whether the token is a second-factor token. */
describe('mfaRequired in sign-in answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The answer's flag agrees with the token: true exactly for a typ mfa token. */
  function expectConsistent(body: { token: string; mfaRequired: unknown }, mfaRequired: boolean): void {
    expect(body.mfaRequired).toBe(mfaRequired);
    const claims = decodeJwt(body.token);
    expect(claims.typ === 'mfa').toBe(mfaRequired);
    if (mfaRequired) expect(claims.perms).toEqual([MFA_PERMISSION]);
  }

  const login = (u: TestUser, extra: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/um/login', payload: { username: u.email, password: u.password, ...extra } });

  it('/um/login: false for a user without MFA, true for a user with MFA', async () => {
    const plain = await login(await t.createUser());
    expect(plain.statusCode).toBe(200);
    expectConsistent(plain.json(), false);
    const mfa = await login(await t.createUser({ totp: true }));
    expect(mfa.statusCode).toBe(200);
    expectConsistent(mfa.json(), true);
  });

  it('validateCode: false (a session token); with a remembered device the next login answers false', async () => {
    const u = await t.createUser({ totp: true });
    const first = (await login(u)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/mfa/totp/validateCode',
      headers: bearer(first.token),
      payload: { totpCode: totpCode(u.totpSecret!, currentStep()), remember: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectConsistent(res.json(), false);
    const remembered = await login(u, { rememberToken: res.json().rememberToken });
    expectConsistent(remembered.json(), false);
  });

  it('validateRecoveryCode: false', async () => {
    const u = await t.createUser({ totp: true });
    const [code] = await t.db.tx(async (q) => {
      const codes = await createPendingRecoveryCodes(q, t.app.tokens, u.id);
      await activatePendingRecoveryCodes(q, u.id);
      return codes;
    });
    const first = (await login(u)).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/mfa/totp/validateRecoveryCode',
      headers: bearer(first.token),
      payload: { totpRecoveryCode: code },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectConsistent(res.json(), false);
  });

  it('/um/refresh: false, also for a user with MFA', async () => {
    const u = await t.createUser({ totp: true });
    const { token } = await t.accessToken(u);
    const res = await t.app.inject({ url: '/um/refresh', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expectConsistent(res.json(), false);
    expect(res.json().user.totpEnabled).toBe(true);
  });

  it('is documented as a required boolean of the token answer in /openapi.json', async () => {
    const spec = (await t.app.inject({ url: '/openapi.json' })).json();
    for (const [path, method] of [
      ['/um/login', 'post'],
      ['/um/refresh', 'get'],
      ['/um/mfa/totp/validateCode', 'post'],
      ['/um/mfa/totp/validateRecoveryCode', 'post'],
      ['/um/oauth2Login', 'post'],
      ['/um/invite/{token}/setOAuth2', 'post'],
    ] as const) {
      const schema = spec.paths[path][method].responses['200'].content['application/json'].schema;
      expect(schema.required, path).toContain('mfaRequired');
      expect(schema.properties.mfaRequired.type, path).toBe('boolean');
    }
  });
});
