import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { stashOAuthCallback } from '@core/auth/oauthHandoff';
import { beginOAuth, OAuthSessionKeys, peekOAuthRequest } from '@core/auth/oauthRequest';
import { RECAPTCHA_SCRIPT_ID } from '@core/captcha/loadRecaptcha';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { definePlugin } from '@core/plugin/PluginManifest';
import { saveSecondFactor } from '@core/session/secondFactorHandoff';
import { type SessionService, SessionServiceToken } from '@core/session/SessionService';
import { type StorageKey, StorageKeys, StorageServiceToken } from '@core/storage/StorageService';
import { apiFailure } from '@core/testing/apiFailure';
import { createFakeAxios, type FakeReply, type FakeRequest } from '@core/testing/createFakeAxios';

import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { renderHost } from '../../../tests/harness/renderHost';
import { testProduct } from '../../../tests/harness/testPlugins';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type LoginApi, LoginApiToken } from '../api/LoginApi';
import { REMEMBER_LABEL } from '../components/TwoAuthForm/TwoAuthForm';
import { fakeLoginApi } from '../flows/testing/fakeLoginServices';
import { loginPlugin } from '../index';

/** Pages where sign-in lands, so the host never loops through unknown-path redirects. */
const stubPages = definePlugin({
  id: 'stub',
  title: 'Stub',
  kind: 'public',
  requires: [],
  routes: ['/', '/gluon/x', '/gluon/upload', '/neutrino/devices'].map((path) => ({
    path,
    page: async () => ({ default: () => <p>stub {path}</p> }),
  })),
});

/** The suite's products: the post-sign-in redirect rules come from their manifests. */
const products = [
  testProduct('gluon', ['gln'], { landing: { rank: 10, suite: true } }),
  testProduct('neutrino', ['ntr'], { landing: { rank: 20, suite: true } }),
];

/** The console's own calls (the captcha look-up, the session's token exchange), by `METHOD url`. */
type Routes = Record<string, (request: FakeRequest) => FakeReply>;

const user = { username: 'bob@example.com', email: 'bob@example.com', totpEnabled: false };
const accessToken = makeTestToken(['gln#rpt#rw', 'gln#cre#r', 'ntr#dev#r'], { typ: 'access', exp: 4102444800 });
const mfaToken = makeTestToken(['umg#otp#r'], { typ: 'mfa', exp: 4102444800 });

/**
 * The page over a fake LoginApi: the test's own methods, else password recovery enabled and the
 * environment type 'onprem' (the requests themselves: api/DefaultLoginApi.test.ts). The console's
 * own calls meet `core` (no captcha by default). `realSession`: the real DefaultSessionService,
 * for tests that check what the session stores or sends itself.
 */
function setup(
  path: string,
  own: Partial<LoginApi> = {},
  storageValues: Partial<Record<StorageKey, string>> = {},
  session?: { token: string; profile: typeof user | null },
  { realSession = false, core = {} }: { realSession?: boolean; core?: Routes } = {},
) {
  const api = fakeLoginApi({
    passwordRecoveryEnabled: async () => true,
    environmentType: async () => 'onprem',
    ...own,
  });
  const all: Routes = {
    'GET /um/captcha/Google': () => ({ status: 200, data: { siteId: null } }),
    ...core,
  };
  const fake = createFakeAxios((request) => {
    const route = all[`${request.method} ${request.url}`];
    return route ? route(request) : { status: 404, data: { message: `no route ${request.method} ${request.url}` } };
  });
  const storage = new MemoryStorageService(storageValues);
  // Subscribed before rendering: a cached page chunk renders, and redirects, inside render().
  const navigation = new MemoryNavigationService(path);
  const visited: string[] = [];
  navigation.path$.subscribe((p) => visited.push(p));
  const host = renderHost({
    plugins: [loginPlugin, stubPages, ...products],
    path,
    token: session?.token ?? null,
    profile: session ? session.profile : undefined,
    realSession,
    services: [
      [LoginApiToken, api],
      [AxiosInstanceToken, fake.axios],
      [StorageServiceToken, storage],
      [NavigationServiceToken, navigation],
    ],
  });
  const calls = (key: string) => fake.requests.filter((r) => `${r.method} ${r.url}` === key);
  // The session the page used: the harness's fake, or the real one.
  const signIn = host.session ?? host.services.resolve<SessionService>(SessionServiceToken);
  return { host, storage, api, calls, visited, session: signIn };
}

