import { beforeEach, describe, expect, it, vi } from 'vitest';

import { stashOAuthCallback } from '@core/auth/oauthHandoff';
import { beginOAuth } from '@core/auth/oauthRequest';
import type { AuthResult, SignInContext, SignInOutcome } from '@core/session/SessionService';
import { StorageKeys } from '@core/storage/StorageService';
import { apiFailure, networkFailure } from '@core/testing/apiFailure';

import { FakeSessionService } from '../../../tests/harness/fakeSession';
import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { makeTestToken } from '../../../tests/harness/tokens';
import type { LoginApi } from '../api/LoginApi';
import { parseLoginQuery } from '../logic/loginQuery';
import { LoginTexts } from '../logic/texts';
import { completeSignIn, finishSignIn } from './completeSignIn';
import { done, fieldError, go } from './FlowResult';
import { googleSignIn } from './googleSignIn';
import { linkTokenSignIn } from './linkTokenSignIn';
import { GOOGLE_AUTHORIZATION_ENDPOINT } from './lookUpGoogle';
import { passwordSignIn } from './passwordSignIn';
import { providerSignIn } from './providerSignIn';
import { requestPasswordReset } from './requestPasswordReset';
import { authenticationCode, recoveryCode } from './secondFactorMethods';
import { fakeLoginServices } from './testing/fakeLoginServices';
import { verifySecondFactor } from './verifySecondFactor';
import { runVisitStart, visitStart } from './visitStart';

/** The harness's session, recording the context of every `adopt` and the calls the flows make on load. */
class FakeSignInSession extends FakeSessionService {
  readonly adopted: Array<{ answer: AuthResult; context: SignInContext | undefined }> = [];

  /** A session holding a pending second factor, as `/login/callback` or the password step leaves it. */
  static pending(pending: SignInContext = { username: 'bob@example.com', returnUrl: '/neutrino' }): FakeSignInSession {
    const session = new FakeSignInSession();
    session.adopt(
      {
        token: 'mfa-token',
        user: { username: pending.username ?? '', email: '', totpEnabled: true },
        mfaRequired: true,
      },
      pending,
    );
    session.adopted.length = 0;
    session.calls.length = 0;
    return session;
  }

  override adopt(answer: AuthResult, context?: SignInContext): SignInOutcome {
    this.adopted.push({ answer, context });
    return super.adopt(answer, context);
  }
  override cancelSecondFactor(): void {
    this.calls.push('cancelSecondFactor');
    super.cancelSecondFactor();
  }
  override dropExpired(): void {
    this.calls.push('dropExpired');
    super.dropExpired();
  }
}

/** The flows' services around that session and an in-memory storage, over a fake LoginApi with the test's own methods. */
const fakes = (
  own: Partial<LoginApi>,
  session = new FakeSignInSession(),
  { captchaToken }: { captchaToken?: string } = {},
) => fakeLoginServices(own, { session, storage: new MemoryStorageService(), captchaToken });

const user = { username: 'bob@example.com', email: 'bob@example.com', totpEnabled: false };
const perms = ['gln#rpt#rw', 'ntr#dev#r'];
const accessToken = makeTestToken(perms, { exp: 4102444800 });
const signedIn = async () => ({ token: accessToken, user, mfaRequired: false });
const secondFactorAnswer = async () => ({ token: 'mfa-token', user, mfaRequired: true });
/** A call the API refused with `status` (and `message`). */
const error = (status: number, message?: string) => () =>
  Promise.reject(apiFailure(status, message ? { message } : {}));
const unreachable = () => Promise.reject(networkFailure());
const pendingFor = (returnUrl: string | null = '/neutrino', provider?: 'okta') =>
  FakeSignInSession.pending({ username: 'bob@example.com', returnUrl, ...(provider ? { provider } : {}) });

const noConnection = 'No connection, please make sure you have a valid internet connection and try again';

beforeEach(() => sessionStorage.clear());

