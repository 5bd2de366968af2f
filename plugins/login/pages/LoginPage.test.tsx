import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { beginOAuth, OAuthSessionKeys } from '@core/auth/oauthRequest';
import { stashOAuthCallback } from '@core/auth/oauthHandoff';
import { RECAPTCHA_SCRIPT_ID } from '@core/captcha/loadRecaptcha';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { StorageKeys, StorageServiceToken, type StorageKey } from '@core/storage/StorageService';
import { createFakeAxios, type FakeReply, type FakeRequest } from '@core/testing/createFakeAxios';
import { saveSecondFactor } from '@core/session/secondFactorHandoff';
import { SessionServiceToken, type SessionService } from '@core/session/SessionService';
import { testProduct } from '../../../tests/harness/testPlugins';
import { makeTestToken } from '../../../tests/harness/tokens';
import { renderHost } from '../../../tests/harness/renderHost';
import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { definePlugin } from '@core/plugin/PluginManifest';
import { loginPlugin } from '../index';

/** Pages where sign-in lands, so the host never loops through unknown-path redirects. */
const stubPages = definePlugin({
  id: 'stub',
  title: 'Stub',
  kind: 'public',
  requires: [],
  routes: ['/', '/gluon/x', '/gluon/upload', '/neutrino/devices'].map((path) => ({ path, page: async () => ({ default: () => <p>stub {path}</p> }) })),
});

/** The suite's products: the post-sign-in redirect rules come from their manifests. */
const products = [testProduct('gluon', ['gln'], { landing: { rank: 10, suite: true } }), testProduct('neutrino', ['ntr'], { landing: { rank: 20, suite: true } })];

type Routes = Record<string, (request: FakeRequest) => FakeReply>;

const user = { username: 'bob@example.com', email: 'bob@example.com', totpEnabled: false };
const accessToken = makeTestToken(['gln#rpt#rw', 'gln#cre#r', 'ntr#dev#r'], { typ: 'access', exp: 4102444800 });
const mfaToken = makeTestToken(['umg#otp#r'], { typ: 'mfa', exp: 4102444800 });

/**
 * Public answers every visit makes, then the test's own routes. `realSession`: the real
 * DefaultSessionService, for tests that check what the session stores or sends itself.
 */
function setup(
  path: string,
  routes: Routes = {},
  storageValues: Partial<Record<StorageKey, string>> = {},
  session?: { token: string; profile: typeof user | null },
  { realSession = false }: { realSession?: boolean } = {},
) {
  const all: Routes = {
    'GET /um/passwordRecovery/enabled': () => ({ status: 200, data: { passwordRecoveryEnabled: true } }),
    'GET /um/captcha/Google': () => ({ status: 200, data: { siteId: null } }),
    'GET /um/environmentType': () => ({ status: 200, data: { environmentType: 'onprem' } }),
    ...routes,
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
      [AxiosInstanceToken, fake.axios],
      [StorageServiceToken, storage],
      [NavigationServiceToken, navigation],
    ],
  });
  const calls = (key: string) => fake.requests.filter((r) => `${r.method} ${r.url}` === key);
  // The session the page used: the harness's fake, or the real one.
  const signIn = host.session ?? host.services.resolve<SessionService>(SessionServiceToken);
  return { host, storage, requests: fake.requests, calls, visited, session: signIn };
}

