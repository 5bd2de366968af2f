import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildAuthorizationUrl, createPkce, runAuthorizationCodeFlow } from './authorizationCodeFlow';
import { exchangeAsPublicClient, obtainCode } from './devIdpTestKit';
import { type DevIdp, startDevIdp } from './startDevIdp';

const API = 'http://127.0.0.1:8080';
const CALLBACK = `${API}/login/callback`;

async function discovery(issuer: string) {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string>;
}

describe('development identity provider', () => {
  let idp: DevIdp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dev-idp-'));
    idp = await startDevIdp({ apiOrigin: API, keyFile: path.join(dir, 'keys.json') });
  });
  afterAll(async () => {
    await idp.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves three issuers with provider-shaped endpoints', async () => {
    expect(idp.issuers.google).toBe(`${idp.origin}/google`);
    expect(idp.issuers.okta).toBe(`${idp.origin}/okta/oauth2/default`);
    expect(idp.issuers.jamf).toBe(`${idp.origin}/jamf`);
    const okta = await discovery(idp.issuers.okta);
    expect(okta.issuer).toBe(idp.issuers.okta);
    expect(okta.authorization_endpoint).toBe(`${idp.issuers.okta}/v1/authorize`);
    expect(okta.token_endpoint).toBe(`${idp.issuers.okta}/v1/token`);
    expect(okta.jwks_uri).toBe(`${idp.issuers.okta}/v1/keys`);
    expect(okta.end_session_endpoint).toBe(`${idp.issuers.okta}/v1/logout`);
    expect(okta.code_challenge_methods_supported).toEqual(['S256']);
    const jamf = await discovery(idp.issuers.jamf);
    expect(jamf.token_endpoint).toBe(`${idp.issuers.jamf}/oauth/token`);
  });

  it.each(['google', 'okta'] as const)(
    'signs in at %s with PKCE; the public client exchanges the code with CORS for the console',
    async (key) => {
      const meta = await discovery(idp.issuers[key]);
      const grant = await obtainCode(
        { authorizationEndpoint: meta.authorization_endpoint!, clientId: idp.clients[key].clientId, nonce: 'nonce-1' },
        CALLBACK,
        `${key}.user@example.com`,
      );
      const { idToken, allowOrigin } = await exchangeAsPublicClient(
        meta.token_endpoint!,
        idp.clients[key].clientId,
        grant,
        API,
      );
      expect(allowOrigin).toBe(API);
      const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(meta.jwks_uri!)), {
        issuer: idp.issuers[key],
        audience: idp.clients[key].clientId,
      });
      expect(payload).toMatchObject({ email: `${key}.user@example.com`, email_verified: true, nonce: 'nonce-1' });
      expect(payload.sub).toMatch(new RegExp(`^${key}-`));
    },
  );

  it('refuses a token request from another origin', async () => {
    const meta = await discovery(idp.issuers.google);
    const grant = await obtainCode(
      { authorizationEndpoint: meta.authorization_endpoint!, clientId: idp.clients.google.clientId, nonce: 'n' },
      CALLBACK,
      'google.user@example.com',
    );
    await expect(
      exchangeAsPublicClient(meta.token_endpoint!, idp.clients.google.clientId, grant, 'http://evil.example'),
    ).rejects.toThrow(/invalid_request|not allowed/);
  });

  it('the vendor IdP client is confidential: no code exchange without the secret', async () => {
    const meta = await discovery(idp.issuers.jamf);
    const grant = await obtainCode(
      { authorizationEndpoint: meta.authorization_endpoint!, clientId: idp.clients.jamf.clientId, nonce: 'n' },
      CALLBACK,
      'jamf.user@corp.example',
      {
        connection: 'corp-sso',
      },
    );
    await expect(exchangeAsPublicClient(meta.token_endpoint!, idp.clients.jamf.clientId, grant, API)).rejects.toThrow(
      /invalid_client/,
    );
  });

  it('requires PKCE', async () => {
    const meta = await discovery(idp.issuers.okta);
    const url = new URL(meta.authorization_endpoint!);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: idp.clients.okta.clientId,
      redirect_uri: CALLBACK,
      scope: 'openid email',
      state: 's',
      nonce: 'n',
    }).toString();
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(location.href.startsWith(CALLBACK)).toBe(true);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses a redirect URI that is not registered', async () => {
    const meta = await discovery(idp.issuers.google);
    const url = buildAuthorizationUrl({
      authorizationEndpoint: meta.authorization_endpoint!,
      clientId: idp.clients.google.clientId,
      redirectUri: 'http://evil.example/login/callback',
      codeChallenge: createPkce().challenge,
      state: 's',
      nonce: 'n',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/redirect_uri/);
  });

  it('shows the form again on a wrong password', async () => {
    const meta = await discovery(idp.issuers.google);
    const url = buildAuthorizationUrl({
      authorizationEndpoint: meta.authorization_endpoint!,
      clientId: idp.clients.google.clientId,
      redirectUri: CALLBACK,
      codeChallenge: createPkce().challenge,
      state: 's',
      nonce: 'n',
    });
    await expect(
      runAuthorizationCodeFlow(url, CALLBACK, { email: 'google.user@example.com', password: 'wrong' }),
    ).rejects.toThrow(/Wrong e-mail or password/);
  });

  it('Cancel on the sign-in page returns access_denied to the callback', async () => {
    const meta = await discovery(idp.issuers.okta);
    const url = buildAuthorizationUrl({
      authorizationEndpoint: meta.authorization_endpoint!,
      clientId: idp.clients.okta.clientId,
      redirectUri: CALLBACK,
      codeChallenge: createPkce().challenge,
      state: 'st',
      nonce: 'n',
    });
    const cookies: string[] = [];
    const keep = (r: Response) => cookies.push(...r.headers.getSetCookie().map((c) => c.split(';')[0]!));
    const start = await fetch(url, { redirect: 'manual' });
    keep(start);
    const formUrl = new URL(start.headers.get('location')!, url);
    const form = await fetch(formUrl, { headers: { cookie: cookies.join('; ') } });
    const html = await form.text();
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
    expect(html).toContain('>Sign in</button>');
    const abort = /action="([^"]+\/abort)"/.exec(html)![1]!;
    const resume = await fetch(new URL(abort, formUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: cookies.join('; ') },
    });
    keep(resume);
    const back = await fetch(new URL(resume.headers.get('location')!, formUrl), {
      redirect: 'manual',
      headers: { cookie: cookies.join('; ') },
    });
    const callback = new URL(back.headers.get('location')!);
    expect(callback.href.startsWith(CALLBACK)).toBe(true);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st');
  });

  it('accepts localhost as the twin of 127.0.0.1', async () => {
    const meta = await discovery(idp.issuers.google);
    const callback = 'http://localhost:8080/login/callback';
    const grant = await obtainCode(
      { authorizationEndpoint: meta.authorization_endpoint!, clientId: idp.clients.google.clientId, nonce: 'n' },
      callback,
      'google.user@example.com',
    );
    expect(grant.code.length).toBeGreaterThan(20);
  });

  it('signs out (RP-initiated) back to the console login with reauth=true', async () => {
    const meta = await discovery(idp.issuers.jamf);
    const url = new URL(meta.end_session_endpoint!);
    url.searchParams.set('client_id', idp.clients.jamf.clientId);
    url.searchParams.set('post_logout_redirect_uri', `${API}/login?reauth=true`);
    const page = await fetch(url);
    const html = await page.text();
    // Without an IdP session the provider skips the question and posts the form itself.
    expect(html).toMatch(/name="logout" value="yes"|id="logout-yes"/);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const confirm = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: page.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${API}/login?reauth=true`);
  });

  it('with an IdP session, logout shows its own page that signs out at once', async () => {
    const meta = await discovery(idp.issuers.okta);
    const pkce = createPkce();
    const flow = await runAuthorizationCodeFlow(
      buildAuthorizationUrl({
        authorizationEndpoint: meta.authorization_endpoint!,
        clientId: idp.clients.okta.clientId,
        redirectUri: CALLBACK,
        codeChallenge: pkce.challenge,
        state: 's',
        nonce: 'n',
      }),
      CALLBACK,
      { email: 'okta.user@example.com', password: 'Passw0rd!' },
    );
    const url = new URL(meta.end_session_endpoint!);
    url.searchParams.set('client_id', idp.clients.okta.clientId);
    url.searchParams.set('post_logout_redirect_uri', `${API}/login?reauth=false`);
    const page = await fetch(url, { headers: { cookie: flow.cookies } });
    const html = await page.text();
    expect(html).toContain('id="logout-yes"');
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const cookie = [flow.cookies, ...page.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
    const confirm = await fetch(new URL(action, url), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${API}/login?reauth=false`);
  });

  it('keeps its keys in the key file across restarts', async () => {
    const keyFile = path.join(dir, 'keys.json');
    const again = await startDevIdp({ apiOrigin: API, keyFile });
    try {
      const before = (await (await fetch((await discovery(idp.issuers.okta)).jwks_uri!)).json()) as {
        keys: { kid: string }[];
      };
      const after = (await (await fetch((await discovery(again.issuers.okta)).jwks_uri!)).json()) as {
        keys: { kid: string }[];
      };
      expect(after.keys.map((k) => k.kid)).toEqual(before.keys.map((k) => k.kid));
      expect(JSON.stringify(after)).not.toContain('"d"');
    } finally {
      await again.close();
    }
  });
});
