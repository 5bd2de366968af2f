import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  claimsOf,
  createInvitation,
  getJson,
  type IdpHarness,
  idTokenVia,
  jamfCode,
  type Lookup,
  startIdpHarness,
} from './idpTestSetup';
import { UNVERIFIED_EMAIL } from './signInRoutes';

describe('POST /um/invite/{invitationId}/setOAuth2', () => {
  let h: IdpHarness;
  beforeAll(async () => {
    h = await startIdpHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const setOAuth2 = (invitationId: string, payload: Record<string, unknown>) =>
    h.t.app.inject({ method: 'POST', url: `/um/invite/${encodeURIComponent(invitationId)}/setOAuth2`, payload });
  const oktaForInvite = (invitationId: string) =>
    getJson(h.t, `/um/oauth2LoginProviders/Okta/publicId?invitationId=${encodeURIComponent(invitationId)}`);

  it('Okta: the invited user is activated with the identity, signed in, and the link works once', async () => {
    const { invitationId, userId } = await createInvitation(h.t, {
      tenantId: h.tenantId,
      email: 'okta.user@example.com',
      methods: ['Okta'],
    });
    const lookup = await oktaForInvite(invitationId);
    expect(lookup).toMatchObject({ clientIssuer: h.idp.issuers.okta, publicId: h.idp.clients.okta.clientId });
    const proof = await idTokenVia(h, lookup, 'okta.user@example.com');
    const res = await setOAuth2(invitationId, { provider: 'Okta', ...proof });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe('okta.user@example.com');
    expect(claimsOf(res.json().token)).toMatchObject({ typ: 'access', sub: userId });
    const [user] = await h.t.db.query<{ status: string }>('SELECT status FROM users WHERE id = $1', [userId]);
    expect(user?.status).toBe('active');
    const links = await h.t.db.query(`SELECT 1 FROM user_identities WHERE user_id = $1 AND provider = 'Okta'`, [
      userId,
    ]);
    expect(links).toHaveLength(1);

    // Single use.
    const lookup2 = await getJson(h.t, `/um/oauth2config/okta/details?domain=${encodeURIComponent(h.idp.origin)}`);
    const again = await setOAuth2(invitationId, {
      provider: 'Okta',
      ...(await idTokenVia(h, lookup2, 'okta.user@example.com')),
    });
    expect(again.statusCode).toBe(410);
    expect(
      (
        await h.t.app.inject({
          method: 'GET',
          url: `/um/oauth2LoginProviders/Okta/publicId?invitationId=${invitationId}`,
        })
      ).statusCode,
    ).toBe(410);
  });

  it('JamfAuth0 with the code shape activates the invited user', async () => {
    const { invitationId, userId } = await createInvitation(h.t, {
      tenantId: h.tenantId,
      email: 'jamf.user@corp.example',
      methods: ['JamfAuth0'],
    });
    const grant = await jamfCode(h, 'jamf.user@corp.example');
    const res = await setOAuth2(invitationId, {
      provider: 'JamfAuth0',
      code: grant.code,
      codeVerifier: grant.codeVerifier,
      redirectUri: grant.redirectUri,
      nonce: grant.nonce,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(claimsOf(res.json().token).sub).toBe(userId);
  });

  it('Google invitation', async () => {
    const { invitationId, userId } = await createInvitation(h.t, {
      tenantId: h.tenantId,
      email: 'google.user@example.com',
      methods: ['Google'],
    });
    const proof = await idTokenVia(
      h,
      await getJson(h.t, '/um/oauth2LoginProviders/Google/publicId'),
      'google.user@example.com',
    );
    const res = await setOAuth2(invitationId, { provider: 'Google', ...proof });
    expect(res.statusCode, res.body).toBe(200);
    expect(claimsOf(res.json().token).sub).toBe(userId);
  });

  it('invitation e-mail mismatch -> 401 and the invitation stays open', async () => {
    const { invitationId } = await createInvitation(h.t, { tenantId: h.tenantId, email: 'invited.person@example.com' });
    h.idp.users.add({
      email: 'someone.else@example.com',
      password: 'Passw0rd!',
      name: 'Some One',
      emailVerified: true,
    });
    const proof = await idTokenVia(h, await oktaForInvite(invitationId), 'someone.else@example.com');
    const res = await setOAuth2(invitationId, { provider: 'Okta', ...proof });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('The e-mail of this account does not match the invitation');
    expect(
      (
        await h.t.app.inject({
          method: 'GET',
          url: `/um/oauth2LoginProviders/Okta/publicId?invitationId=${invitationId}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('an address the provider has not verified -> 401 saying so, and the invitation stays open', async () => {
    const { invitationId } = await createInvitation(h.t, {
      tenantId: h.tenantId,
      email: 'unverified.person@example.com',
    });
    h.idp.users.add({
      email: 'unverified.person@example.com',
      password: 'Passw0rd!',
      name: 'Un Verified',
      emailVerified: false,
    });
    const proof = await idTokenVia(h, await oktaForInvite(invitationId), 'unverified.person@example.com');
    const res = await setOAuth2(invitationId, { provider: 'Okta', ...proof });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(UNVERIFIED_EMAIL);
    expect(
      (
        await h.t.app.inject({
          method: 'GET',
          url: `/um/oauth2LoginProviders/Okta/publicId?invitationId=${invitationId}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('a nonce issued for another invitation is refused', async () => {
    const first = await createInvitation(h.t, { tenantId: h.tenantId, email: 'first.invite@example.com' });
    const second = await createInvitation(h.t, { tenantId: h.tenantId, email: 'second.invite@example.com' });
    h.idp.users.add({
      email: 'second.invite@example.com',
      password: 'Passw0rd!',
      name: 'Sec Ond',
      emailVerified: true,
    });
    const proof = await idTokenVia(h, await oktaForInvite(first.invitationId), 'second.invite@example.com');
    const res = await setOAuth2(second.invitationId, { provider: 'Okta', ...proof });
    expect(res.statusCode).toBe(401);
  });

  it('a provider not allowed by the invitation -> 403', async () => {
    const { invitationId } = await createInvitation(h.t, {
      tenantId: h.tenantId,
      email: 'pw.only@example.com',
      methods: ['password'],
    });
    const res = await setOAuth2(invitationId, { provider: 'Google', idToken: 'a.b.c', nonce: 'n' });
    expect(res.statusCode).toBe(403);
  });

  it('expired invitation -> 410, unknown -> 404; bad input -> 400', async () => {
    const { invitationId } = await createInvitation(h.t, {
      tenantId: h.tenantId,
      email: 'expired.invite@example.com',
      expired: true,
    });
    expect((await setOAuth2(invitationId, { provider: 'Google', idToken: 'a.b.c', nonce: 'n' })).statusCode).toBe(410);
    expect((await setOAuth2('does-not-exist', { provider: 'Google', idToken: 'a.b.c', nonce: 'n' })).statusCode).toBe(
      404,
    );
    expect((await setOAuth2('x', { provider: 'Google', idToken: 'a.b.c', nonce: 'n', extra: 1 })).statusCode).toBe(400);
    // Fastify refuses path parameters over 100 characters with 414 (a 4xx as well).
    expect((await setOAuth2('x'.repeat(300), { provider: 'Google', idToken: 'a.b.c', nonce: 'n' })).statusCode).toBe(
      414,
    );
    expect((await h.t.app.inject({ method: 'GET', url: '/um/oauth2LoginProviders/Okta/publicId' })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /um/mfa/validateOAuth2', () => {
  let h: IdpHarness;
  beforeAll(async () => {
    h = await startIdpHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  const validate = (token: string, payload: Record<string, unknown>) =>
    h.t.app.inject({
      method: 'POST',
      url: '/um/mfa/validateOAuth2',
      headers: { authorization: `Bearer ${token}` },
      payload,
    });

  it("the linked identity's fresh ID token gives a recovery token usable as one", async () => {
    const user = await h.t.createUser({ tenantId: h.tenantId, email: 'google.user@example.com' });
    const first = await h.t.app.inject({
      method: 'POST',
      url: '/um/oauth2Login',
      payload: {
        provider: 'Google',
        ...(await idTokenVia(
          h,
          await getJson(h.t, '/um/oauth2LoginProviders/Google/publicId'),
          'google.user@example.com',
        )),
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    const access = first.json().token as string;
    const proof = await idTokenVia(
      h,
      await getJson(h.t, '/um/oauth2LoginProviders/Google/publicId'),
      'google.user@example.com',
    );
    const res = await validate(access, { provider: 'Google', ...proof });
    expect(res.statusCode, res.body).toBe(200);
    expect(claimsOf(res.json().token)).toMatchObject({ typ: 'recovery', sub: user.id, sid: claimsOf(access).sid });
  });

  it('an identity not linked to the caller -> 401', async () => {
    const caller = await h.t.createUser({ tenantId: h.tenantId, email: 'caller@example.com' });
    const { token } = await h.t.accessToken(caller);
    const proof = await idTokenVia(
      h,
      await getJson(h.t, `/um/oauth2config/okta/details?domain=${encodeURIComponent(h.idp.origin)}`),
      'okta.user@example.com',
    );
    const res = await validate(token, { provider: 'Okta', ...proof });
    expect(res.statusCode).toBe(401);
  });

  it('needs an access token and valid input', async () => {
    expect(
      (
        await h.t.app.inject({
          method: 'POST',
          url: '/um/mfa/validateOAuth2',
          payload: { provider: 'Google', idToken: 'a.b.c' },
        })
      ).statusCode,
    ).toBe(401);
    const caller = await h.t.createUser({ tenantId: h.tenantId });
    const { token } = await h.t.accessToken(caller);
    expect((await validate(token, { provider: 'Google' })).statusCode).toBe(400);
    expect((await validate(token, { provider: 'Google', idToken: 'a.b.c', more: 1 })).statusCode).toBe(400);
    expect((await validate(token, { provider: 'Google', idToken: 'a.b.c' })).statusCode).toBe(401);
  });
});

describe('Okta configuration and look-ups', () => {
  let h: IdpHarness;
  beforeAll(async () => {
    h = await startIdpHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  async function tokenWith(permissions: string[]) {
    const user = await h.t.createUser({ tenantId: h.tenantId, permissions });
    return (await h.t.accessToken(user)).token;
  }
  const call = (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST',
    url: string,
    token?: string,
    payload?: Record<string, unknown>,
  ) =>
    h.t.app.inject({
      method,
      url,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload ? { payload } : {}),
    });

  it('read with any umg#usr# permission, write only with umg#usr#rw', async () => {
    const reader = await tokenWith(['umg#usr#r']);
    const writer = await tokenWith(['umg#usr#rw']);
    const outsider = await tokenWith(['gln#rpt#r']);
    expect((await call('GET', '/um/oauth2config/okta')).statusCode).toBe(401);
    expect((await call('GET', '/um/oauth2config/okta', outsider)).statusCode).toBe(403);
    const read = await call('GET', '/um/oauth2config/okta', reader);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ clientIssuer: h.idp.issuers.okta, clientId: h.idp.clients.okta.clientId });
    const body = { clientIssuer: 'https://acme.okta.com/oauth2/default/', clientId: '0oa1acme' };
    expect((await call('PUT', '/um/oauth2config/okta', reader, body)).statusCode).toBe(403);
    expect((await call('DELETE', '/um/oauth2config/okta', reader)).statusCode).toBe(403);
    expect((await call('POST', '/um/oauth2config/okta/verify', reader, {})).statusCode).toBe(403);
    const put = await call('PUT', '/um/oauth2config/okta', writer, body);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ clientIssuer: 'https://acme.okta.com/oauth2/default', clientId: '0oa1acme' });
    expect((await call('GET', '/um/oauth2config/okta', reader)).json().clientId).toBe('0oa1acme');
    const audit = await h.t.db.query(`SELECT 1 FROM audit_events WHERE action = 'okta-config.update'`);
    expect(audit).toHaveLength(1);
    expect((await call('DELETE', '/um/oauth2config/okta', writer)).statusCode).toBe(204);
    expect((await call('GET', '/um/oauth2config/okta', reader)).statusCode).toBe(404);
    expect((await call('DELETE', '/um/oauth2config/okta', writer)).statusCode).toBe(404);
    // Restore the development configuration for the next tests.
    expect(
      (
        await call('PUT', '/um/oauth2config/okta', writer, {
          clientIssuer: h.idp.issuers.okta,
          clientId: h.idp.clients.okta.clientId,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('rejects bad Okta settings with 400', async () => {
    const writer = await tokenWith(['umg#usr#rw']);
    for (const body of [
      { clientIssuer: 'ftp://acme.okta.com', clientId: 'x' },
      { clientIssuer: 'http://acme.okta.com', clientId: 'x' },
      { clientIssuer: 'https://acme.okta.com?x=1', clientId: 'x' },
      { clientIssuer: 'not a url', clientId: 'x' },
      { clientIssuer: 'https://acme.okta.com', clientId: 'has space' },
      { clientIssuer: 'https://acme.okta.com', clientId: 'x', clientSecret: 'y' },
      { clientIssuer: 'https://acme.okta.com' },
    ]) {
      const res = await call('PUT', '/um/oauth2config/okta', writer, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('verify answers ok for a live issuer and 400 Invalid Okta domain otherwise', async () => {
    const writer = await tokenWith(['umg#usr#rw']);
    const ok = await call('POST', '/um/oauth2config/okta/verify', writer, { clientIssuer: h.idp.issuers.okta });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      ok: true,
      clientIssuer: h.idp.issuers.okta,
      authorizationEndpoint: `${h.idp.issuers.okta}/v1/authorize`,
    });
    const stored = await call('POST', '/um/oauth2config/okta/verify', writer, {});
    expect(stored.statusCode).toBe(200);
    for (const clientIssuer of [`${h.idp.origin}/nothing-here`, 'http://127.0.0.1:1/oauth2/default', 'not-a-url']) {
      const bad = await call('POST', '/um/oauth2config/okta/verify', writer, { clientIssuer });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Invalid Okta domain');
    }
  });

  it('details by domain: unknown -> 404 Invalid Okta domain, malformed -> 400', async () => {
    const unknown = await call(
      'GET',
      `/um/oauth2config/okta/details?domain=${encodeURIComponent('https://unknown.okta.com')}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Invalid Okta domain');
    expect((await call('GET', '/um/oauth2config/okta/details?domain=javascript:alert(1)')).statusCode).toBe(400);
    expect((await call('GET', '/um/oauth2config/okta/details')).statusCode).toBe(400);
  });

  it('JamfAuth0 info: unknown domain -> 404, malformed -> 400, e-mail accepted', async () => {
    expect((await call('GET', '/um/oauth2LoginProviders/JamfAuth0/info?emailDomain=unknown.example')).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/um/oauth2LoginProviders/JamfAuth0/info?emailDomain=%3Cscript%3E')).statusCode).toBe(
      400,
    );
    const byEmail = await call('GET', '/um/oauth2LoginProviders/JamfAuth0/info?emailDomain=someone%40Corp.Example');
    expect(byEmail.statusCode).toBe(200);
    expect((byEmail.json() as Lookup & { domain: string }).domain).toBe('corp.example');
  });

  it('Google look-up answers 404 when Google is not configured', async () => {
    const saved = { ...h.t.app.config.idp };
    h.t.app.config.idp.googleIssuer = null;
    try {
      expect((await call('GET', '/um/oauth2LoginProviders/Google/publicId')).statusCode).toBe(404);
    } finally {
      Object.assign(h.t.app.config.idp, saved);
    }
  });

  it('an unreachable provider is a 502 without details', async () => {
    const saved = { ...h.t.app.config.idp };
    h.t.app.config.idp.googleIssuer = 'http://127.0.0.1:1/google';
    try {
      const res = await call('GET', '/um/oauth2LoginProviders/Google/publicId');
      expect(res.statusCode).toBe(502);
    } finally {
      Object.assign(h.t.app.config.idp, saved);
    }
  });
  it('documents every identity-provider route in the OpenAPI document', async () => {
    const doc = (await call('GET', '/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [route, method] of [
      ['/um/oauth2LoginProviders/Google/publicId', 'get'],
      ['/um/oauth2LoginProviders/Okta/publicId', 'get'],
      ['/um/oauth2LoginProviders/JamfAuth0/info', 'get'],
      ['/um/oauth2config/okta/details', 'get'],
      ['/um/oauth2config/okta', 'put'],
      ['/um/oauth2config/okta/verify', 'post'],
      ['/um/oauth2Login', 'post'],
      ['/um/invite/{token}/setOAuth2', 'post'],
      ['/um/mfa/validateOAuth2', 'post'],
    ] as const) {
      expect(doc.paths[route]?.[method], `${method} ${route}`).toBeDefined();
    }
  });
});