async function fillLogin(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

/** A call the API refused with `status` (and `message`). */
const error = (status: number, message?: string) => () =>
  Promise.reject(apiFailure(status, message ? { statusCode: status, message } : {}));
const signedIn = async () => ({ token: accessToken, user, mfaRequired: false });

// The first render imports the page and its lazy steps: transformed once here, so a busy
// machine's first test waits for the page, not for the transform.
beforeAll(async () => {
  await Promise.all([
    import('./LoginPage'),
    import('../components/TwoAuthForm/TwoAuthForm'),
    import('../components/OktaIssuerForm/OktaIssuerForm'),
  ]);
}, 60_000);
beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('login step', () => {
  it('names the tab "Sign in"', async () => {
    document.title = '';
    setup('/login');
    await screen.findByRole('button', { name: 'Login' });
    expect(document.title).toBe('Sign in · Console');
  });

  it('requires username and password', async () => {
    const { api } = setup('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('leaving the autofocused, untouched username (e.g. for an SSO button) shows no error; leaving it after typing does', async () => {
    setup('/login');
    const username = (await screen.findByLabelText(/username/i)) as HTMLInputElement;
    username.focus();
    await userEvent.tab();
    expect(screen.queryByText('Username is required')).toBeNull();
    await userEvent.type(username, 'a');
    await userEvent.clear(username);
    await userEvent.tab();
    expect(await screen.findByText('Username is required')).toBeTruthy();
  });

  it.each([
    [error(401), "The username / password you've entered doesn't match any account."],
    [error(403), "The username / password you've entered doesn't match any account."],
    [error(503), 'No connection, please make sure you have a valid internet connection and try again'],
    [error(400, 'Account locked for 5 minutes'), 'Account locked for 5 minutes'],
    [error(500, 'secret detail'), 'The application has encountered an unknown error'],
  ])('shows the spec §8 text for a failed login (%#)', async (login, text) => {
    setup('/login', { login });
    await fillLogin('bob', 'pw');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('signs in, stores the environment type and follows the redirect rules', async () => {
    const { host, storage, api, visited } = setup('/login?returnUrl=%2Fneutrino%2Fdevices', { login: signedIn });
    await fillLogin('bob@example.com', 'Passw0rd!');
    await waitFor(() => expect(visited).toContain('/neutrino/devices'));
    expect(api.login.mock.calls).toEqual([[{ username: 'bob@example.com', password: 'Passw0rd!' }]]);
    expect(host.session!.calls).toContain('adopt');
    expect(host.session!.token()).toBe(accessToken);
    expect(storage.get(StorageKeys.envType)).toBe('onprem');
  });

  it('refuses an unsafe returnUrl', async () => {
    const { visited } = setup('/login?returnUrl=%2F%2Fevil.example', { login: signedIn });
    await fillLogin('bob', 'pw');
    await waitFor(() => expect(visited).toContain('/gluon'));
    expect(visited.some((entry) => entry.includes('evil'))).toBe(false);
  });

  it("shows 'Forgot your password?' only when password recovery is enabled, in a place kept either way", async () => {
    setup('/login');
    expect(await screen.findByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
    cleanup();
    const { api } = setup('/login', { passwordRecoveryEnabled: async () => false });
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(api.passwordRecoveryEnabled).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
    // The line stays (hidden), so the form below it does not move when the answer arrives.
    const line = document.querySelector<HTMLElement>('.login-links');
    expect(line?.style.visibility).toBe('hidden');
    expect(line?.getAttribute('aria-hidden')).toBe('true');
  });

  it('renders the form before the settings answer, then fills in', async () => {
    let answer: (enabled: boolean) => void = () => undefined;
    const pending = new Promise<boolean>((resolve) => (answer = resolve));
    setup('/login', { passwordRecoveryEnabled: () => pending });
    const username = await screen.findByLabelText('Username');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(document.querySelector('.login-links')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
    await userEvent.type(username, 'typed before the answer');
    answer(true);
    expect(await screen.findByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('typed before the answer');
  });

  it('offers Jamf, Google and Okta separated by OR, and the footer links', async () => {
    setup('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Jamf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Okta' })).toBeTruthy();
    expect(screen.getByRole('separator', { name: 'OR' })).toBeTruthy();
    for (const name of ['Privacy Policy', 'Terms of Use', 'Security', 'Support'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.getByText(/© \d{4} Jamf/)).toBeTruthy();
  });

  it('sends the remembered-device token of that username', async () => {
    const { api, storage } = setup('/login', { login: error(401) }, {}, undefined, { realSession: true });
    storage.setRememberToken('bob', 'remember-1');
    await fillLogin('bob', 'pw');
    await screen.findByText("The username / password you've entered doesn't match any account.");
    expect(api.login.mock.calls[0]![0]).toMatchObject({ rememberToken: 'remember-1' });
  });

  it('sends a captcha token when a site id is returned', async () => {
    const executed: string[] = [];
    window.grecaptcha = {
      ready: (cb) => cb(),
      execute: async (_site, { action }) => (executed.push(action), 'captcha-token'),
    };
    const { api } = setup('/login', { login: error(401) }, {}, undefined, {
      core: { 'GET /um/captcha/Google': () => ({ status: 200, data: { siteId: 'site-1' } }) },
    });
    await screen.findByText(/protected by reCAPTCHA/);
    const script = document.getElementById(RECAPTCHA_SCRIPT_ID) as HTMLScriptElement;
    expect(script.src).toContain('render=site-1');
    script.dispatchEvent(new Event('load'));
    await fillLogin('bob', 'pw');
    await screen.findByText("The username / password you've entered doesn't match any account.");
    expect(api.login.mock.calls[0]![0]).toMatchObject({ captchaToken: 'captcha-token' });
    expect(executed).toEqual(['login']);
    script.remove();
    delete window.grecaptcha;
  });

  it('sends no captcha token and loads no script without a site id', async () => {
    const { api } = setup('/login', { login: error(401) });
    await fillLogin('bob', 'pw');
    await screen.findByText("The username / password you've entered doesn't match any account.");
    // Undefined: JSON leaves it out of the request.
    expect(api.login.mock.calls[0]![0].captchaToken).toBeUndefined();
    expect(document.getElementById(RECAPTCHA_SCRIPT_ID)).toBeNull();
  });
});

describe('stored session on load', () => {
  it('goes to the site root when a token and profile are stored and no token parameter is given', async () => {
    const { visited } = setup('/login', {}, {}, { token: accessToken, profile: user });
    await waitFor(() => expect(visited).toContain('/'));
  });

  it('clears an expired stored token', async () => {
    const expired = makeTestToken({ perms: ['gln#rpt#rw'], exp: 1000 });
    const { storage, host } = setup(
      '/login',
      {},
      { [StorageKeys.token]: expired, [StorageKeys.profile]: JSON.stringify(user) },
      { token: expired, profile: user },
      { realSession: true },
    );
    await screen.findByRole('button', { name: 'Login' });
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(storage.get(StorageKeys.profile)).toBeNull();
    expect(host.navigation.path()).toBe('/login');
  });

  it('adopts a token given in the address', async () => {
    const { session, calls } = setup('/login?token=handed-over', {}, {}, undefined, {
      realSession: true,
      core: { 'GET /um/refresh': () => ({ status: 200, data: { token: accessToken, user } }) },
    });
    await waitFor(() => expect(session.token()).toBe(accessToken));
    expect(calls('GET /um/refresh')[0]!.headers.Authorization).toBe('Bearer handed-over');
  });

  it('shows a callback failure in a Callout', async () => {
    setup('/login?error=Access%20Denied&error_description=User%20not%20found');
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText('User not found')).toBeTruthy();
  });
});

describe('two-auth and recovery-code steps', () => {
  const mfaLogin = async () => ({ token: mfaToken, user, mfaRequired: true });

  it('goes to two-auth for a umg#otp#r token and validates the code', async () => {
    const { api, host } = setup('/login', {
      login: mfaLogin,
      validateCode: async ({ totpCode }) => {
        if (totpCode !== '123456') throw apiFailure(401, { message: 'Wrong TOTP code' });
        return { token: accessToken, user, rememberToken: 'device-1', mfaRequired: false };
      },
    });
    await fillLogin('bob@example.com', 'pw');
    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    // Spec §9: 30 days for the console, 60 for a monitoring user (the API decides from the account;
    // before the second factor the page cannot know which, so the label says both).
    expect(screen.getByRole('checkbox', { name: REMEMBER_LABEL })).toBeTruthy();
    expect(REMEMBER_LABEL).toBe('Remember this device for 30 days (60 days for monitoring users)');
    expect(host.session!.token()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authentication code is required')).toBeTruthy();
    await userEvent.type(code, '65a4321');
    expect((code as HTMLInputElement).value).toBe('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid six digit code.')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(host.session!.token()).toBe(accessToken));
    expect(api.validateCode.mock.calls[1]![0]).toMatchObject({
      totpCode: '123456',
      remember: true,
      username: 'bob@example.com',
    });
  });

  it('stores the remembered-device token per username', async () => {
    const { storage } = setup(
      '/login',
      {
        login: mfaLogin,
        validateCode: async () => ({ token: accessToken, user, rememberToken: 'device-1', mfaRequired: false }),
      },
      {},
      undefined,
      { realSession: true },
    );
    await fillLogin('bob@example.com', 'pw');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(storage.getRememberToken('bob@example.com')).toBe('device-1'));
  });

  it('returns to login on any failure other than a wrong code', async () => {
    setup('/login', { login: mfaLogin, validateCode: error(503) });
    await fillLogin('bob', 'pw');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(
      screen.getByText('No connection, please make sure you have a valid internet connection and try again'),
    ).toBeTruthy();
  });

  it('switches to the recovery code, removes dashes and reports a wrong one', async () => {
    const { api, host } = setup('/login', {
      login: mfaLogin,
      validateRecoveryCode: async ({ totpRecoveryCode }) => {
        if (totpRecoveryCode !== '12345678') throw apiFailure(401, { message: 'Wrong TOTP recovery code' });
        return { token: accessToken, user, mfaRequired: false };
      },
    });
    await fillLogin('bob', 'pw');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Recovery code is required')).toBeTruthy();
    const field = screen.getByLabelText('Recovery code');
    await userEvent.type(field, '9999-0000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid recovery code.')).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, '1234-5678');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(host.session!.token()).toBe(accessToken));
    expect(api.validateRecoveryCode.mock.calls.map(([body]) => body.totpRecoveryCode)).toEqual([
      '99990000',
      '12345678',
    ]);
    cleanup();
  });

  it('toggles back from recovery code to the code, and every step returns to login', async () => {
    setup('/login', { login: mfaLogin });
    await fillLogin('bob', 'pw');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use an authentication code' }));
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Return to login screen' }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });

  it('opens two-auth for a second-factor sign-in handed over by the callback', async () => {
    // What /login/callback's adopt leaves in this tab for the real session to pick up.
    saveSecondFactor({
      token: mfaToken,
      pending: { username: user.username, returnUrl: '/gluon/x', provider: 'jamf' },
    });
    const { storage, session } = setup('/login', { validateCode: signedIn }, {}, undefined, { realSession: true });
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(session.token()).toBe(accessToken));
    expect(storage.get(StorageKeys.oauthProvider)).toBe('jamf');
  });
});

describe('lost-password step', () => {
  it('validates the e-mail, then disables Send and confirms', async () => {
    const { api } = setup('/login', { requestPasswordReset: async () => undefined });
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/If an account exists for bob@example.com/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.requestPasswordReset.mock.calls).toEqual([[{ username: 'bob@example.com' }]]);
    await userEvent.click(screen.getByRole('button', { name: 'Return to login screen' }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });
});

describe('Okta', () => {
  const details = {
    clientIssuer: 'https://acme.okta.com/oauth2/default',
    clientId: 'okta-client',
    authorizationEndpoint: 'https://acme.okta.com/oauth2/default/v1/authorize',
    tokenEndpoint: 'https://acme.okta.com/oauth2/default/v1/token',
    nonce: 'n-okta',
  };

  it('requires a domain, adds https:// and shows Invalid Okta domain on failure', async () => {
    const { api, host } = setup('/login', {
      oktaDetails: async (domain) => {
        if (domain !== 'https://acme.okta.com') throw apiFailure(404, { message: 'Invalid Okta domain' });
        return details;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Okta' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Okta domain is required')).toBeTruthy();
    const field = screen.getByLabelText('Okta domain');
    await userEvent.type(field, 'other.okta.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid Okta domain')).toBeTruthy();
    expect(api.oktaDetails.mock.calls[0]).toEqual(['https://other.okta.com']);
    await userEvent.clear(field);
    await userEvent.type(field, 'acme.okta.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.origin + url.pathname).toBe(details.authorizationEndpoint);
    expect(url.searchParams.get('client_id')).toBe('okta-client');
    expect(url.searchParams.get('state')).toMatch(/\|provider=okta$/);
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeTruthy();
  });

  it('finishes on okta-waiting: exchanges the code, checks the nonce and signs in', async () => {
    const url = new URL(
      await beginOAuth({
        provider: 'okta',
        returnPath: '/neutrino',
        clientId: 'okta-client',
        authorizationEndpoint: details.authorizationEndpoint,
        tokenEndpoint: details.tokenEndpoint,
        nonce: 'n-okta',
        redirectUri: 'http://localhost:3000/login/callback',
        context: { domain: 'https://acme.okta.com' },
      }),
    );
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
    const idToken = makeTestToken({ nonce: 'n-okta', email: 'bob@example.com' });
    const { api, visited, storage } = setup(
      '/login?oktaRedirect=true',
      {
        exchangeCode: async () => idToken,
        oauth2Login: signedIn,
      },
      {},
      undefined,
      { realSession: true },
    );
    expect(await screen.findByDisplayValue('https://acme.okta.com')).toBeTruthy();
    await waitFor(() => expect(visited).toContain('/neutrino'));
    const [exchange] = api.exchangeCode.mock.calls[0]!;
    expect(exchange).toMatchObject({ tokenEndpoint: details.tokenEndpoint, code: 'code-1' });
    expect(exchange.codeVerifier).toBeTruthy();
    expect(api.oauth2Login.mock.calls).toEqual([
      [{ provider: 'Okta', idToken, nonce: 'n-okta', email: 'bob@example.com' }],
    ]);
    expect(storage.get(StorageKeys.oauthProvider)).toBe('okta');
  });

  it('refuses an ID token with another nonce', async () => {
    const url = new URL(
      await beginOAuth({
        provider: 'okta',
        clientId: 'c',
        authorizationEndpoint: details.authorizationEndpoint,
        tokenEndpoint: details.tokenEndpoint,
        nonce: 'n-okta',
        redirectUri: 'http://x/login/callback',
      }),
    );
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
    const { api } = setup('/login?oktaRedirect=true', { exchangeCode: async () => makeTestToken({ nonce: 'other' }) });
    // Spec §8: an Okta failure says 'Invalid Okta domain' (not 'Access Denied').
    expect(await screen.findByText('Invalid Okta domain')).toBeTruthy();
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(api.oauth2Login).not.toHaveBeenCalled();
  });

  it('shows User not found when the API knows no such user', async () => {
    const url = new URL(
      await beginOAuth({
        provider: 'google',
        clientId: 'g',
        authorizationEndpoint: 'https://g.example/auth',
        tokenEndpoint: 'https://g.example/token',
        nonce: 'n-g',
        redirectUri: 'http://x/login/callback',
      }),
    );
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
    setup('/login?googleRedirect=true', {
      exchangeCode: async () => makeTestToken({ nonce: 'n-g', email: 'x@y.z' }),
      oauth2Login: error(401, 'User not found'),
    });
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(screen.getByText('Access Denied')).toBeTruthy();
  });
});

/** A window.open result that records where it was sent and whether it was closed. */
function fakePopup() {
  return {
    location: { href: 'about:blank' },
    closed: false,
    close() {
      this.closed = true;
    },
  };
}

/** What a popup's /login/callback posts; jsdom's MessageEvent refuses a non-window source, so it is set afterwards. */
function postFromPopup(popup: object, data: unknown, origin = window.location.origin) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: popup });
  window.dispatchEvent(event);
}

describe('Google popup', () => {
  const googleInfo = {
    publicId: 'g-client',
    authorizationEndpoint: 'https://g.example/auth',
    tokenEndpoint: 'https://g.example/token',
    nonce: 'n-g',
  };
  afterEach(() => vi.restoreAllMocks());

  it('opens the authorisation page in a popup and finishes the sign-in from its answer', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const idToken = makeTestToken({ nonce: 'n-g', email: 'bob@example.com' });
    const { api, visited, storage, host } = setup(
      '/login?returnUrl=%2Fneutrino',
      {
        googleProviderInfo: async () => googleInfo,
        exchangeCode: async () => idToken,
        oauth2Login: signedIn,
      },
      {},
      undefined,
      { realSession: true },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(open).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/g\.example\/auth\?/));
    const state = new URL(popup.location.href).searchParams.get('state')!;
    expect(state).toMatch(/\|provider=google&popup=1\|\/neutrino$/);
    expect(host.navigation.assigned).toHaveLength(0);

    // Messages from another origin or another window are ignored.
    postFromPopup(popup, { type: 'oauth-popup-callback', code: 'evil', state }, 'https://evil.example');
    postFromPopup({}, { type: 'oauth-popup-callback', code: 'evil', state });
    postFromPopup(popup, { type: 'oauth-popup-callback', code: 'code-1', state });
    await waitFor(() => expect(visited).toContain('/neutrino'));
    expect(popup.closed).toBe(true);
    expect(api.exchangeCode.mock.calls).toEqual([
      [expect.objectContaining({ tokenEndpoint: 'https://g.example/token', code: 'code-1' })],
    ]);
    expect(api.oauth2Login.mock.calls).toEqual([
      [{ provider: 'Google', idToken, nonce: 'n-g', email: 'bob@example.com' }],
    ]);
    expect(storage.get(StorageKeys.oauthProvider)).toBe('google');
  });

  it('says plainly that Google is not configured when the API has no Google client', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    setup('/login', { googleProviderInfo: error(404, 'Google sign-in is not configured') });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(
      await screen.findByText('Sign in with Google is not available: it is not configured for this console.'),
    ).toBeTruthy();
    expect(screen.queryByText('The application has encountered an unknown error')).toBeNull();
  });

  it("shows 'Third-party cookies should be enabled' when the popup is closed without an answer", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { api } = setup('/login', { googleProviderInfo: async () => googleInfo });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/g\.example/));
    popup.closed = true;
    expect(await screen.findByText('Third-party cookies should be enabled', {}, { timeout: 4000 })).toBeTruthy();
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeNull();
    expect(api.oauth2Login).not.toHaveBeenCalled();
  });

  it("shows the provider's refusal handed over by the popup as Access Denied", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { api } = setup('/login', { googleProviderInfo: async () => googleInfo });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/g\.example/));
    postFromPopup(popup, {
      type: 'oauth-popup-callback',
      error: 'The user cancelled',
      state: new URL(popup.location.href).searchParams.get('state'),
    });
    expect(await screen.findByText('The user cancelled')).toBeTruthy();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(popup.closed).toBe(true);
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeNull();
    expect(api.exchangeCode).not.toHaveBeenCalled();
  });

  it('goes to two-auth when the account has a second factor', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    setup('/login', {
      googleProviderInfo: async () => googleInfo,
      exchangeCode: async () => makeTestToken({ nonce: 'n-g', email: 'bob@example.com' }),
      oauth2Login: async () => ({ token: mfaToken, user, mfaRequired: true }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/g\.example/));
    postFromPopup(popup, {
      type: 'oauth-popup-callback',
      code: 'code-1',
      state: new URL(popup.location.href).searchParams.get('state'),
    });
    expect(await screen.findByText('Two-factor authentication')).toBeTruthy();
  });

  it('a blocked popup falls back to the full-page redirect, with PKCE', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { host } = setup('/login?returnUrl=%2Fgluon%2Fx', {
      googleProviderInfo: async () => ({
        publicId: 'g-client',
        authorizationEndpoint: 'https://g.example/auth',
        tokenEndpoint: 'https://g.example/token',
        nonce: 'n-g',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.searchParams.get('client_id')).toBe('g-client');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/\|provider=google\|\/gluon\/x$/);
  });
});

