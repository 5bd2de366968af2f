import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { stashOAuthCallback } from '@core/auth/oauthHandoff';
import { beginOAuth, OAuthSessionKeys } from '@core/auth/oauthRequest';
import { parseOAuthState } from '@core/auth/oauthState';
import { CaptchaServiceToken } from '@core/captcha/CaptchaService';
import { FakeCaptchaService } from '@core/captcha/FakeCaptchaService';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { definePlugin } from '@core/plugin/PluginManifest';
import { StorageKeys, StorageServiceToken } from '@core/storage/StorageService';
import { apiFailure, fakeService, networkFailure } from '@core/testing';
import { createFakeAxios } from '@core/testing/createFakeAxios';

import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { renderHost, serviceOverride } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type InviteApi, InviteApiToken } from '../api/InviteApi';
import { invitePlugin } from '../index';

// The first render would otherwise pay for compiling the lazy chunks inside a findBy timeout.
beforeAll(async () => {
  await import('./InvitePage');
});

const ID = 'invite-token-1';
const EXPIRED = 'Sorry, but this link is expired. Please contact the account administrator for assitance.';

const user = { username: 'new.admin@corp.example', email: 'new.admin@corp.example', totpEnabled: false };
const accessToken = makeTestToken(['gln#rpt#rw']);
const signedIn = async () => ({ token: accessToken, user, mfaRequired: false });
const invite =
  (allowedLoginMethods: string[], expired = false) =>
  async () => ({ username: user.username, expired, allowedLoginMethods });
const failure = (status: number, message: string) => () =>
  Promise.reject(apiFailure(status, { statusCode: status, error: 'x', message }));
const passwordSet = async () => undefined;
const google = {
  publicId: 'google-client',
  authorizationEndpoint: 'https://idp.example/google/auth',
  tokenEndpoint: 'https://idp.example/google/token',
  nonce: 'n-google',
};
const okta = {
  clientIssuer: 'https://acme.okta.example/oauth2/default',
  publicId: 'okta-client',
  authorizationEndpoint: 'https://acme.okta.example/v1/authorize',
  tokenEndpoint: 'https://acme.okta.example/v1/token',
  nonce: 'n-okta',
};

/** Where the wizard sends people, so the host has a page there. */
const stubPages = definePlugin({
  id: 'stub',
  title: 'Stub',
  kind: 'public',
  requires: [],
  routes: ['/login', '/gluon', '/gluon/config/2fa'].map((path) => ({
    path,
    page: async () => ({ default: () => <p>stub {path}</p> }),
  })),
});

/**
 * The wizard over a fake InviteApi with the test's own methods (the requests themselves:
 * api/DefaultInviteApi.test.ts; the environment type is 'saas'). The console's own calls (the
 * captcha look-up) meet an API that has nothing. `captcha`: a fake for the captcha tests; the
 * default service otherwise (its look-up answers 404: inactive).
 */
