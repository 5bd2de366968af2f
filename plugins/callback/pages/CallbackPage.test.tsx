import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { takeOAuthCallback } from '@core/auth/oauthHandoff';
import { beginOAuth, OAuthSessionKeys } from '@core/auth/oauthRequest';
import { parseOAuthState } from '@core/auth/oauthState';
import { CaptchaServiceToken } from '@core/captcha/CaptchaService';
import { FakeCaptchaService } from '@core/captcha/FakeCaptchaService';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { definePlugin } from '@core/plugin/PluginManifest';
import { SessionServiceToken } from '@core/session/SessionService';
import { StorageKeys, StorageServiceToken } from '@core/storage/StorageService';
import { apiFailure, fakeService } from '@core/testing';
import { createFakeAxios } from '@core/testing/createFakeAxios';

import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { renderHost, serviceOverride } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type CallbackApi, CallbackApiToken } from '../api/CallbackApi';
import { callbackPlugin } from '../index';

/** Where the callback sends people, so the host has a page there (no unknown-path redirects). */
const stubPages = definePlugin({
  id: 'stub',
  title: 'Stub',
  kind: 'public',
  requires: [],
  routes: ['/login', '/config/2fa', '/gluon/config/2fa', '/gluon', '/gluon/devices/:id', '/gluon/x'].map((path) => ({
    path,
    page: async () => ({ default: () => <p>stub {path}</p> }),
  })),
});

const user = { username: 'jamf.user@corp.example', email: 'jamf.user@corp.example', totpEnabled: false };
const accessToken = makeTestToken(['gln#rpt#rw'], { typ: 'access', exp: 4102444800 });
const info = {
  domain: 'corp.example',
  publicId: 'jamf-client',
  nonce: 'n-2',
  connectionName: 'corp',
  customIdp: false,
  state: 's-2',
  authorizationEndpoint: 'https://jamf.example/authorize',
};
const signedIn = async () => ({ token: accessToken, user, mfaRequired: false });
/** An invitation to activate with the vendor IdP, then the provider's client for its domain. */
const invitation: Partial<CallbackApi> = {
  getInvite: async () => ({ username: 'new.admin@corp.example', expired: false, allowedLoginMethods: ['JamfAuth0'] }),
  activateInvite: signedIn,
  jamfProviderInfo: async () => info,
};

/**
 * The page over a fake CallbackApi with the test's own methods (the requests themselves:
 * api/DefaultCallbackApi.test.ts; the environment type is unknown unless a test says). The
 * console's own calls (the captcha look-up) meet an API that has nothing. `captcha`: a fake for
 * tests of the captcha token; the default service otherwise (its look-up answers 404: inactive).
 */
function setup(
  path: string,
  own: Partial<CallbackApi> = {},
  captcha?: FakeCaptchaService,
  remembered: Record<string, string> = {},
) {
  const api = fakeService<CallbackApi>('CallbackApi', { environmentType: async () => null }, own);
  const fake = createFakeAxios(() => ({ status: 404, data: { message: 'not found' } }));
  const storage = new MemoryStorageService();
  for (const [username, token] of Object.entries(remembered)) storage.setRememberToken(username, token);
  // Subscribed before rendering: a cached page chunk renders, and redirects, inside render().
  const navigation = new MemoryNavigationService(path);
  const visited: string[] = [];
  navigation.search$.subscribe(() => visited.push(navigation.href()));
  navigation.path$.subscribe(() => visited.push(navigation.href()));
  const host = renderHost({
    plugins: [callbackPlugin, stubPages],
    path,
    services: [
      [CallbackApiToken, api],
      [AxiosInstanceToken, fake.axios],
      [StorageServiceToken, storage],
      [NavigationServiceToken, navigation],
      ...(captcha ? [serviceOverride(CaptchaServiceToken, captcha)] : []),
    ],
    // The real session: these tests check what it stores for the callback.
    realSession: true,
  });
  const session = host.services.resolve(SessionServiceToken);
  return { host, session, storage, api, visited };
}

async function jamfState(options: { returnPath?: string; inviteId?: string; context?: Record<string, string> } = {}) {
  const url = new URL(
    await beginOAuth({
      provider: 'jamf',
      clientId: 'jamf-client',
      authorizationEndpoint: info.authorizationEndpoint,
      nonce: 'n-1',
      redirectUri: 'http://localhost:3000/login/callback',
      ...options,
    }),
  );
  return encodeURIComponent(url.searchParams.get('state')!);
}