describe('Jamf', () => {
  const info = {
    domain: 'corp.example',
    publicId: 'jamf-client',
    nonce: 'n-j',
    connectionName: 'corp',
    customIdp: false,
    state: 's-j',
    authorizationEndpoint: 'https://jamf.example/authorize',
  };

  it('needs a valid e-mail in the username field', async () => {
    const { api, host } = setup('/login', { jamfProviderInfo: async () => info });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Jamf' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.jamfProviderInfo).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Username'), 'jamf.user@corp.example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Jamf' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(api.jamfProviderInfo.mock.calls).toEqual([['corp.example', 5000]]);
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.searchParams.get('login_hint')).toBe('jamf.user@corp.example');
    expect(url.searchParams.get('connection')).toBe('corp');
    expect(url.searchParams.get('state')).toMatch(/\|provider=jamf$/);
    // The address stays with the pending request: the callback sends its remembered device (spec §7).
    expect(peekOAuthRequest()?.context).toEqual({ email: 'jamf.user@corp.example' });
  });

  it('Jamf screen: validation, disabled button, and regular flow when the domain is unknown', async () => {
    setup('/login?reauth=true', { jamfProviderInfo: error(404) });
    const login = await screen.findByRole('button', { name: 'Login' });
    expect((login as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Create an account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get help' })).toBeTruthy();
    const email = screen.getByLabelText('Email');
    fireEvent.focus(email);
    fireEvent.blur(email);
    expect(await screen.findByText('You must enter a value')).toBeTruthy();
    await userEvent.type(email, 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Not a valid email')).toBeTruthy();
    await userEvent.type(email, '@unknown.example');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    // 404 from the look-up: the regular-flow event opens the username/password form, pre-filled.
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    expect(username.value).toBe('nobody@unknown.example');
  });

  it('Jamf screen redirects for a known domain; ssoDomain starts it by itself', async () => {
    const { host } = setup('/login?ssoDomain=corp.example&url=%2Fgluon%2Fdevices', {
      jamfProviderInfo: async () => info,
    });
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(new URL(host.navigation.assigned[0]!).searchParams.get('state')).toMatch(
      /\|provider=jamf\|\/gluon\/devices$/,
    );
  });
});