describe('finish sign-in (one place for every path)', () => {
  it("adopts the answer with its context, stores the environment type and goes to the registry's target", async () => {
    const { services, session, registry, nav, storage } = fakes({});
    const result = await completeSignIn(
      services,
      { token: accessToken, user },
      { username: 'bob', returnUrl: '/neutrino/x', provider: 'okta' },
    );
    expect(result).toEqual(done);
    expect(session.adopted[0]!.context).toEqual({ username: 'bob', returnUrl: '/neutrino/x', provider: 'okta' });
    expect(storage.get(StorageKeys.envType)).toBe('saas');
    expect(registry.targets).toEqual([{ perms, envType: 'saas', returnUrl: '/neutrino/x' }]);
    expect(nav.path()).toBe('/landing');
  });

  it('a second-factor answer opens two-auth and neither navigates nor asks the environment type', async () => {
    const { services, registry, nav, api } = fakes({});
    expect(await completeSignIn(services, { token: 'mfa', user, mfaRequired: true }, { username: 'bob' })).toEqual(
      go({ type: 'second-factor' }),
    );
    expect(registry.targets).toHaveLength(0);
    expect(api.environmentType).not.toHaveBeenCalled();
    expect(nav.path()).toBe('/login');
  });

  it('an unknown environment type is passed as null and not stored; the fallback return URL applies', async () => {
    const { services, registry, storage } = fakes({ environmentType: async () => null });
    await finishSignIn(services, { kind: 'signed-in', claims: { perms }, profile: user, returnUrl: null }, '/gluon/x');
    expect(registry.targets).toEqual([{ perms, envType: null, returnUrl: '/gluon/x' }]);
    expect(storage.get(StorageKeys.envType)).toBeNull();
  });
});

describe('password step (spec §4, §8)', () => {
  it('sends the trimmed username, the remembered device and a login captcha token, then signs in', async () => {
    const session = new FakeSignInSession();
    session.rememberedDevices.set('bob', 'device-1');
    const { services, api, captchaActions, nav } = fakes({ login: signedIn }, session, { captchaToken: 'c-1' });
    expect(await passwordSignIn(services, { username: ' bob ', password: 'pw' }, '/neutrino')).toEqual(done);
    expect(api.login.mock.calls).toEqual([
      [{ username: 'bob', password: 'pw', rememberToken: 'device-1', captchaToken: 'c-1' }],
    ]);
    expect(captchaActions).toEqual(['login']);
    expect(session.adopted[0]!.context).toEqual({ username: 'bob', returnUrl: '/neutrino' });
    expect(nav.path()).toBe('/landing');
  });

  it('a second-factor answer goes to two-auth (the session decides, from mfaRequired)', async () => {
    const { services, session } = fakes({ login: secondFactorAnswer });
    expect(await passwordSignIn(services, { username: 'bob', password: 'pw' }, '/gluon')).toEqual(
      go({ type: 'second-factor' }),
    );
    expect(session.secondFactor()).toEqual({ username: 'bob@example.com', returnUrl: '/gluon' });
  });

  it.each([
    [error(401), "The username / password you've entered doesn't match any account."],
    [error(403, 'Locked'), "The username / password you've entered doesn't match any account."],
    [error(503), noConnection],
    [unreachable, noConnection],
    [error(400, 'Account locked for 5 minutes'), 'Account locked for 5 minutes'],
    [error(500, 'secret detail'), 'The application has encountered an unknown error'],
  ])('failure %# shows the spec §8 text under the form', async (login, text) => {
    const { services, session } = fakes({ login });
    expect(await passwordSignIn(services, { username: 'bob', password: 'pw' }, null)).toEqual(fieldError(text));
    expect(session.calls).not.toContain('adopt');
  });
});

