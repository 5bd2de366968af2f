import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, TEST_PUBLIC_URL, type TestApp, type TestUser } from '../../test/testApp';
import { LINK_EXPIRED, LINK_INVALID, RECOVERY_REQUESTED } from './passwordRecoveryRoutes';
import { currentStep, totpCode } from './totp';

describe('password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function requestLink(u: TestUser): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/um/passwordRecovery', payload: { username: u.email } });
    expect(res.statusCode).toBe(200);
    await t.app.background.drain();
    const mails = (await t.outbox()).filter((m) => m.to_address === u.email);
    const match = /\/resetPassword\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.body_text ?? '');
    expect(match).not.toBeNull();
    return match![1]!;
  }

  it('says whether recovery is enabled', async () => {
    const res = await t.app.inject({ url: '/um/passwordRecovery/enabled' });
    expect(res.json()).toEqual({ passwordRecoveryEnabled: true });
    const off = await createTestApp({ env: { PASSWORD_RECOVERY: 'off' } });
    try {
      expect((await off.app.inject({ url: '/um/passwordRecovery/enabled' })).json()).toEqual({
        passwordRecoveryEnabled: false,
      });
      expect(
        (await off.app.inject({ method: 'POST', url: '/um/passwordRecovery', payload: { username: 'a@b.c' } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('answers the same for an existing and an unknown account; only the existing one gets a mail', async () => {
    const u = await t.createUser();
    const known = await t.app.inject({
      method: 'POST',
      url: '/um/passwordRecovery',
      payload: { username: u.email.toUpperCase() },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/um/passwordRecovery',
      payload: { username: 'ghost@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: RECOVERY_REQUESTED });
    await t.app.background.drain();
    const mails = await t.outbox();
    expect(mails.filter((m) => m.to_address === u.email)).toHaveLength(1);
    expect(mails.filter((m) => m.to_address === 'ghost@example.com')).toHaveLength(0);
    const mail = mails.find((m) => m.to_address === u.email)!;
    expect(mail.body_text).toMatch(new RegExp(`${TEST_PUBLIC_URL}/resetPassword/[A-Za-z0-9_-]{43}`));
    // the id is stored hashed only
    const id = /resetPassword\/([A-Za-z0-9_-]+)/.exec(mail.body_text)![1]!;
    expect(await t.db.query('SELECT 1 FROM password_recovery_requests WHERE token_hash = $1', [id])).toHaveLength(0);
  });

  it('resets the password without MFA: single use, sessions ended, lockout cleared', async () => {
    const u = await t.createUser();
    const { token } = await t.accessToken(u);
    await t.db.query('UPDATE users SET failed_logins = 100 WHERE id = $1', [u.id]);
    const id = await requestLink(u);
    const check = await t.app.inject({ url: `/um/passwordRecovery/${id}` });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ otp: false });
    const change = await t.app.inject({
      method: 'POST',
      url: `/um/passwordRecovery/${id}/changePassword`,
      payload: { password: 'Brand-New-Pass-1', otp: null, otpRecoveryCode: null, resetPasswordId: id },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ message: 'Your password has been reset' });
    expect((await t.app.inject({ url: '/um/refresh', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      401,
    );
    await expect(t.login(u.email, 'Brand-New-Pass-1')).resolves.toHaveProperty('token');
    const reuse = await t.app.inject({
      method: 'POST',
      url: `/um/passwordRecovery/${id}/changePassword`,
      payload: { password: 'Another-Pass-2' },
    });
    expect(reuse.statusCode).toBe(410);
    expect(reuse.json().message).toBe(LINK_EXPIRED);
    expect((await t.app.inject({ url: `/um/passwordRecovery/${id}` })).statusCode).toBe(410);
  });

  it('with MFA: otp required, wrong code 400, TOTP or recovery code accepted', async () => {
    const u = await t.createUser({ totp: true });
    const id = await requestLink(u);
    expect((await t.app.inject({ url: `/um/passwordRecovery/${id}` })).json()).toEqual({ otp: true });
    const none = await t.app.inject({
      method: 'POST',
      url: `/um/passwordRecovery/${id}/changePassword`,
      payload: { password: 'Brand-New-Pass-1' },
    });
    expect(none.statusCode).toBe(400);
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/um/passwordRecovery/${id}/changePassword`,
      payload: { password: 'Brand-New-Pass-1', otp: totpCode(u.totpSecret!, currentStep() + 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Wrong TOTP code');
    const wrongRecovery = await t.app.inject({
      method: 'POST',
      url: `/um/passwordRecovery/${id}/changePassword`,
      payload: { password: 'Brand-New-Pass-1', otpRecoveryCode: '1234-5678-9012' },
    });
    expect(wrongRecovery.statusCode).toBe(400);
    expect(wrongRecovery.json().message).toBe('Wrong TOTP recovery code');
    const ok = await t.app.inject({
      method: 'POST',
      url: `/um/passwordRecovery/${id}/changePassword`,
      payload: { password: 'Brand-New-Pass-1', otp: totpCode(u.totpSecret!, currentStep()) },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('unknown, malformed and expired links', async () => {
    for (const id of ['x'.repeat(43), 'short', 'bad%20chars%3B']) {
      const res = await t.app.inject({ url: `/um/passwordRecovery/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(LINK_INVALID);
    }
    const u = await t.createUser();
    const id = await requestLink(u);
    await t.db.query(
      "UPDATE password_recovery_requests SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [u.id],
    );
    expect((await t.app.inject({ url: `/um/passwordRecovery/${id}` })).statusCode).toBe(410);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/um/passwordRecovery/${id}/changePassword`,
          payload: { password: 'Brand-New-Pass-1' },
        })
      ).statusCode,
    ).toBe(410);
  });

  it('links expire after one hour', async () => {
    const u = await t.createUser();
    await requestLink(u);
    const [row] = await t.db.query<{ s: number }>(
      'SELECT EXTRACT(EPOCH FROM expires_at - created_at)::int AS s FROM password_recovery_requests WHERE user_id = $1',
      [u.id],
    );
    expect(row!.s).toBe(3600);
  });

  it('two parallel uses of one link: exactly one succeeds', async () => {
    const u = await t.createUser();
    const id = await requestLink(u);
    const answers = await Promise.all(
      ['Parallel-Pass-1', 'Parallel-Pass-2'].map((password) =>
        t.app.inject({ method: 'POST', url: `/um/passwordRecovery/${id}/changePassword`, payload: { password } }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });

  it('validates bodies: weak password, unknown fields, wrong types', async () => {
    const u = await t.createUser();
    const id = await requestLink(u);
    const weak = await t.app.inject({
      method: 'POST',
      url: `/um/passwordRecovery/${id}/changePassword`,
      payload: { password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 8/);
    for (const payload of [{}, { password: 12345678 }, { password: 'Long-enough-1', foo: 1 }]) {
      expect(
        (await t.app.inject({ method: 'POST', url: `/um/passwordRecovery/${id}/changePassword`, payload })).statusCode,
      ).toBe(400);
    }
    for (const payload of [{}, { username: 5 }, { username: 'a@b.c', x: 1 }]) {
      expect((await t.app.inject({ method: 'POST', url: '/um/passwordRecovery', payload })).statusCode).toBe(400);
    }
    // the link is still usable after the refused attempts
    expect((await t.app.inject({ url: `/um/passwordRecovery/${id}` })).statusCode).toBe(200);
  });

  it('sends at most 5 mails per account and hour', async () => {
    const u = await t.createUser();
    for (let i = 0; i < 7; i++)
      await t.app.inject({
        method: 'POST',
        url: '/um/passwordRecovery',
        payload: { username: u.email },
        remoteAddress: `10.9.0.${i}`,
      });
    await t.app.background.drain();
    expect((await t.outbox()).filter((m) => m.to_address === u.email)).toHaveLength(5);
  });
});