async function fillLogin(username: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Username'), username);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const error = (status: number, message?: string) => () => ({ status, data: message ? { statusCode: status, message } : {} });

// The first render imports the page and its lazy steps: transformed once here, so a busy
// machine's first test waits for the page, not for the transform.
beforeAll(async () => {
  await Promise.all([import('./LoginPage'), import('../components/TwoAuthForm/TwoAuthForm'), import('../components/OktaIssuerForm/OktaIssuerForm')]);
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
    const { calls } = setup('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls('POST /um/login')).toHaveLength(0);
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
  ])('shows the spec §8 text for a failed login (%#)', async (reply, text) => {
    setup('/login', { 'POST /um/login': reply });
    await fillLogin('bob', 'pw');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('signs in, stores the environment type and follows the redirect rules', async () => {
    const { host, storage, calls, visited } = setup('/login?returnUrl=%2Fneutrino%2Fdevices', {
      'POST /um/login': () => ({ status: 200, data: { token: accessToken, user } }),
    });
    await fillLogin('bob@example.com', 'Passw0rd!');
    await waitFor(() => expect(visited).toContain('/neutrino/devices'));
    expect(calls('POST /um/login')[0]!.data).toEqual({ username: 'bob@example.com', password: 'Passw0rd!' });
    expect(calls('POST /um/login')[0]!.headers.Authorization).toBeUndefined();
    expect(host.session!.calls).toContain('adopt');
    expect(host.session!.token()).toBe(accessToken);
    expect(storage.get(StorageKeys.envType)).toBe('onprem');
  });

  it('refuses an unsafe returnUrl', async () => {
    const { visited } = setup('/login?returnUrl=%2F%2Fevil.example', { 'POST /um/login': () => ({ status: 200, data: { token: accessToken, user } }) });
    await fillLogin('bob', 'pw');
    await waitFor(() => expect(visited).toContain('/gluon'));
    expect(visited.some((entry) => entry.includes('evil'))).toBe(false);
  });

  it("shows 'Forgot your password?' only when password recovery is enabled, in a place kept either way", async () => {
    setup('/login');
    expect(await screen.findByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
    cleanup();
    const { calls } = setup('/login', { 'GET /um/passwordRecovery/enabled': () => ({ status: 200, data: { passwordRecoveryEnabled: false } }) });
    await screen.findByRole('button', { name: 'Login' });
    await waitFor(() => expect(calls('GET /um/passwordRecovery/enabled')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
    // The line stays (hidden), so the form below it does not move when the answer arrives.
    const line = document.querySelector<HTMLElement>('.login-links');
    expect(line?.style.visibility).toBe('hidden');
    expect(line?.getAttribute('aria-hidden')).toBe('true');
  });

  it('renders the form before the settings answer, then fills in', async () => {
    let answer: (reply: { status: number; data: unknown }) => void = () => undefined;
    const pending = new Promise<{ status: number; data: unknown }>((resolve) => (answer = resolve));
    setup('/login', { 'GET /um/passwordRecovery/enabled': () => pending as never });
    const username = await screen.findByLabelText('Username');
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(document.querySelector('.login-links')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
    await userEvent.type(username, 'typed before the answer');
    answer({ status: 200, data: { passwordRecoveryEnabled: true } });
    expect(await screen.findByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('typed before the answer');
  });

  it('offers Jamf, Google and Okta separated by OR, and the footer links', async () => {
    setup('/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Jamf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in with Okta' })).toBeTruthy();
    expect(screen.getByRole('separator', { name: 'OR' })).toBeTruthy();
    for (const name of ['Privacy Policy', 'Terms of Use', 'Security', 'Support']) expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.getByText(/© \d{4} Jamf/)).toBeTruthy();
  });

  it('sends the remembered-device token of that username', async () => {
    const { calls, storage } = setup('/login', { 'POST /um/login': error(401) }, {}, undefined, { realSession: true });
    storage.setRememberToken('bob', 'remember-1');
    await fillLogin('bob', 'pw');
    await screen.findByText("The username / password you've entered doesn't match any account.");
    expect(calls('POST /um/login')[0]!.data).toMatchObject({ rememberToken: 'remember-1' });
  });

  it('sends a captcha token when a site id is returned', async () => {
    const executed: string[] = [];
    window.grecaptcha = { ready: (cb) => cb(), execute: async (_site, { action }) => (executed.push(action), 'captcha-token') };
    const { calls } = setup('/login', {
      'GET /um/captcha/Google': () => ({ status: 200, data: { siteId: 'site-1' } }),
      'POST /um/login': error(401),
    });
    await screen.findByText(/protected by reCAPTCHA/);
    const script = document.getElementById(RECAPTCHA_SCRIPT_ID) as HTMLScriptElement;
    expect(script.src).toContain('render=site-1');
    script.dispatchEvent(new Event('load'));
    await fillLogin('bob', 'pw');
    await screen.findByText("The username / password you've entered doesn't match any account.");
    expect(calls('POST /um/login')[0]!.data).toMatchObject({ captchaToken: 'captcha-token' });
    expect(executed).toEqual(['login']);
    script.remove();
    delete window.grecaptcha;
  });

  it('sends no captcha token and loads no script without a site id', async () => {
    const { calls } = setup('/login', { 'POST /um/login': error(401) });
    await fillLogin('bob', 'pw');
    await screen.findByText("The username / password you've entered doesn't match any account.");
    expect(calls('POST /um/login')[0]!.data).not.toHaveProperty('captchaToken');
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
    const { storage, host } = setup('/login', {}, { [StorageKeys.token]: expired, [StorageKeys.profile]: JSON.stringify(user) }, { token: expired, profile: user }, { realSession: true });
    await screen.findByRole('button', { name: 'Login' });
    expect(storage.get(StorageKeys.token)).toBeNull();
    expect(storage.get(StorageKeys.profile)).toBeNull();
    expect(host.navigation.path()).toBe('/login');
  });

  it('adopts a token given in the address', async () => {
    const { session, calls } = setup('/login?token=handed-over', { 'GET /um/refresh': () => ({ status: 200, data: { token: accessToken, user } }) }, {}, undefined, { realSession: true });
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
  const mfaLogin = () => ({ status: 200, data: { token: mfaToken, user } });

  it('goes to two-auth for a umg#otp#r token and validates the code', async () => {
    const { calls, host } = setup('/login', {
      'POST /um/login': mfaLogin,
      'POST /um/mfa/totp/validateCode': (request) =>
        (request.data as { totpCode: string }).totpCode === '123456'
          ? { status: 200, data: { token: accessToken, user, rememberToken: 'device-1' } }
          : { status: 401, data: { message: 'Wrong TOTP code' } },
    });
    await fillLogin('bob@example.com', 'pw');
    const code = await screen.findByLabelText('Authentication code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(host.session!.token()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authentication code is required')).toBeTruthy();
    await userEvent.type(code, '65a4321');
    expect((code as HTMLInputElement).value).toBe('654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid six digit code.')).toBeTruthy();
    expect(calls('POST /um/mfa/totp/validateCode')[0]!.headers.Authorization).toBe(`Bearer ${mfaToken}`);
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(host.session!.token()).toBe(accessToken));
    expect(calls('POST /um/mfa/totp/validateCode')[1]!.data).toMatchObject({ totpCode: '123456', remember: true, username: 'bob@example.com' });
  });

  it('stores the remembered-device token per username', async () => {
    const { storage } = setup(
      '/login',
      {
        'POST /um/login': mfaLogin,
        'POST /um/mfa/totp/validateCode': () => ({ status: 200, data: { token: accessToken, user, rememberToken: 'device-1' } }),
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
    setup('/login', { 'POST /um/login': mfaLogin, 'POST /um/mfa/totp/validateCode': error(503) });
    await fillLogin('bob', 'pw');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.getByText('No connection, please make sure you have a valid internet connection and try again')).toBeTruthy();
  });

  it('switches to the recovery code, removes dashes and reports a wrong one', async () => {
    const { calls, host } = setup('/login', {
      'POST /um/login': mfaLogin,
      'POST /um/mfa/totp/validateRecoveryCode': (request) =>
        (request.data as { totpRecoveryCode: string }).totpRecoveryCode === '12345678'
          ? { status: 200, data: { token: accessToken, user } }
          : { status: 401, data: { message: 'Wrong TOTP recovery code' } },
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
    expect(calls('POST /um/mfa/totp/validateRecoveryCode').map((r) => (r.data as { totpRecoveryCode: string }).totpRecoveryCode)).toEqual(['99990000', '12345678']);
    cleanup();
  });

  it('toggles back from recovery code to the code, and every step returns to login', async () => {
    setup('/login', { 'POST /um/login': mfaLogin });
    await fillLogin('bob', 'pw');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use an authentication code' }));
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Return to login screen' }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });

  it('opens two-auth for a second-factor sign-in handed over by the callback', async () => {
    // What /login/callback's adopt leaves in this tab for the real session to pick up.
    saveSecondFactor({ token: mfaToken, pending: { username: user.username, returnUrl: '/gluon/x', provider: 'jamf' } });
    const { storage, session } = setup('/login', { 'POST /um/mfa/totp/validateCode': () => ({ status: 200, data: { token: accessToken, user } }) }, {}, undefined, { realSession: true });
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(session.token()).toBe(accessToken));
    expect(storage.get(StorageKeys.oauthProvider)).toBe('jamf');
  });
});

describe('lost-password step', () => {
  it('validates the e-mail, then disables Send and confirms', async () => {
    const { calls } = setup('/login', { 'POST /um/passwordRecovery': () => ({ status: 200, data: {} }) });
    await userEvent.click(await screen.findByText('Forgot your password?'));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), '@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/If an account exists for bob@example.com/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls('POST /um/passwordRecovery')[0]!.data).toEqual({ username: 'bob@example.com' });
    await userEvent.click(screen.getByRole('button', { name: 'Return to login screen' }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });
});

describe('Okta', () => {
  const details = { clientIssuer: 'https://acme.okta.com/oauth2/default', clientId: 'okta-client', authorizationEndpoint: 'https://acme.okta.com/oauth2/default/v1/authorize', tokenEndpoint: 'https://acme.okta.com/oauth2/default/v1/token', nonce: 'n-okta' };

  it('requires a domain, adds https:// and shows Invalid Okta domain on failure', async () => {
    const { calls, host } = setup('/login', {
      'GET /um/oauth2config/okta/details': (request) =>
        request.config.params.domain === 'https://acme.okta.com' ? { status: 200, data: details } : { status: 404, data: { message: 'Invalid Okta domain' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Okta' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Okta domain is required')).toBeTruthy();
    const field = screen.getByLabelText('Okta domain');
    await userEvent.type(field, 'other.okta.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Invalid Okta domain')).toBeTruthy();
    expect(calls('GET /um/oauth2config/okta/details')[0]!.config.params).toEqual({ domain: 'https://other.okta.com' });
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
      await beginOAuth({ provider: 'okta', returnPath: '/neutrino', clientId: 'okta-client', authorizationEndpoint: details.authorizationEndpoint, tokenEndpoint: details.tokenEndpoint, nonce: 'n-okta', redirectUri: 'http://localhost:3000/login/callback', context: { domain: 'https://acme.okta.com' } }),
    );
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
    const idToken = makeTestToken({ nonce: 'n-okta', email: 'bob@example.com' });
    const { calls, visited, storage } = setup(
      '/login?oktaRedirect=true',
      {
        [`POST ${details.tokenEndpoint}`]: () => ({ status: 200, data: { id_token: idToken } }),
        'POST /um/oauth2Login': () => ({ status: 200, data: { token: accessToken, user } }),
      },
      {},
      undefined,
      { realSession: true },
    );
    expect(await screen.findByDisplayValue('https://acme.okta.com')).toBeTruthy();
    await waitFor(() => expect(visited).toContain('/neutrino'));
    const exchange = new URLSearchParams(calls(`POST ${details.tokenEndpoint}`)[0]!.data as string);
    expect(exchange.get('code')).toBe('code-1');
    expect(exchange.get('code_verifier')).toBeTruthy();
    expect(calls('POST /um/oauth2Login')[0]!.data).toEqual({ provider: 'Okta', idToken, nonce: 'n-okta', email: 'bob@example.com' });
    expect(storage.get(StorageKeys.oauthProvider)).toBe('okta');
  });

  it('refuses an ID token with another nonce', async () => {
    const url = new URL(await beginOAuth({ provider: 'okta', clientId: 'c', authorizationEndpoint: details.authorizationEndpoint, tokenEndpoint: details.tokenEndpoint, nonce: 'n-okta', redirectUri: 'http://x/login/callback' }));
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
    const { calls } = setup('/login?oktaRedirect=true', { [`POST ${details.tokenEndpoint}`]: () => ({ status: 200, data: { id_token: makeTestToken({ nonce: 'other' }) } }) });
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(calls('POST /um/oauth2Login')).toHaveLength(0);
  });

  it('shows User not found when the API knows no such user', async () => {
    const url = new URL(await beginOAuth({ provider: 'google', clientId: 'g', authorizationEndpoint: 'https://g.example/auth', tokenEndpoint: 'https://g.example/token', nonce: 'n-g', redirectUri: 'http://x/login/callback' }));
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
    setup('/login?googleRedirect=true', {
      'POST https://g.example/token': () => ({ status: 200, data: { id_token: makeTestToken({ nonce: 'n-g', email: 'x@y.z' }) } }),
      'POST /um/oauth2Login': error(401, 'User not found'),
    });
    expect(await screen.findByText('User not found')).toBeTruthy();
    expect(screen.getByText('Access Denied')).toBeTruthy();
  });
});

/** A window.open result that records where it was sent and whether it was closed. */
function fakePopup() {
  return { location: { href: 'about:blank' }, closed: false, close() { this.closed = true; } };
}

/** What a popup's /login/callback posts; jsdom's MessageEvent refuses a non-window source, so it is set afterwards. */
function postFromPopup(popup: object, data: unknown, origin = window.location.origin) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: popup });
  window.dispatchEvent(event);
}

describe('Google popup', () => {
  const googleInfo = { publicId: 'g-client', authorizationEndpoint: 'https://g.example/auth', tokenEndpoint: 'https://g.example/token', nonce: 'n-g' };
  afterEach(() => vi.restoreAllMocks());

  it('opens the authorisation page in a popup and finishes the sign-in from its answer', async () => {
    const popup = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const idToken = makeTestToken({ nonce: 'n-g', email: 'bob@example.com' });
    const { calls, visited, storage, host } = setup(
      '/login?returnUrl=%2Fneutrino',
      {
        'GET /um/oauth2LoginProviders/Google/publicId': () => ({ status: 200, data: googleInfo }),
        'POST https://g.example/token': () => ({ status: 200, data: { id_token: idToken } }),
        'POST /um/oauth2Login': () => ({ status: 200, data: { token: accessToken, user } }),
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
    const exchanges = calls('POST https://g.example/token');
    expect(exchanges).toHaveLength(1);
    expect(new URLSearchParams(exchanges[0]!.data as string).get('code')).toBe('code-1');
    expect(calls('POST /um/oauth2Login')[0]!.data).toEqual({ provider: 'Google', idToken, nonce: 'n-g', email: 'bob@example.com' });
    expect(storage.get(StorageKeys.oauthProvider)).toBe('google');
  });

  it('says plainly that Google is not configured when the API has no Google client', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    setup('/login', { 'GET /um/oauth2LoginProviders/Google/publicId': error(404, 'Google sign-in is not configured') });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Sign in with Google is not available: it is not configured for this console.')).toBeTruthy();
    expect(screen.queryByText('The application has encountered an unknown error')).toBeNull();
  });

  it("shows 'Third-party cookies should be enabled' when the popup is closed without an answer", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { calls } = setup('/login', { 'GET /um/oauth2LoginProviders/Google/publicId': () => ({ status: 200, data: googleInfo }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/g\.example/));
    popup.closed = true;
    expect(await screen.findByText('Third-party cookies should be enabled', {}, { timeout: 4000 })).toBeTruthy();
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeNull();
    expect(calls('POST /um/oauth2Login')).toHaveLength(0);
  });

  it("shows the provider's refusal handed over by the popup as Access Denied", async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { calls } = setup('/login', { 'GET /um/oauth2LoginProviders/Google/publicId': () => ({ status: 200, data: googleInfo }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/g\.example/));
    postFromPopup(popup, { type: 'oauth-popup-callback', error: 'The user cancelled', state: new URL(popup.location.href).searchParams.get('state') });
    expect(await screen.findByText('The user cancelled')).toBeTruthy();
    expect(screen.getByText('Access Denied')).toBeTruthy();
    expect(popup.closed).toBe(true);
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeNull();
    expect(calls('POST https://g.example/token')).toHaveLength(0);
  });

  it('goes to two-auth when the account has a second factor', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    setup('/login', {
      'GET /um/oauth2LoginProviders/Google/publicId': () => ({ status: 200, data: googleInfo }),
      'POST https://g.example/token': () => ({ status: 200, data: { id_token: makeTestToken({ nonce: 'n-g', email: 'bob@example.com' }) } }),
      'POST /um/oauth2Login': () => ({ status: 200, data: { token: mfaToken, user } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/g\.example/));
    postFromPopup(popup, { type: 'oauth-popup-callback', code: 'code-1', state: new URL(popup.location.href).searchParams.get('state') });
    expect(await screen.findByText('Two-factor authentication')).toBeTruthy();
  });

  it('a blocked popup falls back to the full-page redirect, with PKCE', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { host } = setup('/login?returnUrl=%2Fgluon%2Fx', {
      'GET /um/oauth2LoginProviders/Google/publicId': () => ({ status: 200, data: { publicId: 'g-client', authorizationEndpoint: 'https://g.example/auth', tokenEndpoint: 'https://g.example/token', nonce: 'n-g' } }),
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
  const info = { domain: 'corp.example', publicId: 'jamf-client', nonce: 'n-j', connectionName: 'corp', customIdp: false, authorizationEndpoint: 'https://jamf.example/authorize' };

  it('needs a valid e-mail in the username field', async () => {
    const { calls, host } = setup('/login', { 'GET /um/oauth2LoginProviders/JamfAuth0/info': () => ({ status: 200, data: info }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Jamf' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(calls('GET /um/oauth2LoginProviders/JamfAuth0/info')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Username'), 'jamf.user@corp.example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Jamf' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(calls('GET /um/oauth2LoginProviders/JamfAuth0/info')[0]!.config.params).toEqual({ emailDomain: 'corp.example' });
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.searchParams.get('login_hint')).toBe('jamf.user@corp.example');
    expect(url.searchParams.get('connection')).toBe('corp');
    expect(url.searchParams.get('state')).toMatch(/\|provider=jamf$/);
  });

  it('Jamf screen: validation, disabled button, and regular flow when the domain is unknown', async () => {
    setup('/login?reauth=true');
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
    const { host } = setup('/login?ssoDomain=corp.example&url=%2Fgluon%2Fdevices', { 'GET /um/oauth2LoginProviders/JamfAuth0/info': () => ({ status: 200, data: info }) });
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(new URL(host.navigation.assigned[0]!).searchParams.get('state')).toMatch(/\|provider=jamf\|\/gluon\/devices$/);
  });
});