describe('verify a code, then finish sign-in (two-auth and recovery-code)', () => {
  it('two-auth sends code, remember and the pending username with the second-factor auth mode', async () => {
    const session = pendingFor('/neutrino', 'okta');
    const { services, api, captchaActions, registry } = fakes({ validateCode: signedIn }, session, {
      captchaToken: 'c-2',
    });
    expect(await verifySecondFactor(services, authenticationCode, { digitCode: '123456', remember2fa: true })).toEqual(
      done,
    );
    expect(api.validateCode.mock.calls).toEqual([
      [{ totpCode: '123456', remember: true, username: 'bob@example.com', captchaToken: 'c-2' }],
    ]);
    expect(captchaActions).toEqual(['two_factor']);
    // The pending sign-in's return URL and provider carry over to the session.
    expect(session.adopted[0]!.context).toEqual({
      username: 'bob@example.com',
      returnUrl: '/neutrino',
      provider: 'okta',
    });
    expect(registry.targets[0]!.returnUrl).toBe('/neutrino');
  });

  it('recovery-code removes dashes and uses its own captcha action', async () => {
    const { services, api, captchaActions } = fakes({ validateRecoveryCode: signedIn }, pendingFor());
    expect(await verifySecondFactor(services, recoveryCode, { recoveryCode: '1234-5678 90' })).toEqual(done);
    expect(api.validateRecoveryCode.mock.calls).toEqual([[{ totpRecoveryCode: '1234567890' }]]);
    expect(captchaActions).toEqual(['recovery_code']);
  });

  it.each([
    [
      'two-auth',
      authenticationCode,
      { digitCode: '000000', remember2fa: false },
      'validateCode',
      'Wrong TOTP code',
      'Invalid six digit code.',
    ],
    [
      'two-auth (parse error)',
      authenticationCode,
      { digitCode: '000000', remember2fa: false },
      'validateCode',
      'Could not parse the code',
      'Invalid six digit code.',
    ],
    [
      'recovery-code',
      recoveryCode,
      { recoveryCode: '9999' },
      'validateRecoveryCode',
      'Wrong TOTP recovery code',
      'Invalid recovery code.',
    ],
  ] as const)(
    '%s: a wrong code is an error under the field and keeps the pending sign-in',
    async (_name, method, values, call, message, text) => {
      const session = pendingFor();
      const { services } = fakes({ [call]: error(401, message) }, session);
      expect(await verifySecondFactor(services, method as typeof authenticationCode, values as never)).toEqual(
        fieldError(text),
      );
      expect(session.secondFactor()).not.toBeNull();
    },
  );

  it.each([
    [error(401, 'Token expired'), 'Your sign-in has expired. Please sign in again.'],
    [error(403), 'Your sign-in has expired. Please sign in again.'],
    [error(503), noConnection],
    [error(400, 'Captcha token is required'), 'Captcha token is required'],
    [error(500), 'The application has encountered an unknown error'],
  ])('any other failure (%#) returns to login with its message', async (refused, message) => {
    const { services } = fakes({ validateCode: refused, validateRecoveryCode: refused }, pendingFor());
    expect(await verifySecondFactor(services, authenticationCode, { digitCode: '123456', remember2fa: false })).toEqual(
      go({ type: 'back-to-login', notice: { message } }),
    );
    expect(await verifySecondFactor(services, recoveryCode, { recoveryCode: '12345678' })).toEqual(
      go({ type: 'back-to-login', notice: { message } }),
    );
  });

  it('a wrong-code text on the other step is not a wrong code', async () => {
    const { services } = fakes({ validateRecoveryCode: error(401, 'Wrong TOTP code') }, pendingFor());
    expect(await verifySecondFactor(services, recoveryCode, { recoveryCode: '1234' })).toEqual(
      go({ type: 'back-to-login', notice: { message: 'Your sign-in has expired. Please sign in again.' } }),
    );
  });

  it('without a pending sign-in nothing is sent and the page returns to login', async () => {
    const { services, api } = fakes({});
    expect(await verifySecondFactor(services, authenticationCode, { digitCode: '123456', remember2fa: false })).toEqual(
      go({ type: 'back-to-login' }),
    );
    expect(api.validateCode).not.toHaveBeenCalled();
  });
});

