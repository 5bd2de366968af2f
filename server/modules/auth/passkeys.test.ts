import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SoftAuthenticator } from '../../test/softAuthenticator';
import { createTestApp, TEST_PUBLIC_URL, type TestApp, type TestUser } from '../../test/testApp';
import { PASSKEY_STEP_REQUIRED } from './mfaRoutes';
import { CHALLENGE_USED, PASSKEY_NOT_VERIFIED } from './passkeys';
import { currentStep, totpCode } from './totp';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const RP_ID = new URL(TEST_PUBLIC_URL).hostname;

describe('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function registrationOptions(token: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/passkeys/registration/options',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    return res.json().options;
  }

  async function verifyRegistration(token: string, credential: unknown, name = 'Laptop') {
    return t.app.inject({
      method: 'POST',
      url: '/um/passkeys/registration/verify',
      headers: bearer(token),
      payload: { name, credential },
    });
  }

  /** A user with one registered passkey, and the authenticator holding it. */
  async function userWithPasskey(options: Parameters<TestApp['createUser']>[0] = {}) {
    const user = await t.createUser(options);
    const { token } = await t.accessToken(user);
    const authenticator = new SoftAuthenticator(RP_ID, TEST_PUBLIC_URL);
    const res = await verifyRegistration(token, authenticator.register(await registrationOptions(token)));
    expect(res.statusCode).toBe(201);
    return { user, token, authenticator, passkeyId: res.json().id as string };
  }

  async function signInOptions() {
    const res = await t.app.inject({ method: 'POST', url: '/um/passkeys/signIn/options' });
    expect(res.statusCode).toBe(200);
    return res.json().options;
  }

  const signIn = (credential: unknown) =>
    t.app.inject({ method: 'POST', url: '/um/passkeys/signIn', payload: { credential } });

  async function audited(userId: string, action: string): Promise<number> {
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events WHERE actor_id = $1 AND action = $2',
      [userId, action],
    );
    return rows[0]!.n;
  }

  it('registers a passkey (user verification, discoverable), lists, renames and removes it; every step audited', async () => {
    const user = await t.createUser();
    const { token } = await t.accessToken(user);
    const options = await registrationOptions(token);
    expect(options.rp.id).toBe(RP_ID);
    expect(options.authenticatorSelection).toMatchObject({ userVerification: 'required', residentKey: 'required' });
    expect(options.attestation).toBe('none');
    const authenticator = new SoftAuthenticator(RP_ID, TEST_PUBLIC_URL);
    const created = await verifyRegistration(token, authenticator.register(options), '  YubiKey  ');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'YubiKey', lastUsedAt: null });

    const list = await t.app.inject({ url: '/um/passkeys', headers: bearer(token) });
    expect(list.json()).toEqual({ passkeys: [created.json()], required: false });
    // The challenge is kept only as a hash, and is gone once used.
    const left = await t.db.query('SELECT 1 FROM webauthn_challenges WHERE challenge_hash = $1', [options.challenge]);
    expect(left).toHaveLength(0);

    // Another user cannot remove it.
    const other = await t.accessToken(await t.createUser());
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/um/passkeys/${created.json().id}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    const foreignRename = await t.app.inject({
      method: 'PATCH',
      url: `/um/passkeys/${created.json().id}`,
      headers: bearer(other.token),
      payload: { name: 'Mine now' },
    });
    expect(foreignRename.statusCode).toBe(404);
    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/um/passkeys/${created.json().id}`,
      headers: bearer(token),
      payload: { name: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/um/passkeys/${created.json().id}`,
      headers: bearer(token),
      payload: { name: ' Work key ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...created.json(), name: 'Work key' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/um/passkeys/${created.json().id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ url: '/um/passkeys', headers: bearer(token) })).json().passkeys).toEqual([]);
    expect(await audited(user.id, 'passkey.register')).toBe(1);
    expect(await audited(user.id, 'passkey.remove')).toBe(1);
    expect(await audited(user.id, 'passkey.rename')).toBe(1);
  });

  it('refuses a registration without user verification, from another origin or for another RP id', async () => {
    const user = await t.createUser();
    const { token } = await t.accessToken(user);
    const authenticator = new SoftAuthenticator(RP_ID, TEST_PUBLIC_URL);
    for (const opts of [{ userVerified: false }, { origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const res = await verifyRegistration(token, authenticator.register(await registrationOptions(token), opts));
      expect(res.statusCode, JSON.stringify(opts)).toBe(400);
      expect(res.json().message).toBe(PASSKEY_NOT_VERIFIED);
    }
    expect((await t.app.inject({ url: '/um/passkeys', headers: bearer(token) })).json().passkeys).toEqual([]);
    expect(await audited(user.id, 'passkey.register-failed')).toBe(3);
  });

  it("refuses a registration answering another user's challenge", async () => {
    const a = await t.accessToken(await t.createUser());
    const b = await t.accessToken(await t.createUser());
    const credential = new SoftAuthenticator(RP_ID, TEST_PUBLIC_URL).register(await registrationOptions(a.token));
    const res = await verifyRegistration(b.token, credential);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHALLENGE_USED);
  });

  it('signs in with a passkey without a password: a session, last use recorded, audited', async () => {
    const { user, token, authenticator } = await userWithPasskey({ totp: true });
    const res = await signIn(authenticator.assert(await signInOptions()));
    expect(res.statusCode).toBe(200);
    // A verified passkey is both factors: no TOTP step even for a TOTP user.
    expect(res.json()).toMatchObject({ mfaRequired: false, user: { email: user.email } });
    expect(decodeJwt(res.json().token)).toMatchObject({ typ: 'access', sub: user.id });
    const [listed] = (await t.app.inject({ url: '/um/passkeys', headers: bearer(token) })).json().passkeys;
    expect(listed.lastUsedAt).not.toBeNull();
    expect(await audited(user.id, 'passkey.sign-in')).toBe(1);
    const [session] = await t.db.query<{ provider: string }>(
      'SELECT provider FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [user.id],
    );
    expect(session!.provider).toBe('passkey');
  });

  it('refuses a replayed challenge', async () => {
    const { authenticator } = await userWithPasskey();
    const options = await signInOptions();
    expect((await signIn(authenticator.assert(options))).statusCode).toBe(200);
    const replay = await signIn(authenticator.assert(options));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(CHALLENGE_USED);
  });

  it('refuses an expired challenge', async () => {
    const { authenticator } = await userWithPasskey();
    const options = await signInOptions();
    await t.db.query("UPDATE webauthn_challenges SET expires_at = now() - interval '1 second'");
    const res = await signIn(authenticator.assert(options));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CHALLENGE_USED);
  });

  it('refuses a counter that did not rise (a cloned authenticator)', async () => {
    const { authenticator } = await userWithPasskey();
    expect((await signIn(authenticator.assert(await signInOptions(), { counter: 5 }))).statusCode).toBe(200);
    const same = await signIn(authenticator.assert(await signInOptions(), { counter: 5 }));
    expect(same.statusCode).toBe(400);
    const lower = await signIn(authenticator.assert(await signInOptions(), { counter: 3 }));
    expect(lower.statusCode).toBe(400);
    expect(lower.json().message).toBe(PASSKEY_NOT_VERIFIED);
    expect((await signIn(authenticator.assert(await signInOptions(), { counter: 6 }))).statusCode).toBe(200);
  });

  it('refuses an assertion without user verification, from another origin or RP id, or with a bad signature', async () => {
    const { authenticator } = await userWithPasskey();
    for (const opts of [{ userVerified: false }, { origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const res = await signIn(authenticator.assert(await signInOptions(), opts));
      expect(res.statusCode, JSON.stringify(opts)).toBe(400);
      expect(res.json().message).toBe(PASSKEY_NOT_VERIFIED);
    }
    const tampered = authenticator.assert(await signInOptions());
    tampered.response.signature = Buffer.from('not a signature').toString('base64url');
    expect((await signIn(tampered)).statusCode).toBe(400);
    const unknown = new SoftAuthenticator(RP_ID, TEST_PUBLIC_URL);
    unknown.register({ challenge: 'x', user: { id: 'nobody' } });
    expect((await signIn(unknown.assert(await signInOptions()))).statusCode).toBe(400);
  });

  it('refuses a disabled user signing in with a passkey', async () => {
    const { user, authenticator } = await userWithPasskey();
    await t.db.query('UPDATE users SET disabled = true WHERE id = $1', [user.id]);
    expect((await signIn(authenticator.assert(await signInOptions()))).statusCode).toBe(401);
  });

  describe('as a second factor', () => {
    async function mfaToken(u: TestUser) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username: u.email, password: u.password },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    }

    async function secondFactor(token: string, authenticator: SoftAuthenticator) {
      const opts = await t.app.inject({ method: 'POST', url: '/um/mfa/passkey/options', headers: bearer(token) });
      expect(opts.statusCode).toBe(200);
      expect(opts.json().options.allowCredentials).toHaveLength(1);
      return t.app.inject({
        method: 'POST',
        url: '/um/mfa/passkey/validate',
        headers: bearer(token),
        payload: { credential: authenticator.assert(opts.json().options) },
      });
    }

    it('a TOTP user may use either the passkey or the code; the mfa token opens one session', async () => {
      const { user, authenticator } = await userWithPasskey({ totp: true });
      const first = await mfaToken(user);
      expect(first).toMatchObject({ mfaRequired: true, mfaMethods: ['totp', 'passkey'] });
      const ok = await secondFactor(first.token, authenticator);
      expect(ok.statusCode).toBe(200);
      expect(decodeJwt(ok.json().token)).toMatchObject({ typ: 'access', sub: user.id });
      expect(await audited(user.id, 'mfa.passkey')).toBe(1);
      // The same mfa token again: refused.
      const again = await t.app.inject({
        method: 'POST',
        url: '/um/mfa/passkey/options',
        headers: bearer(first.token),
      });
      expect(again.statusCode).toBe(401);

      const second = await mfaToken(user);
      const code = await t.app.inject({
        method: 'POST',
        url: '/um/mfa/totp/validateCode',
        headers: bearer(second.token),
        payload: { totpCode: totpCode(user.totpSecret!, currentStep()) },
      });
      expect(code.statusCode).toBe(200);
    });

    it("refuses another user's passkey for the second step", async () => {
      const { user } = await userWithPasskey({ totp: true });
      const other = await userWithPasskey();
      const { token } = await mfaToken(user);
      const opts = await t.app.inject({ method: 'POST', url: '/um/mfa/passkey/options', headers: bearer(token) });
      const res = await t.app.inject({
        method: 'POST',
        url: '/um/mfa/passkey/validate',
        headers: bearer(token),
        payload: { credential: other.authenticator.assert(opts.json().options) },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('a tenant that requires a phishing-resistant method', () => {
    async function requiringTenant() {
      const tenantId = await t.createTenant('Strict');
      const admin = await t.createUser({ tenantId });
      const { token } = await t.accessToken(admin);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/um/signInPolicy',
        headers: bearer(token),
        payload: { requirePhishingResistant: true },
      });
      expect(put.statusCode).toBe(200);
      expect(await audited(admin.id, 'signInPolicy.update')).toBe(1);
      const get = await t.app.inject({ url: '/um/signInPolicy', headers: bearer(token) });
      expect(get.json()).toEqual({ requirePhishingResistant: true });
      return tenantId;
    }

    it('a password + TOTP user without a passkey signs in and is asked to add one', async () => {
      const tenantId = await requiringTenant();
      const user = await t.createUser({ tenantId, totp: true });
      const first = await t.app.inject({
        method: 'POST',
        url: '/um/login',
        payload: { username: user.email, password: user.password },
      });
      const code = await t.app.inject({
        method: 'POST',
        url: '/um/mfa/totp/validateCode',
        headers: bearer(first.json().token),
        payload: { totpCode: totpCode(user.totpSecret!, currentStep()) },
      });
      expect(code.statusCode).toBe(200);
      expect(code.json()).toMatchObject({ mfaRequired: false, passkeyRequired: true });
      const list = await t.app.inject({ url: '/um/passkeys', headers: bearer(code.json().token) });
      expect(list.json()).toEqual({ passkeys: [], required: true });
    });

    it('a user with a passkey must use it after the password: TOTP refused, recovery codes still work', async () => {
      const tenantId = await requiringTenant();
      const { user, authenticator } = await userWithPasskey({ tenantId, totp: true });
      const login = () =>
        t.app.inject({ method: 'POST', url: '/um/login', payload: { username: user.email, password: user.password } });
      const first = (await login()).json();
      expect(first).toMatchObject({ mfaRequired: true, mfaMethods: ['passkey'] });
      const code = await t.app.inject({
        method: 'POST',
        url: '/um/mfa/totp/validateCode',
        headers: bearer(first.token),
        payload: { totpCode: totpCode(user.totpSecret!, currentStep()) },
      });
      expect(code.statusCode).toBe(403);
      expect(code.json().message).toBe(PASSKEY_STEP_REQUIRED);

      const opts = await t.app.inject({ method: 'POST', url: '/um/mfa/passkey/options', headers: bearer(first.token) });
      const ok = await t.app.inject({
        method: 'POST',
        url: '/um/mfa/passkey/validate',
        headers: bearer(first.token),
        payload: { credential: authenticator.assert(opts.json().options) },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().passkeyRequired).toBeUndefined();

      const recovery = await t.app.inject({
        method: 'POST',
        url: '/um/mfa/totp/validateRecoveryCode',
        headers: bearer((await login()).json().token),
        payload: { totpRecoveryCode: 'AAAA-BBBB' },
      });
      // A wrong code is refused as a wrong code (400), not as a forbidden method.
      expect(recovery.statusCode).toBe(400);
    });

    it('only an administrator changes the policy', async () => {
      const reader = await t.accessToken(await t.createUser({ permissions: [] }));
      const put = await t.app.inject({
        method: 'PUT',
        url: '/um/signInPolicy',
        headers: bearer(reader.token),
        payload: { requirePhishingResistant: true },
      });
      expect(put.statusCode).toBe(403);
    });
  });
});