function setup(path: string, own: Partial<InviteApi>, captcha?: FakeCaptchaService) {
  const api = fakeService<InviteApi>('InviteApi', { environmentType: async () => 'saas' }, own);
  const core = createFakeAxios(() => ({ status: 404, data: { statusCode: 404, message: 'Not Found' } }));
  const storage = new MemoryStorageService();
  const host = renderHost({
    plugins: [invitePlugin, stubPages],
    path,
    services: [
      [InviteApiToken, api],
      [AxiosInstanceToken, core.axios],
      [StorageServiceToken, storage],
      ...(captcha ? [serviceOverride(CaptchaServiceToken, captcha)] : []),
    ],
  });
  return { host, storage, api };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const loginButton = () => screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement;

beforeEach(() => sessionStorage.clear());

describe('loading the invitation', () => {
  it('loads it publicly, then shows step 1 First Login: Welcome / Enter your details below', async () => {
    const { api } = setup(`/invite/${ID}`, { getInvite: invite(['password']) });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(await screen.findByText('Enter your details below')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Steps' }))
        .getByText('First Login')
        .closest('li')
        ?.getAttribute('aria-current'),
    ).toBe('step');
    expect(api.getInvite.mock.calls).toEqual([[ID]]);
  });

  it.each([
    ['an unknown invitation (404)', failure(404, 'This invitation does not exist')],
    ['an expired or used invitation', invite(['password'], true)],
    ['no answer', () => Promise.reject(networkFailure())],
    // DefaultInviteApi refuses an answer that names no user (DefaultInviteApi.test.ts).
    ['a malformed answer', () => Promise.reject(new Error('The invitation answer names no user'))],
  ])('%s shows the expired text', async (_name, getInvite) => {
    setup(`/invite/${ID}`, { getInvite });
    expect((await screen.findByRole('alert')).textContent).toBe(EXPIRED);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an invitation already accepted (the second step reloaded) says the account is active and offers Sign in', async () => {
    const { host } = setup(`/invite/${ID}`, {
      getInvite: async () => ({
        username: user.username,
        expired: true,
        accepted: true,
        allowedLoginMethods: ['password'],
      }),
    });
    expect(await screen.findByText('This invitation has already been accepted: your account is active.')).toBeTruthy();
    expect(screen.queryByText(EXPIRED)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await host.waitForPath('/login');
  });
});

describe('password', () => {
  it('email read-only and equal to the invitation, the hint, Login disabled until both passwords match', async () => {
    setup(`/invite/${ID}`, { getInvite: invite(['password']) });
    await screen.findByLabelText('New Password');
    expect(field('Email').value).toBe(user.username);
    expect(field('Email').readOnly).toBe(true);
    expect(screen.getByText('Use 8 or more characters with a mix of letters, numbers & symbols')).toBeTruthy();
    expect(loginButton().disabled).toBe(true);
    await userEvent.type(field('New Password'), 'Passw0rd!x');
    expect(loginButton().disabled).toBe(true);
    await userEvent.type(field('Confirm Password'), 'Passw0rd!y');
    expect(await screen.findByText('Your passwords do not match.')).toBeTruthy();
    expect(loginButton().disabled).toBe(true);
    await userEvent.clear(field('Confirm Password'));
    await userEvent.type(field('Confirm Password'), 'Passw0rd!x');
    expect(screen.queryByText('Your passwords do not match.')).toBeNull();
    expect(loginButton().disabled).toBe(false);
  });

  it('sets the password, signs in with the invitation e-mail, adopts the answer and shows Activate 2FA', async () => {
    let release!: () => void;
    const { host, api, storage } = setup(`/invite/${ID}`, {
      getInvite: invite(['password']),
      setPassword: () => new Promise((resolve) => (release = () => resolve())),
      login: signedIn,
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'Passw0rd!x');
    await userEvent.type(field('Confirm Password'), 'Passw0rd!x');
    await userEvent.click(loginButton());
    expect(await screen.findByText('Logging you in')).toBeTruthy();
    release();
    expect(await screen.findByRole('button', { name: 'Activate 2-factor authentication' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Activate 2FA' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Steps' }))
        .getByText('Activate 2FA')
        .closest('li')
        ?.getAttribute('aria-current'),
    ).toBe('step');
    expect(api.setPassword.mock.calls).toEqual([[ID, 'Passw0rd!x']]);
    expect(api.login.mock.calls).toEqual([[{ username: user.username, password: 'Passw0rd!x' }]]);
    expect(host.session!.calls).toContain('adopt');
    expect(host.session!.token()).toBe(accessToken);
    expect(storage.get(StorageKeys.envType)).toBe('saas');
  });

  it('shows the server message when the password is refused, and keeps the form', async () => {
    const { api } = setup(`/invite/${ID}`, {
      getInvite: invite(['password']),
      setPassword: failure(400, 'The password must have at least 8 characters'),
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'short');
    await userEvent.type(field('Confirm Password'), 'short');
    await userEvent.click(loginButton());
    expect((await screen.findByRole('alert')).textContent).toBe('The password must have at least 8 characters');
    expect(screen.getByText('Enter your details below')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('shows a 5xx server message too (spec §8: the password change failure shows the server message)', async () => {
    setup(`/invite/${ID}`, {
      getInvite: invite(['password']),
      setPassword: failure(503, 'Sign-in is paused for maintenance until 06:00 UTC.'),
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'Passw0rd!x');
    await userEvent.type(field('Confirm Password'), 'Passw0rd!x');
    await userEvent.click(loginButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in is paused for maintenance until 06:00 UTC.');
  });

  it('an account active but not signed in points to the login page', async () => {
    const { host } = setup(`/invite/${ID}`, {
      getInvite: invite([]),
      setPassword: passwordSet,
      login: failure(429, 'Too many attempts'),
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'Passw0rd!x');
    await userEvent.type(field('Confirm Password'), 'Passw0rd!x');
    await userEvent.click(loginButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts');
    expect(screen.queryByLabelText('New Password')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Go to the login page' }));
    await host.waitForPath('/login');
  });

  it('an account that needs its second factor continues on the login page', async () => {
    const mfa = makeTestToken(['umg#otp#r'], { typ: 'mfa' });
    const { host } = setup(`/invite/${ID}`, {
      getInvite: invite(['password']),
      setPassword: passwordSet,
      login: async () => ({ token: mfa, user, mfaRequired: true }),
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'Passw0rd!x');
    await userEvent.type(field('Confirm Password'), 'Passw0rd!x');
    await userEvent.click(loginButton());
    await host.waitForPath('/login');
    expect(host.session!.secondFactor()).toMatchObject({ username: user.username });
    expect(host.session!.token()).toBeNull();
  });
});

describe('step 2: Activate 2FA', () => {
  async function reachStep2() {
    const rendered = setup(`/invite/${ID}`, {
      getInvite: invite(['password']),
      setPassword: passwordSet,
      login: signedIn,
    });
    await userEvent.type(await screen.findByLabelText('New Password'), 'Passw0rd!x');
    await userEvent.type(field('Confirm Password'), 'Passw0rd!x');
    await userEvent.click(loginButton());
    await screen.findByRole('button', { name: 'Skip to dashboard' });
    return rendered;
  }

  it("'Activate 2-factor authentication' goes to /gluon/config/2fa", async () => {
    const { host } = await reachStep2();
    await userEvent.click(screen.getByRole('button', { name: 'Activate 2-factor authentication' }));
    await host.waitForPath('/gluon/config/2fa');
  });

  it("'Skip to dashboard' goes to /gluon (spec §2, invite wizard step 2)", async () => {
    const { host } = await reachStep2();
    await userEvent.click(screen.getByRole('button', { name: 'Skip to dashboard' }));
    await host.waitForPath('/gluon');
  });
});

describe('Google and Okta', () => {
  it('Google: leaves for the provider with state inviteId=… and the way back to this invitation', async () => {
    const { host } = setup(`/invite/${ID}`, {
      getInvite: invite(['Google', 'password']),
      googleProviderInfo: async () => google,
    });
    expect(screen.queryByRole('separator')).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.origin + url.pathname).toBe(google.authorizationEndpoint);
    expect(url.searchParams.get('login_hint')).toBe(user.username);
    expect(url.searchParams.get('redirect_uri')).toBe(`${window.location.origin}/login/callback`);
    expect(parseOAuthState(url.searchParams.get('state'))).toMatchObject({ inviteId: ID, returnPath: `/invite/${ID}` });
    expect(JSON.parse(sessionStorage.getItem(OAuthSessionKeys.request)!)).toMatchObject({
      provider: 'google',
      inviteId: ID,
    });
  });

  it('Okta: an OR separator and the button; the look-up is bound to the invitation; the issuer is kept', async () => {
    const { host, api, storage } = setup(`/invite/${ID}`, {
      getInvite: invite(['Okta']),
      oktaInviteClient: async () => okta,
    });
    expect(await screen.findByRole('separator', { name: 'OR' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Okta' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(api.oktaInviteClient.mock.calls).toEqual([[ID]]);
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.searchParams.get('client_id')).toBe('okta-client');
    expect(url.searchParams.get('nonce')).toBe('n-okta');
    expect(parseOAuthState(url.searchParams.get('state'))).toMatchObject({ inviteId: ID, returnPath: `/invite/${ID}` });
    expect(storage.get(StorageKeys.oktaClientIssuer)).toBe(okta.clientIssuer);
  });

  it("Okta: a failed start says 'Invalid Okta domain'", async () => {
    const { host } = setup(`/invite/${ID}`, {
      getInvite: invite(['Okta']),
      oktaInviteClient: failure(404, 'No Okta configuration'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Okta' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Okta domain');
    expect(host.navigation.assigned).toEqual([]);
  });

  async function parkAnswer(provider: 'okta' | 'google', inviteId = ID) {
    const url = new URL(
      await beginOAuth({
        provider,
        inviteId,
        returnPath: `/invite/${inviteId}`,
        clientId: 'client',
        authorizationEndpoint: 'https://idp.example/authorize',
        tokenEndpoint: 'https://idp.example/token',
        nonce: `n-${provider}`,
        redirectUri: 'http://localhost:3000/login/callback',
      }),
    );
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
  }

  it('Okta return: activates with the code-flow body, signs in, stores the provider and the environment type, step 2', async () => {
    await parkAnswer('okta');
    const { host, api, storage } = setup(`/invite/${ID}?oktaRedirect=true&inviteFlow=okta`, {
      getInvite: invite(['Okta']),
      activateWithProvider: signedIn,
    });
    expect(await screen.findByRole('button', { name: 'Activate 2-factor authentication' })).toBeTruthy();
    const [inviteId, body] = api.activateWithProvider.mock.calls[0]!;
    expect(inviteId).toBe(ID);
    expect(body).toMatchObject({
      provider: 'Okta',
      code: 'code-1',
      redirectUri: 'http://localhost:3000/login/callback',
      nonce: 'n-okta',
    });
    expect(body.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(host.session!.provider).toBe('okta');
    expect(storage.get(StorageKeys.envType)).toBe('saas');
    // Single use: the pending request is gone.
    expect(sessionStorage.getItem(OAuthSessionKeys.state)).toBeNull();
  });

  it.each([
    ['okta', 'Okta', 401, 'The e-mail of this account does not match the invitation'],
    ['google', 'Google', 403, 'This invitation does not allow sign-in with Google'],
  ] as const)(
    '%s return: a refused activation shows the server message and the button again',
    async (flow, method, status, message) => {
      await parkAnswer(flow);
      const { host } = setup(`/invite/${ID}?oktaRedirect=true&inviteFlow=${flow}`, {
        getInvite: invite([method]),
        activateWithProvider: failure(status, message),
      });
      expect((await screen.findByRole('alert')).textContent).toBe(message);
      expect(screen.getByRole('button', { name: `Sign in with ${method}` })).toBeTruthy();
      expect(screen.getByText('Enter your details below')).toBeTruthy();
      expect(host.session!.calls).not.toContain('adopt');
    },
  );

  it.each([
    ['without a parked answer', async () => {}],
    ['with an answer started for another invitation', () => parkAnswer('okta', 'other-invite')],
    ['with an answer of another provider', () => parkAnswer('google')],
  ])('a return %s activates nothing', async (_name, prepare) => {
    await prepare();
    const { api } = setup(`/invite/${ID}?oktaRedirect=true&inviteFlow=okta`, {
      getInvite: invite(['Okta']),
      activateWithProvider: signedIn,
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The sign-in response does not match this browser session. Please try again.',
    );
    expect(api.activateWithProvider).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Sign in with Okta' })).toBeTruthy();
  });
});

describe('captcha (the API guards /um/login and setOAuth2)', () => {
  const NOTICE = /This site is protected by reCAPTCHA/;

  async function activateWithPassword(captcha: FakeCaptchaService) {
    const { api } = setup(
      `/invite/${ID}`,
      { getInvite: invite(['password']), setPassword: passwordSet, login: signedIn },
      captcha,
    );
    await userEvent.type(await screen.findByLabelText('New Password'), 'Passw0rd!x');
    await userEvent.type(field('Confirm Password'), 'Passw0rd!x');
    await userEvent.click(loginButton());
    expect(await screen.findByRole('button', { name: 'Activate 2-factor authentication' })).toBeTruthy();
    return api;
  }

  it('active: the notice shows on step 1, and the sign-in after setPassword carries a login token (setPassword none)', async () => {
    const captcha = new FakeCaptchaService('c-login');
    setup(`/invite/${ID}`, { getInvite: invite(['password']) }, captcha);
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    cleanup();
    const api = await activateWithPassword(captcha);
    expect(api.setPassword.mock.calls).toEqual([[ID, 'Passw0rd!x']]);
    expect(api.login.mock.calls).toEqual([
      [{ username: user.username, password: 'Passw0rd!x', captchaToken: 'c-login' }],
    ]);
    expect(captcha.actions).toEqual(['login']);
  });

  it('inactive: no notice and no captchaToken', async () => {
    setup(`/invite/${ID}`, { getInvite: invite(['Google']) }, new FakeCaptchaService());
    await screen.findByRole('button', { name: 'Sign in with Google' });
    expect(screen.queryByText(NOTICE)).toBeNull();
    cleanup();
    const api = await activateWithPassword(new FakeCaptchaService());
    // Undefined: JSON leaves it out of the request.
    expect(api.login.mock.calls[0]![0].captchaToken).toBeUndefined();
  });

  it.each([
    ['active', 'c-invite'],
    ['inactive', undefined],
  ])('provider return, captcha %s: setOAuth2 carries the invite token only while active', async (_name, token) => {
    const url = new URL(
      await beginOAuth({
        provider: 'google',
        inviteId: ID,
        returnPath: `/invite/${ID}`,
        clientId: 'client',
        authorizationEndpoint: 'https://idp.example/authorize',
        tokenEndpoint: 'https://idp.example/token',
        nonce: 'n-google',
        redirectUri: 'http://localhost:3000/login/callback',
      }),
    );
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
    const captcha = new FakeCaptchaService(token);
    const { api } = setup(
      `/invite/${ID}?oktaRedirect=true&inviteFlow=google`,
      { getInvite: invite(['Google']), activateWithProvider: signedIn },
      captcha,
    );
    expect(await screen.findByRole('button', { name: 'Activate 2-factor authentication' })).toBeTruthy();
    const body = api.activateWithProvider.mock.calls[0]![1];
    expect(body).toMatchObject({ provider: 'Google', code: 'code-1' });
    expect(body.captchaToken).toBe(token);
    expect(captcha.actions).toEqual(['invite']);
  });
});

describe('Jamf', () => {
  const jamfInfo = {
    domain: 'corp.example',
    publicId: 'jamf-client',
    state: 's',
    nonce: 'n-jamf',
    connectionName: 'corp',
    customIdp: false,
    authorizationEndpoint: 'https://jamf.example/authorize',
  };

  it('a separate layout with a header that only redirects, returning to /gluon', async () => {
    const { host, api } = setup(`/invite/${ID}`, {
      getInvite: invite(['JamfAuth0']),
      jamfProviderInfo: async () => jamfInfo,
    });
    expect(await screen.findByText('Sign in with Jamf')).toBeTruthy();
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(api.jamfProviderInfo.mock.calls).toEqual([['corp.example', 5000]]);
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.searchParams.get('login_hint')).toBe(user.username);
    expect(url.searchParams.get('connection')).toBe('corp');
    expect(parseOAuthState(url.searchParams.get('state'))).toMatchObject({ inviteId: ID, returnPath: '/gluon' });
    expect(screen.queryByRole('heading', { name: 'Welcome' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a failed look-up shows the server message and can be tried again', async () => {
    let attempts = 0;
    const { host } = setup(`/invite/${ID}`, {
      getInvite: invite(['JamfAuth0']),
      jamfProviderInfo: () =>
        ++attempts === 1
          ? failure(404, 'No single sign-on is configured for this domain')()
          : Promise.resolve(jamfInfo),
    });
    expect((await screen.findByRole('alert')).textContent).toBe('No single sign-on is configured for this domain');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
  });
});