describe('link token and provider returns', () => {
  it("?token= is adopted by the session and lands with the page's return URL", async () => {
    const session = new FakeSignInSession();
    session.linkTokens.set('handed-over', { token: accessToken, user });
    const { services, registry } = fakes({}, session);
    expect(await linkTokenSignIn(services, 'handed-over', '/gluon/x')).toEqual(done);
    expect(session.calls).toContain('adoptLinkToken');
    expect(registry.targets[0]!.returnUrl).toBe('/gluon/x');
  });

  it('a refused link token shows the login error', async () => {
    const { services } = fakes({});
    expect(await linkTokenSignIn(services, 'bad', null)).toEqual(
      go({ type: 'back-to-login', notice: { message: 'The application has encountered an unknown error' } }),
    );
  });

  it('a missing provider answer returns to login with Access Denied', async () => {
    const { services } = fakes({});
    const result = await providerSignIn(services, null, null);
    expect(result).toEqual(
      go({
        type: 'back-to-login',
        notice: { title: LoginTexts.accessDenied, message: 'The sign-in response is missing. Please try again.' },
      }),
    );
  });

  it("a return from Okta that cannot finish is titled 'Invalid Okta domain' (spec §8), with its reason", async () => {
    const { services } = fakes({});
    const result = await runVisitStart(services, { kind: 'provider-return' }, parseLoginQuery('oktaRedirect=true'));
    expect(result).toEqual(
      go({
        type: 'back-to-login',
        notice: { title: 'Invalid Okta domain', message: 'The sign-in response is missing. Please try again.' },
      }),
    );
  });

  it("a provider answer signs in with the provider, the ID token e-mail's remembered device and the state's return path", async () => {
    const url = new URL(
      await beginOAuth({
        provider: 'okta',
        returnPath: '/neutrino',
        clientId: 'c',
        authorizationEndpoint: 'https://o.example/auth',
        tokenEndpoint: 'https://o.example/token',
        nonce: 'n-1',
        redirectUri: 'http://x/login/callback',
      }),
    );
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
    const session = new FakeSignInSession();
    session.rememberedDevices.set('bob@example.com', 'device-9');
    const { services, api } = fakes(
      {
        exchangeCode: async () => makeTestToken({ nonce: 'n-1', email: 'bob@example.com' }),
        oauth2Login: secondFactorAnswer,
      },
      session,
    );
    const result = await runVisitStart(services, { kind: 'provider-return' }, parseLoginQuery('oktaRedirect=true'));
    expect(result).toEqual(go({ type: 'second-factor' }));
    expect(api.exchangeCode.mock.calls[0]![0]).toMatchObject({
      tokenEndpoint: 'https://o.example/token',
      code: 'code-1',
      clientId: 'c',
      redirectUri: 'http://x/login/callback',
    });
    expect(api.oauth2Login.mock.calls[0]![0]).toMatchObject({
      provider: 'Okta',
      email: 'bob@example.com',
      rememberToken: 'device-9',
    });
    expect(session.adopted[0]!.context).toEqual({
      username: 'bob@example.com',
      returnUrl: '/neutrino',
      provider: 'okta',
    });
  });
});

describe('Google (spec §8)', () => {
  const popup = () => ({
    location: { href: 'about:blank' },
    closed: false,
    close() {
      this.closed = true;
    },
  });
  const google: Partial<LoginApi> = {
    googleProviderInfo: async () => ({
      publicId: 'g',
      authorizationEndpoint: 'https://g.example/auth',
      tokenEndpoint: 'https://g.example/token',
      nonce: 'n',
    }),
  };

  it('a blocked popup falls back to the full-page redirect', async () => {
    const { services, nav } = fakes(google);
    expect(await googleSignIn(services, null, null)).toEqual(done);
    expect(nav.assigned[0]).toMatch(/^https:\/\/g\.example\/auth\?/);
  });

  it("a popup closed without an answer shows 'Third-party cookies should be enabled'", async () => {
    const win = popup();
    const { services } = fakes(google);
    const result = googleSignIn(services, win as unknown as Window, null);
    await new Promise((resolve) => setTimeout(resolve, 10));
    win.closed = true;
    expect(await result).toEqual(fieldError(LoginTexts.thirdPartyCookies));
  }, 5000);

  it.each([
    ['no answer', unreachable],
    ['a server error', error(503)],
    [
      'an answer without a client id',
      async () => ({ publicId: '', authorizationEndpoint: 'https://g.example/auth', tokenEndpoint: '', nonce: 'n' }),
    ],
  ])(
    'a failed look-up (%s) signs in with a provider that has no id, not an error text (spec §4)',
    async (_, googleProviderInfo) => {
      const { services, nav } = fakes({ googleProviderInfo });
      expect(await googleSignIn(services, null, null)).toEqual(done);
      const url = new URL(nav.assigned[0]!);
      expect(`${url.origin}${url.pathname}`).toBe(GOOGLE_AUTHORIZATION_ENDPOINT);
      expect(url.searchParams.has('client_id')).toBe(false);
      expect(url.searchParams.get('response_type')).toBe('code');
    },
  );

  it('a popup sent to a provider with no id and closed shows no cookie hint (Google showed its own error)', async () => {
    const win = popup();
    const { services } = fakes({ googleProviderInfo: error(502) });
    const result = googleSignIn(services, win as unknown as Window, null);
    await vi.waitFor(() => expect(win.location.href.startsWith(`${GOOGLE_AUTHORIZATION_ENDPOINT}?`)).toBe(true));
    win.closed = true;
    expect(await result).toEqual(done);
  }, 5000);

  it('a 404 is the answer "no Google client here": said plainly, the popup closed', async () => {
    const win = popup();
    const { services } = fakes({ googleProviderInfo: error(404, 'Google sign-in is not configured') });
    expect(await googleSignIn(services, win as unknown as Window, null)).toEqual(
      fieldError(LoginTexts.googleNotConfigured),
    );
    expect(win.closed).toBe(true);
  });
});

