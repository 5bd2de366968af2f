import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signWithIssuerKey } from '../../devIdp/devIdpTestKit';
import { currentStep, rememberDevice, totpCode } from '../auth/public';
import {
  CALLBACK,
  claimsOf,
  getJson,
  type IdpHarness,
  idTokenVia,
  jamfCode,
  type Lookup,
  startIdpHarness,
} from './idpTestSetup';

describe('POST /um/oauth2Login', () => {
  let h: IdpHarness;
  beforeAll(async () => {
    h = await startIdpHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const login = (payload: unknown) =>
    h.t.app.inject({ method: 'POST', url: '/um/oauth2Login', payload: payload as Record<string, unknown> });
  const googleLookup = () => getJson(h.t, '/um/oauth2LoginProviders/Google/publicId');
  const oktaLookup = () => getJson(h.t, `/um/oauth2config/okta/details?domain=${encodeURIComponent(h.idp.origin)}`);

  it('Google: real code flow with PKCE, the console exchanges, the API signs in and links the identity', async () => {
    const user = await h.t.createUser({ tenantId: h.tenantId, email: 'google.user@example.com' });
    const lookup = await googleLookup();
    expect(lookup.publicId).toBe(h.idp.clients.google.clientId);
    expect(lookup.authorizationEndpoint).toBe(`${h.idp.issuers.google}/o/oauth2/v2/auth`);
    const { idToken, nonce } = await idTokenVia(h, lookup, 'google.user@example.com');
    const res = await login({ provider: 'Google', idToken, nonce, email: 'google.user@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      username: 'google.user@example.com',
      email: 'google.user@example.com',
      totpEnabled: false,
    });
    const claims = claimsOf(body.token);
    expect(claims).toMatchObject({
      typ: 'access',
      sub: user.id,
      tenant: h.tenantId,
      iss: `${h.t.config.publicUrl}/um`,
    });
    const links = await h.t.db.query<{ subject: string }>(
      `SELECT subject FROM user_identities WHERE user_id = $1 AND provider = 'Google'`,
      [user.id],
    );
    expect(links).toHaveLength(1);
    const [session] = await h.t.db.query<{ provider: string }>('SELECT provider FROM sessions WHERE id = $1', [
      claims.sid,
    ]);
    expect(session?.provider).toBe('Google');

    // Second time: matched by (provider, subject), even after the e-mail changed in the API.
    await h.t.db.query(`UPDATE users SET email = 'renamed.google@example.com' WHERE id = $1`, [user.id]);
    const again = await idTokenVia(h, await googleLookup(), 'google.user@example.com');
    const second = await login({ provider: 'Google', ...again });
    expect(second.statusCode, second.body).toBe(200);
    expect(claimsOf(second.json().token).sub).toBe(user.id);
  });

  it('Okta: tenant found by domain, public client, sign-in', async () => {
    const user = await h.t.createUser({ tenantId: h.tenantId, email: 'okta.user@example.com' });
    const lookup = await oktaLookup();
    expect(lookup).toMatchObject({
      clientIssuer: h.idp.issuers.okta,
      clientId: h.idp.clients.okta.clientId,
      tokenEndpoint: `${h.idp.issuers.okta}/v1/token`,
    });
    const { idToken, nonce } = await idTokenVia(h, lookup, 'okta.user@example.com');
    const res = await login({ provider: 'Okta', idToken, nonce });
    expect(res.statusCode, res.body).toBe(200);
    expect(claimsOf(res.json().token)).toMatchObject({ typ: 'access', sub: user.id });
  });

  it('Okta also accepts the code shape (the API exchanges as the public client)', async () => {
    const lookup = await oktaLookup();
    const { obtainCode } = await import('../../devIdp/devIdpTestKit');
    const grant = await obtainCode(
      { authorizationEndpoint: lookup.authorizationEndpoint, clientId: lookup.clientId!, nonce: lookup.nonce },
      CALLBACK,
      'okta.user@example.com',
    );
    const res = await login({
      provider: 'Okta',
      code: grant.code,
      codeVerifier: grant.codeVerifier,
      redirectUri: grant.redirectUri,
      nonce: lookup.nonce,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('JamfAuth0: domain info, redirect with connection, the API exchanges the code; logout answers the end-session URL', async () => {
    const user = await h.t.createUser({ tenantId: h.tenantId, email: 'jamf.user@corp.example' });
    const info = await getJson<Lookup & Record<string, unknown>>(
      h.t,
      '/um/oauth2LoginProviders/JamfAuth0/info?emailDomain=corp.example',
    );
    expect(info).toMatchObject({
      domain: 'corp.example',
      publicId: h.idp.clients.jamf.clientId,
      connectionName: 'corp-sso',
      customIdp: false,
      authorizationEndpoint: `${h.idp.issuers.jamf}/authorize`,
    });
    expect(typeof info.state).toBe('string');
    const grant = await jamfCode(h, 'jamf.user@corp.example');
    const res = await login({
      provider: 'JamfAuth0',
      code: grant.code,
      codeVerifier: grant.codeVerifier,
      redirectUri: grant.redirectUri,
      nonce: grant.nonce,
    });
    expect(res.statusCode, res.body).toBe(200);
    const claims = claimsOf(res.json().token);
    expect(claims.sub).toBe(user.id);
    const [session] = await h.t.db.query<{ provider: string; provider_data: unknown }>(
      'SELECT provider, provider_data FROM sessions WHERE id = $1',
      [claims.sid],
    );
    expect(session?.provider).toBe('JamfAuth0');
    const logoutUrl = await h.t.app.logoutUrlProviders.get('JamfAuth0')!({
      id: String(claims.sid),
      userId: user.id,
      tenantId: h.tenantId,
      providerData: session!.provider_data,
    });
    const url = new URL(logoutUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.idp.issuers.jamf}/oidc/logout`);
    expect(url.searchParams.get('client_id')).toBe(h.idp.clients.jamf.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${h.t.config.publicUrl}/login?reauth=true`);
    // The same through GET /um/logout, which also ends the session.
    const token = res.json().token as string;
    const logout = await h.t.app.inject({
      method: 'GET',
      url: '/um/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(logout.json()).toEqual({ logoutUrl });
    expect(
      (await h.t.app.inject({ method: 'GET', url: '/um/refresh', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('a Google session logs out without a provider URL', async () => {
    await h.t.createUser({ tenantId: h.tenantId, email: 'plain.google@example.com' });
    h.idp.users.add({
      email: 'plain.google@example.com',
      password: 'Passw0rd!',
      name: 'Plain Google',
      emailVerified: true,
    });
    const res = await login({
      provider: 'Google',
      ...(await idTokenVia(h, await googleLookup(), 'plain.google@example.com')),
    });
    expect(res.statusCode, res.body).toBe(200);
    const logout = await h.t.app.inject({
      method: 'GET',
      url: '/um/logout',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(logout.json()).toEqual({});
  });

  it('a user with MFA gets the second-factor token only', async () => {
    const user = await h.t.createUser({ tenantId: h.tenantId, email: 'mfa.sso@example.com', totp: true });
    h.idp.users.add({ email: 'mfa.sso@example.com', password: 'Passw0rd!', name: 'Mfa User', emailVerified: true });
    const res = await login({
      provider: 'Google',
      ...(await idTokenVia(h, await googleLookup(), 'mfa.sso@example.com')),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.totpEnabled).toBe(true);
    expect(claimsOf(res.json().token)).toMatchObject({ typ: 'mfa', sub: user.id, perms: ['umg#otp#r'] });
  });

  it('JamfAuth0 with MFA: the second factor keeps the provider, so logout still answers its end-session URL', async () => {
    const user = await h.t.createUser({ tenantId: h.tenantId, email: 'mfa.jamf@corp.example', totp: true });
    h.idp.users.add({ email: 'mfa.jamf@corp.example', password: 'Passw0rd!', name: 'Mfa Jamf', emailVerified: true });
    const grant = await jamfCode(h, 'mfa.jamf@corp.example');
    const first = await login({
      provider: 'JamfAuth0',
      code: grant.code,
      codeVerifier: grant.codeVerifier,
      redirectUri: grant.redirectUri,
      nonce: grant.nonce,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(claimsOf(first.json().token)).toMatchObject({ typ: 'mfa', perms: ['umg#otp#r'] });
    const second = await h.t.app.inject({
      method: 'POST',
      url: '/um/mfa/totp/validateCode',
      headers: { authorization: `Bearer ${first.json().token}` },
      payload: { totpCode: totpCode(user.totpSecret!, currentStep()) },
    });
    expect(second.statusCode, second.body).toBe(200);
    const logout = await h.t.app.inject({
      method: 'GET',
      url: '/um/logout',
      headers: { authorization: `Bearer ${second.json().token}` },
    });
    expect(logout.json().logoutUrl).toMatch(new RegExp(`^${h.idp.issuers.jamf}/oidc/logout\\?`));
  });

  it("JamfAuth0 with MFA and the user's remembered device (spec §7 rememberToken): no second factor; another user's device does not count", async () => {
    const user = await h.t.createUser({ tenantId: h.tenantId, email: 'remembered.jamf@corp.example', totp: true });
    const other = await h.t.createUser({ tenantId: h.tenantId, email: 'other.jamf@corp.example', totp: true });
    h.idp.users.add({
      email: 'remembered.jamf@corp.example',
      password: 'Passw0rd!',
      name: 'Remembered Jamf',
      emailVerified: true,
    });
    const mine = await rememberDevice(h.t.db, user.id);
    const theirs = await rememberDevice(h.t.db, other.id);
    const signIn = async (rememberToken: string) => {
      const grant = await jamfCode(h, 'remembered.jamf@corp.example');
      return login({
        provider: 'JamfAuth0',
        code: grant.code,
        codeVerifier: grant.codeVerifier,
        redirectUri: grant.redirectUri,
        nonce: grant.nonce,
        rememberToken,
      });
    };
    const foreign = await signIn(theirs);
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json().mfaRequired).toBe(true);
    const remembered = await signIn(mine);
    expect(remembered.statusCode, remembered.body).toBe(200);
    expect(remembered.json().mfaRequired).toBe(false);
    expect(claimsOf(remembered.json().token)).toMatchObject({ typ: 'access', sub: user.id });
  });

  it('a second account at the same provider is not linked to an already linked user', async () => {
    const user = await h.t.createUser({ tenantId: h.tenantId, email: 'linked.once@example.com' });
    h.idp.users.add({
      email: 'linked.once@example.com',
      password: 'Passw0rd!',
      name: 'Linked Once',
      emailVerified: true,
    });
    expect(
      (await login({ provider: 'Google', ...(await idTokenVia(h, await googleLookup(), 'linked.once@example.com')) }))
        .statusCode,
    ).toBe(200);
    const lookup = await googleLookup();
    const idToken = await signWithIssuerKey(h.keyFile, 'google', {
      iss: h.idp.issuers.google,
      aud: h.idp.clients.google.clientId,
      sub: 'google-another-account',
      email: user.email,
      email_verified: true,
      nonce: lookup.nonce,
    });
    const res = await login({ provider: 'Google', idToken, nonce: lookup.nonce });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('User not found');
  });

  it('a user whose allowed login methods exclude the provider is refused', async () => {
    await h.t.createUser({ tenantId: h.tenantId, email: 'password.only@example.com' });
    await h.t.db.query(
      `UPDATE users SET allowed_login_methods = '{password}' WHERE email = 'password.only@example.com'`,
    );
    h.idp.users.add({
      email: 'password.only@example.com',
      password: 'Passw0rd!',
      name: 'Pass Word',
      emailVerified: true,
    });
    const res = await login({
      provider: 'Google',
      ...(await idTokenVia(h, await googleLookup(), 'password.only@example.com')),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sign-in with Google is not allowed for this account');
  });

  it('unknown user -> 401 User not found', async () => {
    h.idp.users.add({ email: 'nobody@example.com', password: 'Passw0rd!', name: 'No Body', emailVerified: true });
    const res = await login({
      provider: 'Google',
      ...(await idTokenVia(h, await googleLookup(), 'nobody@example.com')),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('User not found');
  });

  it('an unverified provider e-mail is never linked', async () => {
    await h.t.createUser({ tenantId: h.tenantId, email: 'unverified.user@example.com' });
    const res = await login({
      provider: 'Google',
      ...(await idTokenVia(h, await googleLookup(), 'unverified.user@example.com')),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('User not found');
  });

  it('disabled user -> 401', async () => {
    await h.t.createUser({ tenantId: h.tenantId, email: 'disabled.sso@example.com', disabled: true });
    h.idp.users.add({
      email: 'disabled.sso@example.com',
      password: 'Passw0rd!',
      name: 'Dis Abled',
      emailVerified: true,
    });
    const res = await login({
      provider: 'Google',
      ...(await idTokenVia(h, await googleLookup(), 'disabled.sso@example.com')),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('User not found');
  });

  it("one tenant's Okta cannot sign in another tenant's user", async () => {
    const other = await h.t.createTenant('Other tenant');
    await h.t.createUser({ tenantId: other, email: 'other.tenant@example.com' });
    h.idp.users.add({
      email: 'other.tenant@example.com',
      password: 'Passw0rd!',
      name: 'Other Tenant',
      emailVerified: true,
    });
    const res = await login({
      provider: 'Okta',
      ...(await idTokenVia(h, await oktaLookup(), 'other.tenant@example.com')),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('User not found');
  });

  it('a replayed nonce is refused', async () => {
    await h.t.createUser({ tenantId: h.tenantId, email: 'replay.sso@example.com' });
    h.idp.users.add({ email: 'replay.sso@example.com', password: 'Passw0rd!', name: 'Re Play', emailVerified: true });
    const proof = await idTokenVia(h, await googleLookup(), 'replay.sso@example.com');
    expect((await login({ provider: 'Google', ...proof })).statusCode).toBe(200);
    const replay = await login({ provider: 'Google', ...proof });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Nonce already used');
  });

  it('concurrent use of one nonce: exactly one succeeds', async () => {
    await h.t.createUser({ tenantId: h.tenantId, email: 'race.sso@example.com' });
    h.idp.users.add({ email: 'race.sso@example.com', password: 'Passw0rd!', name: 'Ra Ce', emailVerified: true });
    const proof = await idTokenVia(h, await googleLookup(), 'race.sso@example.com');
    const answers = await Promise.all([1, 2, 3].map(() => login({ provider: 'Google', ...proof })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
  });

  describe('forged and wrong ID tokens (signed with the issuer keys)', () => {
    async function forged(claims: Record<string, unknown>, issuerKey: 'google' | 'okta' = 'google') {
      await h.t
        .createUser({ tenantId: h.tenantId, email: `forge.${Math.random().toString(36).slice(2)}@example.com` })
        .catch(() => undefined);
      const lookup = await googleLookup();
      const base = {
        iss: h.idp.issuers.google,
        aud: h.idp.clients.google.clientId,
        sub: 'google-forged-subject',
        email: 'google.user@example.com',
        email_verified: true,
        nonce: lookup.nonce,
      };
      const idToken = await signWithIssuerKey(h.keyFile, issuerKey, { ...base, ...claims });
      return login({ provider: 'Google', idToken, nonce: lookup.nonce });
    }

    it('control: a well-formed token signed with the Google key passes', async () => {
      await h.t.createUser({ tenantId: h.tenantId, email: 'forge.control@example.com' });
      const res = await forged({ email: 'forge.control@example.com', sub: 'google-control' });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('wrong audience -> 401', async () => {
      const res = await forged({ aud: 'someone-else' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid ID token');
    });

    it('wrong issuer -> 401', async () => {
      expect((await forged({ iss: h.idp.issuers.okta })).statusCode).toBe(401);
    });

    it('signed by another issuer key -> 401', async () => {
      expect((await forged({}, 'okta')).statusCode).toBe(401);
    });

    it('expired -> 401 ID token expired', async () => {
      const now = Math.floor(Date.now() / 1000);
      const res = await forged({ iat: now - 7200, exp: now - 3600 });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('ID token expired');
    });

    it('issued long ago -> 401', async () => {
      const now = Math.floor(Date.now() / 1000);
      expect((await forged({ iat: now - 3600, exp: now + 3600 })).statusCode).toBe(401);
    });

    it('nonce in the token differs from the one sent -> 401', async () => {
      const other = await googleLookup();
      const res = await forged({ nonce: other.nonce });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid nonce');
    });

    it('a nonce not issued by the API -> 401', async () => {
      const idToken = await signWithIssuerKey(h.keyFile, 'google', {
        iss: h.idp.issuers.google,
        aud: h.idp.clients.google.clientId,
        sub: 's',
        nonce: 'made-up',
      });
      const res = await login({ provider: 'Google', idToken, nonce: 'made-up' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid nonce');
    });

    it('a nonce issued for another provider -> 401', async () => {
      const okta = await oktaLookup();
      const idToken = await signWithIssuerKey(h.keyFile, 'google', {
        iss: h.idp.issuers.google,
        aud: h.idp.clients.google.clientId,
        sub: 's',
        nonce: okta.nonce,
      });
      expect((await login({ provider: 'Google', idToken, nonce: okta.nonce })).statusCode).toBe(401);
    });

    it('tampered payload (signature no longer matches) -> 401', async () => {
      const lookup = await googleLookup();
      const idToken = await signWithIssuerKey(h.keyFile, 'google', {
        iss: h.idp.issuers.google,
        aud: h.idp.clients.google.clientId,
        sub: 'google-x',
        email: 'x@example.com',
        email_verified: true,
        nonce: lookup.nonce,
      });
      const [head, payload, sig] = idToken.split('.');
      const changed = Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
          email: 'google.user@example.com',
        }),
      ).toString('base64url');
      const res = await login({ provider: 'Google', idToken: `${head}.${changed}.${sig}`, nonce: lookup.nonce });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid ID token');
    });

    it('alg none / HS256 -> 401', async () => {
      const lookup = await googleLookup();
      const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const payload = enc({
        iss: h.idp.issuers.google,
        aud: h.idp.clients.google.clientId,
        sub: 's',
        nonce: lookup.nonce,
        exp: Math.floor(Date.now() / 1000) + 60,
        iat: Math.floor(Date.now() / 1000),
      });
      for (const alg of ['none', 'HS256']) {
        const res = await login({
          provider: 'Google',
          idToken: `${enc({ alg, typ: 'JWT' })}.${payload}.${alg === 'none' ? '' : 'c2ln'}`,
          nonce: lookup.nonce,
        });
        expect(res.statusCode).toBe(401);
      }
    });
  });

  describe('bad input -> 4xx, never 5xx', () => {
    const cases: [string, unknown, number][] = [
      ['empty body', {}, 400],
      ['unknown provider', { provider: 'Facebook', idToken: 'x', nonce: 'n' }, 400],
      ['unknown field', { provider: 'Google', idToken: 'x', nonce: 'n', admin: true }, 400],
      ['idToken of wrong type', { provider: 'Google', idToken: 42, nonce: 'n' }, 400],
      ['oversized idToken', { provider: 'Google', idToken: 'a'.repeat(20_000), nonce: 'n' }, 400],
      ['missing nonce', { provider: 'Google', idToken: 'a.b.c' }, 400],
      ['malformed idToken', { provider: 'Google', idToken: 'not-a-jwt', nonce: 'n' }, 401],
      [
        'bad PKCE verifier',
        { provider: 'JamfAuth0', code: 'c', codeVerifier: 'short', redirectUri: CALLBACK, nonce: 'n' },
        400,
      ],
      ['array body', [1, 2], 400],
    ];
    it.each(cases)('%s', async (_name, payload, status) => {
      const res = await login(payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toEqual(expect.any(String));
    });

    it('JamfAuth0 with an ID token instead of a code -> 400', async () => {
      const info = await getJson(h.t, '/um/oauth2LoginProviders/JamfAuth0/info?emailDomain=corp.example');
      const res = await login({ provider: 'JamfAuth0', idToken: 'a.b.c', nonce: info.nonce });
      expect(res.statusCode).toBe(400);
    });

    it('a redirectUri outside this server -> 400', async () => {
      const info = await getJson(h.t, '/um/oauth2LoginProviders/JamfAuth0/info?emailDomain=corp.example');
      const res = await login({
        provider: 'JamfAuth0',
        code: 'abc',
        codeVerifier: 'a'.repeat(43),
        redirectUri: 'http://evil.example/login/callback',
        nonce: info.nonce,
      });
      expect(res.statusCode).toBe(400);
    });

    it('a code the provider does not know -> 401', async () => {
      const info = await getJson(h.t, '/um/oauth2LoginProviders/JamfAuth0/info?emailDomain=corp.example');
      const res = await login({
        provider: 'JamfAuth0',
        code: 'abc',
        codeVerifier: 'a'.repeat(43),
        redirectUri: CALLBACK,
        nonce: info.nonce,
      });
      expect(res.statusCode).toBe(401);
    });

    it('a code used with the wrong PKCE verifier -> 401', async () => {
      const grant = await jamfCode(h, 'jamf.user@corp.example');
      const res = await login({
        provider: 'JamfAuth0',
        code: grant.code,
        codeVerifier: 'b'.repeat(43),
        redirectUri: grant.redirectUri,
        nonce: grant.nonce,
      });
      expect(res.statusCode).toBe(401);
    });
  });
});
