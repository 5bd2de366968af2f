import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { base32Encode } from '../auth/public';
import { claimsOf, createInvitation, getJson, type IdpHarness, idTokenVia, startIdpHarness } from './idpTestSetup';

describe('mfaRequired in identity-provider sign-in answers', () => {
  let h: IdpHarness;
  beforeAll(async () => {
    h = await startIdpHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const googleLookup = () => getJson(h.t, '/um/oauth2LoginProviders/Google/publicId');
  const oauth2Login = async (email: string) =>
    h.t.app.inject({
      method: 'POST',
      url: '/um/oauth2Login',
      payload: { provider: 'Google', ...(await idTokenVia(h, await googleLookup(), email)) },
    });
  const setOAuth2 = async (invitationId: string, email: string) =>
    h.t.app.inject({
      method: 'POST',
      url: `/um/invite/${invitationId}/setOAuth2`,
      payload: { provider: 'Google', ...(await idTokenVia(h, await googleLookup(), email)) },
    });
  const addIdpUser = (email: string) =>
    h.idp.users.add({ email, password: 'Passw0rd!', name: email, emailVerified: true });

  it('/um/oauth2Login: false without MFA, true with MFA (typ mfa token)', async () => {
    await h.t.createUser({ tenantId: h.tenantId, email: 'flag.plain@example.com' });
    await h.t.createUser({ tenantId: h.tenantId, email: 'flag.mfa@example.com', totp: true });
    addIdpUser('flag.plain@example.com');
    addIdpUser('flag.mfa@example.com');
    const plain = await oauth2Login('flag.plain@example.com');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().mfaRequired).toBe(false);
    expect(claimsOf(plain.json().token).typ).toBe('access');
    const mfa = await oauth2Login('flag.mfa@example.com');
    expect(mfa.statusCode, mfa.body).toBe(200);
    expect(mfa.json().mfaRequired).toBe(true);
    expect(claimsOf(mfa.json().token).typ).toBe('mfa');
  });

  it('/um/invite/{id}/setOAuth2: false for a new user; true when the invited account already has MFA', async () => {
    addIdpUser('invited.flag@example.com');
    const plain = await createInvitation(h.t, {
      tenantId: h.tenantId,
      email: 'invited.flag@example.com',
      methods: ['Google'],
    });
    const res = await setOAuth2(plain.invitationId, 'invited.flag@example.com');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().mfaRequired).toBe(false);
    expect(claimsOf(res.json().token).typ).toBe('access');

    addIdpUser('invited.mfa@example.com');
    const withMfa = await createInvitation(h.t, {
      tenantId: h.tenantId,
      email: 'invited.mfa@example.com',
      methods: ['Google'],
    });
    await h.t.db.query('UPDATE users SET totp_enabled = true, totp_secret = $2 WHERE id = $1', [
      withMfa.userId,
      base32Encode(new Uint8Array(20).fill(7)),
    ]);
    const second = await setOAuth2(withMfa.invitationId, 'invited.mfa@example.com');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().mfaRequired).toBe(true);
    expect(claimsOf(second.json().token).typ).toBe('mfa');
  });
});
