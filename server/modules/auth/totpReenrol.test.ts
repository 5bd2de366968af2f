import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { currentStep, totpCode } from './totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, token: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });

describe('setting up two-factor authentication again', () => {
  it('forgets the devices remembered under the old secret', async () => {
    const u = await t.createUser({ totp: true });
    const mfa = (await post('/um/login', undefined, { username: u.email, password: u.password })).json<{
      token: string;
    }>().token;
    const done = (
      await post('/um/mfa/totp/validateCode', mfa, { totpCode: totpCode(u.totpSecret!, currentStep()), remember: true })
    ).json<{
      token: string;
      rememberToken: string;
    }>();
    expect(done.rememberToken).toBeTruthy();
    const remembered = (
      await post('/um/login', undefined, { username: u.email, password: u.password, rememberToken: done.rememberToken })
    ).json<{ mfaRequired: boolean }>();
    expect(remembered.mfaRequired).toBe(false);

    const session = (
      await post('/um/login', undefined, { username: u.email, password: u.password, rememberToken: done.rememberToken })
    ).json<{ token: string }>().token;
    const setup = (await post('/um/mfa/validatePassword', session, { password: u.password })).json<{ token: string }>()
      .token;
    const created = (
      await t.app.inject({ method: 'PUT', url: '/um/mfa/totp/create', headers: { authorization: `Bearer ${setup}` } })
    ).json<{ secret: string }>();
    expect(
      (await post('/um/mfa/totp/verifyQr', setup, { totpCode: totpCode(created.secret, currentStep() + 1) }))
        .statusCode,
    ).toBe(200);

    const again = (
      await post('/um/login', undefined, { username: u.email, password: u.password, rememberToken: done.rememberToken })
    ).json<{ mfaRequired: boolean }>();
    expect(again.mfaRequired).toBe(true);
  });
});