function loginParams(href: string | undefined) {
  const [path, search] = (href ?? '').split('?');
  return { path, params: Object.fromEntries(new URLSearchParams(search)) };
}

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('callback page', () => {
  it('sends provider errors to login with Access Denied and the description', async () => {
    const { visited } = setup('/login/callback?error=access_denied&error_description=The%20user%20cancelled');
    await waitFor(() => expect(visited.some((h) => h.startsWith('/login?'))).toBe(true));
    expect(loginParams(visited.find((h) => h.startsWith('/login?'))).params).toEqual({
      error: 'Access Denied',
      error_description: 'The user cancelled',
    });
  });

  it('hands ssoDomain and url over to login (also at /r)', async () => {
    const { visited } = setup('/r?ssoDomain=corp.example&url=%2Fgluon%2Fx');
    await waitFor(() => expect(visited).toContain('/login?ssoDomain=corp.example&url=%2Fgluon%2Fx'));
  });

  it('Jamf without invitation: signs in, stores cookie and flags, fetches the environment type, goes to the return path', async () => {
    const state = await jamfState({ returnPath: '/devices/3' });
    const { session, storage, api, visited } = setup(`/login/callback?code=code-1&state=${state}`, {
      signInWithCode: signedIn,
      environmentType: async () => 'saas',
    });
    await waitFor(() => expect(visited).toContain('/gluon/devices/3'));
    const body = api.signInWithCode.mock.calls[0]![0];
    expect(body).toMatchObject({
      provider: 'JamfAuth0',
      code: 'code-1',
      nonce: 'n-1',
      redirectUri: 'http://localhost:3000/login/callback',
    });
    expect(body.codeVerifier).toMatch(/^[\w-]{43,}$/);
    expect(session.token()).toBe(accessToken);
    expect(storage.getAccessCookie()).toBe(accessToken);
    expect(Number(storage.get(StorageKeys.sessionStart))).toBeGreaterThan(0);
    expect(storage.get(StorageKeys.oauthProvider)).toBe('jamf');
    expect(storage.get(StorageKeys.domain)).toBe('jamf.user@corp.example');
    expect(storage.get(StorageKeys.envType)).toBe('saas');
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeNull();
  });

  it('Jamf: sends the remembered device of the address the sign-in began with (spec §7), and none without an address', async () => {
    const state = await jamfState({ context: { email: 'jamf.user@corp.example' } });
    const first = setup(`/login/callback?code=c&state=${state}`, { signInWithCode: signedIn }, undefined, {
      'jamf.user@corp.example': 'device-7',
      'other@corp.example': 'device-8',
    });
    await waitFor(() => expect(first.api.signInWithCode).toHaveBeenCalled());
    expect(first.api.signInWithCode.mock.calls[0]![0].rememberToken).toBe('device-7');
    cleanup();

    const plain = await jamfState();
    const second = setup(`/login/callback?code=c&state=${plain}`, { signInWithCode: signedIn }, undefined, {
      'jamf.user@corp.example': 'device-7',
    });
    await waitFor(() => expect(second.api.signInWithCode).toHaveBeenCalled());
    expect(second.api.signInWithCode.mock.calls[0]![0]).not.toHaveProperty('rememberToken');
  });

  it('Jamf: an absent return path goes to /gluon', async () => {
    const state = await jamfState();
    const { visited } = setup(`/r?code=c&state=${state}`, { signInWithCode: signedIn });
    await waitFor(() => expect(visited).toContain('/gluon'));
  });

  it('Jamf: a refused sign-in goes to login with Access Denied / User not found', async () => {
    const state = await jamfState();
    const { visited, session } = setup(`/login/callback?code=c&state=${state}`, {
      signInWithCode: () => Promise.reject(apiFailure(401, { message: 'User not found' })),
    });
    await waitFor(() => expect(visited.some((h) => h.startsWith('/login?error'))).toBe(true));
    expect(loginParams(visited.find((h) => h.startsWith('/login?error'))).params).toEqual({
      error: 'Access Denied',
      error_description: 'User not found',
    });
    expect(session.token()).toBeNull();
  });

  it('Jamf: a state this browser did not issue is refused without calling the API', async () => {
    await jamfState();
    const { visited, api } = setup('/login/callback?code=c&state=forged%7Cprovider%3Djamf');
    await waitFor(() => expect(visited.some((h) => h.startsWith('/login?error=Access+Denied'))).toBe(true));
    expect(api.signInWithCode).not.toHaveBeenCalled();
  });

  it('Jamf with an invitation: loads it, activates the user, then goes to the provider again with provider=jamf', async () => {
    const state = await jamfState({ inviteId: 'inv-1' });
    const { host, api } = setup(`/login/callback?code=code-9&state=${state}`, invitation);
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(api.getInvite.mock.calls).toEqual([['inv-1']]);
    expect(api.activateInvite.mock.calls[0]).toEqual([
      'inv-1',
      expect.objectContaining({ provider: 'JamfAuth0', code: 'code-9', nonce: 'n-1' }),
    ]);
    expect(api.jamfProviderInfo.mock.calls).toEqual([['corp.example']]);
    const next = new URL(host.navigation.assigned[0]!);
    expect(parseOAuthState(next.searchParams.get('state'))).toMatchObject({ provider: 'jamf', returnPath: '/gluon' });
    expect(next.searchParams.get('nonce')).toBe('n-2');
    expect(next.searchParams.get('login_hint')).toBe('new.admin@corp.example');
  });

  it('Jamf sign-in: /um/oauth2Login carries a login captcha token while captcha is active', async () => {
    const state = await jamfState({ returnPath: '/devices/3' });
    const captcha = new FakeCaptchaService('c-jamf');
    const { api, visited } = setup(`/login/callback?code=code-1&state=${state}`, { signInWithCode: signedIn }, captcha);
    await waitFor(() => expect(visited).toContain('/gluon/devices/3'));
    expect(api.signInWithCode.mock.calls[0]![0]).toMatchObject({
      provider: 'JamfAuth0',
      code: 'code-1',
      captchaToken: 'c-jamf',
    });
    expect(captcha.actions).toEqual(['login']);
  });

  it('Jamf sign-in: no captchaToken while captcha is inactive', async () => {
    const state = await jamfState({ returnPath: '/devices/3' });
    const { api, visited } = setup(
      `/login/callback?code=code-1&state=${state}`,
      { signInWithCode: signedIn },
      new FakeCaptchaService(),
    );
    await waitFor(() => expect(visited).toContain('/gluon/devices/3'));
    // Undefined: JSON leaves it out of the request.
    expect(api.signInWithCode.mock.calls[0]![0].captchaToken).toBeUndefined();
  });

  it('Jamf invitation: /um/invite/{id}/setOAuth2 carries an invite captcha token while active, none while inactive', async () => {
    const captcha = new FakeCaptchaService('c-invite');
    const active = setup(
      `/login/callback?code=code-9&state=${await jamfState({ inviteId: 'inv-1' })}`,
      invitation,
      captcha,
    );
    await waitFor(() => expect(active.host.navigation.assigned).toHaveLength(1));
    expect(active.api.activateInvite.mock.calls[0]![1]).toMatchObject({
      provider: 'JamfAuth0',
      code: 'code-9',
      captchaToken: 'c-invite',
    });
    expect(captcha.actions).toEqual(['invite']);
    cleanup();
    const inactive = setup(
      `/login/callback?code=code-9&state=${await jamfState({ inviteId: 'inv-1' })}`,
      invitation,
      new FakeCaptchaService(),
    );
    await waitFor(() => expect(inactive.host.navigation.assigned).toHaveLength(1));
    expect(inactive.api.activateInvite.mock.calls[0]![1].captchaToken).toBeUndefined();
  });

  it('Jamf: a second-factor account is handed to the login page', async () => {
    const mfaToken = makeTestToken(['umg#otp#r'], { typ: 'mfa' });
    const state = await jamfState({ returnPath: '/gluon/x' });
    const { visited, session, storage } = setup(`/login/callback?code=c&state=${state}`, {
      signInWithCode: async () => ({ token: mfaToken, user, mfaRequired: true }),
    });
    await waitFor(() => expect(visited).toContain('/login'));
    expect(session.token()).toBeNull();
    // The session holds the sign-in for the login page's two-auth step, also across a page load.
    const handedOver = { username: user.username, returnUrl: '/gluon/x', provider: 'jamf' };
    expect(session.secondFactor()).toEqual(handedOver);
    expect(session.authorization({ kind: 'secondFactor' })).toBe(`Bearer ${mfaToken}`);
    const nextPage = renderHost({
      plugins: [],
      path: '/login',
      services: [[StorageServiceToken, storage]],
      realSession: true,
    }).services.resolve(SessionServiceToken);
    expect(nextPage.secondFactor()).toEqual(handedOver);
    expect(nextPage.authorization({ kind: 'secondFactor' })).toBe(`Bearer ${mfaToken}`);
  });

  it.each([
    ['okta', '/login?oktaRedirect=true'],
    ['google', '/login?googleRedirect=true'],
  ] as const)('generic handler (%s) parks code and state for the login page', async (provider, target) => {
    const url = new URL(
      await beginOAuth({
        provider,
        clientId: 'c',
        authorizationEndpoint: 'https://idp.example/authorize',
        tokenEndpoint: 'https://idp.example/token',
        nonce: 'n',
        redirectUri: 'http://x/login/callback',
      }),
    );
    const state = url.searchParams.get('state')!;
    const { visited } = setup(`/login/callback?code=code-5&state=${encodeURIComponent(state)}`);
    await waitFor(() => expect(visited).toContain(target));
    expect(takeOAuthCallback()).toEqual({ code: 'code-5', state });
  });

  it.each(['okta', 'google'] as const)(
    'an invitation activated with %s goes back to its invite page, code and state parked',
    async (provider) => {
      const url = new URL(
        await beginOAuth({
          provider,
          inviteId: 'inv 7',
          returnPath: '/invite/inv%207',
          clientId: 'c',
          authorizationEndpoint: 'https://idp.example/authorize',
          tokenEndpoint: 'https://idp.example/token',
          nonce: 'n',
          redirectUri: 'http://x/login/callback',
        }),
      );
      const state = url.searchParams.get('state')!;
      const { visited } = setup(`/login/callback?code=code-6&state=${encodeURIComponent(state)}`);
      await waitFor(() => expect(visited).toContain(`/invite/inv%207?oktaRedirect=true&inviteFlow=${provider}`));
      expect(takeOAuthCallback()).toEqual({ code: 'code-6', state });
    },
  );

  it('generic handler refuses a foreign state', async () => {
    const { visited } = setup('/login/callback?code=c&state=forged%7Cprovider%3Dokta');
    await waitFor(() => expect(visited.some((h) => h.startsWith('/login?error=Access+Denied'))).toBe(true));
    expect(takeOAuthCallback()).toBeNull();
  });

  it('inside the Google popup: posts code and state to the opener (our origin only) and leaves the rest to it', async () => {
    const opener = { closed: false, postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true });
    // jsdom's close() would tear the test window down.
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    try {
      const state = 'r1|provider=google&popup=1';
      const { visited } = setup(`/login/callback?code=code-7&state=${encodeURIComponent(state)}`);
      await waitFor(() => expect(opener.postMessage).toHaveBeenCalledTimes(1));
      expect(opener.postMessage).toHaveBeenCalledWith(
        { type: 'oauth-popup-callback', code: 'code-7', state },
        window.location.origin,
      );
      expect(visited.some((h) => h.startsWith('/login?'))).toBe(false);
      expect(takeOAuthCallback()).toBeNull();
      // The opener closes the popup; the popup also closes itself in case it cannot.
      await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: 3000 });
    } finally {
      close.mockRestore();
      Object.defineProperty(window, 'opener', { value: null, configurable: true });
    }
  });

  it('a popup state without an opener falls back to the redirect handling', async () => {
    const { visited } = setup(`/login/callback?code=c&state=${encodeURIComponent('forged|provider=google&popup=1')}`);
    await waitFor(() => expect(visited.some((h) => h.startsWith('/login?error=Access+Denied'))).toBe(true));
  });

  it('a re-validation answer goes back to the set-up page it came from, parked for it', async () => {
    const url = new URL(
      await beginOAuth({
        provider: 'okta',
        revalidate: '2fa',
        returnPath: '/gluon/config/2fa',
        clientId: 'c',
        authorizationEndpoint: 'https://okta.example/v1/authorize',
        nonce: 'n',
        redirectUri: 'http://localhost:3000/login/callback',
      }),
    );
    const state = url.searchParams.get('state')!;
    const { visited, api } = setup(`/login/callback?code=code-8&state=${encodeURIComponent(state)}`);
    await waitFor(() => expect(visited).toContain('/gluon/config/2fa?revalidate=2fa'));
    expect(takeOAuthCallback()).toEqual({ code: 'code-8', state });
    // Not a sign-in: the pending request stays for the set-up page, and the API was not called.
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeTruthy();
    expect(api.signInWithCode).not.toHaveBeenCalled();
  });

  it('a re-validation answer never goes anywhere but the set-up page, and a foreign one is not parked', async () => {
    const { visited } = setup(
      `/login/callback?code=c&state=${encodeURIComponent('forged|provider=jamf&revalidate=2fa|/gluon/x')}`,
    );
    await waitFor(() => expect(visited).toContain('/config/2fa?revalidate=2fa'));
    expect(takeOAuthCallback()).toBeNull();
  });
});