describe('how a visit starts (spec §2)', () => {
  const expired = makeTestToken(perms, { exp: 1000 });

  const stored = () => new FakeSignInSession(accessToken, user);
  it.each([
    ['a stored session without ?token= goes to the site root', stored, '', { kind: 'signed-in' }],
    ['?token= wins over a stored session', stored, 'token=t', { kind: 'link-token', token: 't' }],
    ['an expired stored token is dropped first', () => new FakeSignInSession(expired, user), '', { kind: 'form' }],
    [
      'a pending second factor reopens two-auth on a plain /login',
      () => FakeSignInSession.pending(),
      'returnUrl=%2Fgluon',
      { kind: 'second-factor' },
    ],
    [
      'a provider return finishes the sign-in',
      () => new FakeSignInSession(),
      'googleRedirect=true',
      { kind: 'provider-return' },
    ],
    [
      'ssoDomain starts the vendor look-up',
      () => new FakeSignInSession(),
      'ssoDomain=corp.example',
      { kind: 'jamf', domain: 'corp.example' },
    ],
    ['reauth=true only shows the Jamf screen', () => new FakeSignInSession(), 'reauth=true', { kind: 'form' }],
    [
      'legacy keeps the classic form',
      () => new FakeSignInSession(),
      'ssoDomain=corp.example&legacy=true',
      { kind: 'form' },
    ],
  ])('%s', (_name, makeSession, search, expected) => {
    const session = makeSession();
    expect(visitStart(session, parseLoginQuery(search))).toEqual(expected);
    expect(session.calls[0]).toBe('dropExpired');
  });

  it.each([
    ['token=t', { kind: 'link-token', token: 't' }],
    ['reauth=true', { kind: 'form' }],
    ['okta', { kind: 'form' }],
    ['oktaRedirect=true', { kind: 'provider-return' }],
    ['error=Access%20Denied', { kind: 'form' }],
  ])('an address asking for another step (%s) abandons a pending second factor', (search, expected) => {
    const session = FakeSignInSession.pending();
    expect(visitStart(session, parseLoginQuery(search))).toEqual(expected);
    expect(session.secondFactor()).toBeNull();
  });

  it('signed in: replaces /login by the site root', async () => {
    const { services, nav } = fakes({});
    expect(await runVisitStart(services, { kind: 'signed-in' }, parseLoginQuery(''))).toEqual(done);
    expect(nav.path()).toBe('/');
  });

  it('a domain without a vendor IdP falls back to the regular login', async () => {
    const { services } = fakes({ jamfProviderInfo: error(404) });
    expect(
      await runVisitStart(
        services,
        { kind: 'jamf', domain: 'unknown.example' },
        parseLoginQuery('ssoDomain=unknown.example'),
      ),
    ).toEqual(go({ type: 'back-to-login' }));
  });
});

