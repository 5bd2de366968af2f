import { beforeEach, describe, expect, it } from 'vitest';

import { stashOAuthCallback, takeOAuthCallback } from './oauthHandoff';
import { beginOAuth, consumeOAuth, OAUTH_REQUEST_TTL_MS, OAuthSessionKeys, peekOAuthRequest } from './oauthRequest';
import { parseOAuthState } from './oauthState';
import { pkceChallenge } from './pkce';

const base = {
  provider: 'okta' as const,
  clientId: 'client-1',
  authorizationEndpoint: 'https://idp.example/oauth2/default/v1/authorize',
  tokenEndpoint: 'https://idp.example/oauth2/default/v1/token',
  nonce: 'nonce-1',
  redirectUri: 'http://localhost/login/callback',
};

describe('beginOAuth / consumeOAuth', () => {
  beforeEach(() => sessionStorage.clear());

  it('builds the authorisation URL with code flow, scopes, PKCE S256, nonce and state', async () => {
    const url = new URL(
      await beginOAuth({
        ...base,
        returnPath: '/gluon/x',
        extraParams: { login_hint: 'a@b.c', connection: undefined },
      }),
    );
    expect(url.origin + url.pathname).toBe(base.authorizationEndpoint);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe(base.redirectUri);
    expect(url.searchParams.get('nonce')).toBe('nonce-1');
    expect(url.searchParams.get('login_hint')).toBe('a@b.c');
    expect(url.searchParams.has('connection')).toBe(false);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const verifier = sessionStorage.getItem(OAuthSessionKeys.pkce)!;
    expect(url.searchParams.get('code_challenge')).toBe(await pkceChallenge(verifier));
    const state = parseOAuthState(url.searchParams.get('state'));
    expect(state).toEqual({
      random: sessionStorage.getItem(OAuthSessionKeys.state),
      provider: 'okta',
      returnPath: '/gluon/x',
    });
  });

  it('accepts the matching state once, then forgets it', async () => {
    const url = new URL(await beginOAuth({ ...base, context: { domain: 'https://idp.example' } }));
    const raw = url.searchParams.get('state')!;
    expect(peekOAuthRequest()?.context?.domain).toBe('https://idp.example');
    const first = consumeOAuth(raw);
    expect(first.ok && first.request.tokenEndpoint).toBe(base.tokenEndpoint);
    expect(first.ok && first.request.nonce).toBe('nonce-1');
    expect(consumeOAuth(raw)).toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses a foreign state and an expired request', async () => {
    await beginOAuth(base);
    expect(consumeOAuth('forged|provider=okta')).toEqual({ ok: false, reason: 'mismatch' });
    const url = new URL(await beginOAuth({ ...base, now: Date.now() - OAUTH_REQUEST_TTL_MS - 1 }));
    expect(consumeOAuth(url.searchParams.get('state'))).toEqual({ ok: false, reason: 'expired' });
  });

  // The second-factor handoff moved to the session (core/session/DefaultSessionService.adopt.test.ts).
  it('hands callback data over once', () => {
    stashOAuthCallback({ code: 'c', state: 's' });
    expect(takeOAuthCallback()).toEqual({ code: 'c', state: 's' });
    expect(takeOAuthCallback()).toBeNull();
    sessionStorage.setItem(OAuthSessionKeys.callback, '{bad');
    expect(takeOAuthCallback()).toBeNull();
  });
});