describe('lost password', () => {
  it('confirms unknown addresses too, and shows other failures', async () => {
    const unknown = fakes({ requestPasswordReset: error(404) });
    expect(await requestPasswordReset(unknown.services, 'x@y.example')).toBeUndefined();
    expect(unknown.api.requestPasswordReset.mock.calls).toEqual([[{ username: 'x@y.example' }]]);
    const down = fakes({ requestPasswordReset: error(503) });
    expect(await requestPasswordReset(down.services, 'x@y.example')).toBe(noConnection);
  });
  it('sends a password_recovery captcha token while captcha is active, none otherwise', async () => {
    const active = fakes({ requestPasswordReset: async () => undefined }, undefined, { captchaToken: 'c-lost' });
    expect(await requestPasswordReset(active.services, 'x@y.example')).toBeUndefined();
    expect(active.api.requestPasswordReset.mock.calls).toEqual([[{ username: 'x@y.example', captchaToken: 'c-lost' }]]);
    expect(active.captchaActions).toEqual(['password_recovery']);
    const inactive = fakes({ requestPasswordReset: async () => undefined });
    await requestPasswordReset(inactive.services, 'x@y.example');
    // Undefined: JSON leaves it out of the request.
    expect(inactive.api.requestPasswordReset.mock.calls[0]![0].captchaToken).toBeUndefined();
  });
});

describe('captcha on the guarded sign-in calls', () => {
  const oktaReturn = async () => {
    const url = new URL(
      await beginOAuth({
        provider: 'okta',
        returnPath: '/neutrino',
        clientId: 'c',
        authorizationEndpoint: 'https://o.example/auth',
        tokenEndpoint: 'https://o.example/token',
        nonce: 'n-1',
        redirectUri: 'http://x/login/callback',
      }),
    );
    stashOAuthCallback({ code: 'code-1', state: url.searchParams.get('state')! });
  };
  const providerCalls: Partial<LoginApi> = {
    exchangeCode: async () => makeTestToken({ nonce: 'n-1', email: 'bob@example.com' }),
    oauth2Login: signedIn,
  };

  it('inactive: the password, code and recovery-code calls carry no captchaToken', async () => {
    // Undefined: JSON leaves it out of the request.
    const login = fakes({ login: signedIn });
    await passwordSignIn(login.services, { username: 'bob', password: 'pw' }, null);
    expect(login.api.login.mock.calls[0]![0].captchaToken).toBeUndefined();
    const code = fakes({ validateCode: signedIn, validateRecoveryCode: signedIn }, pendingFor());
    await verifySecondFactor(code.services, authenticationCode, { digitCode: '123456', remember2fa: false });
    expect(code.api.validateCode.mock.calls[0]![0].captchaToken).toBeUndefined();
    const recovery = fakes({ validateRecoveryCode: signedIn }, pendingFor());
    await verifySecondFactor(recovery.services, recoveryCode, { recoveryCode: '12345678' });
    expect(recovery.api.validateRecoveryCode.mock.calls[0]![0].captchaToken).toBeUndefined();
  });

  it('active: the recovery code sends the token', async () => {
    const { services, api } = fakes({ validateRecoveryCode: signedIn }, pendingFor(), { captchaToken: 'c-3' });
    await verifySecondFactor(services, recoveryCode, { recoveryCode: '12345678' });
    expect(api.validateRecoveryCode.mock.calls).toEqual([[{ totpRecoveryCode: '12345678', captchaToken: 'c-3' }]]);
  });

  it('a provider return (Okta, Google redirect or popup) sends a login token to /um/oauth2Login while active', async () => {
    await oktaReturn();
    const { services, api, captchaActions } = fakes(providerCalls, undefined, { captchaToken: 'c-sso' });
    expect(await runVisitStart(services, { kind: 'provider-return' }, parseLoginQuery('oktaRedirect=true'))).toEqual(
      done,
    );
    expect(api.oauth2Login.mock.calls[0]![0]).toMatchObject({ provider: 'Okta', captchaToken: 'c-sso' });
    expect(captchaActions).toEqual(['login']);
  });

  it('a provider return sends no captchaToken while inactive', async () => {
    await oktaReturn();
    const { services, api } = fakes(providerCalls);
    expect(await runVisitStart(services, { kind: 'provider-return' }, parseLoginQuery('oktaRedirect=true'))).toEqual(
      done,
    );
    expect(api.oauth2Login.mock.calls[0]![0].captchaToken).toBeUndefined();
  });
});
