import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { beginOAuth } from '@core/auth/oauthRequest';
import { FakeCaptchaService } from '@core/captcha/FakeCaptchaService';
import type { HttpRequestConfig, HttpService } from '@core/http/HttpService';
import type { Profile } from '@core/session/SessionService';
import { MfaTexts } from '../logic/mfaErrors';
import type { MfaSetupEvent } from '../logic/mfaSetupReducer';
import { confirmPassword } from './confirmPassword';
import type { MfaSetupServices } from './MfaSetupServices';
import { resumeRevalidation } from './resumeRevalidation';
import { turnOff } from './turnOff';
import { turnOn } from './turnOn';
import { verifyAuthenticator } from './verifyAuthenticator';

type Answer = { status: number; data?: unknown };

/** Services of the set-up flows: answers by `METHOD url`, and a record of what the flows did. */
function fakes(
  answers: Record<string, Answer>,
  { confirmed = true, profile = { username: 'bob', email: 'bob@example.com', totpEnabled: true } as Profile, captchaToken = undefined as string | undefined } = {},
) {
  const sent: Array<{ call: string; data?: unknown; config?: HttpRequestConfig }> = [];
  const send = async (method: string, url: string, data: unknown, config?: HttpRequestConfig): Promise<AxiosResponse> => {
    sent.push({ call: `${method} ${url}`, data, config });
    const { status, data: body } = answers[`${method} ${url}`] ?? { status: 404 };
    const response = { status, data: body, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', response.config, null, response);
    return response;
  };
  const http = {
    get: (url: string, config?: HttpRequestConfig) => send('GET', url, undefined, config),
    put: (url: string, data?: unknown, config?: HttpRequestConfig) => send('PUT', url, data, config),
    post: (url: string, data?: unknown, config?: HttpRequestConfig) => send('POST', url, data, config),
    delete: (url: string, config?: HttpRequestConfig) => send('DELETE', url, undefined, config),
  } as unknown as HttpService;
  const did: string[] = [];
  const captcha = new FakeCaptchaService(captchaToken);
  let current: Profile | null = profile;
  const services: MfaSetupServices = {
    http,
    session: {
      profile: () => current,
      updateProfile: (patch) => (current = current && { ...current, ...patch }),
      forgetDevice: (username) => did.push(`forgetDevice ${username}`),
      setRecoveryToken: (token) => did.push(`setRecoveryToken ${token}`),
    },
    modals: { confirm: async () => (did.push('confirm'), confirmed) },
    toasts: { success: (title, message) => (did.push(`toast ${title}: ${message}`), 'id') },
    captcha,
  };
  const events: MfaSetupEvent[] = [];
  return { services, sent, did, events, captcha, emit: (event: MfaSetupEvent) => events.push(event), profile: () => current };
}

const setup = { secret: 'S', otpauthUrl: 'otpauth://x', recoveryCodes: ['1111-2222'] };
const recoveryMode = { authMode: { kind: 'recovery' } };

describe('password check', () => {
  it('keeps the answer as recovery token', async () => {
    const { services, sent, did } = fakes({ 'POST /um/mfa/validatePassword': { status: 200, data: { token: 'recovery-1' } } });
    expect(await confirmPassword(services, 'pw')).toBeUndefined();
    expect(sent[0]!.data).toEqual({ password: 'pw' });
    expect(did).toEqual(['setRecoveryToken recovery-1']);
  });

  it('sends a validate_password captcha token while captcha is active, none otherwise', async () => {
    const active = fakes({ 'POST /um/mfa/validatePassword': { status: 200, data: { token: 'recovery-1' } } }, { captchaToken: 'c-mfa' });
    expect(await confirmPassword(active.services, 'pw')).toBeUndefined();
    expect(active.sent[0]!.data).toEqual({ password: 'pw', captchaToken: 'c-mfa' });
    expect(active.captcha.actions).toEqual(['validate_password']);
    const inactive = fakes({ 'POST /um/mfa/validatePassword': { status: 200, data: { token: 'recovery-1' } } });
    expect(await confirmPassword(inactive.services, 'pw')).toBeUndefined();
    expect(inactive.sent[0]!.data).toEqual({ password: 'pw' });
  });

  it.each([
    [{ status: 401, data: { message: 'Wrong password' } }, 'Wrong password'],
    [{ status: 403 }, MfaTexts.wrongPassword],
    [{ status: 400, data: { message: 'Captcha token is required' } }, 'Captcha token is required'],
    [{ status: 500 }, MfaTexts.unknownError],
  ])('failure %# answers its text and keeps no token', async (answer, text) => {
    const { services, did } = fakes({ 'POST /um/mfa/validatePassword': answer });
    expect(await confirmPassword(services, 'pw')).toBe(text);
    expect(did).toEqual([]);
  });
});

describe('turning on', () => {
  it('shows the QR step with the secret, then its image (recovery header on both calls)', async () => {
    const image = new Blob(['png']);
    const { services, sent, events, emit } = fakes({ 'PUT /um/mfa/totp/create': { status: 200, data: setup }, 'GET /um/mfa/totp/qr': { status: 200, data: image } });
    await turnOn(services, emit);
    expect(events).toEqual([{ type: 'qr-created', setup }, { type: 'qr-image', image }]);
    expect(sent.map((s) => s.config)).toEqual([expect.objectContaining(recoveryMode), expect.objectContaining({ ...recoveryMode, responseType: 'blob' })]);
  });

  it('a 401 restarts the flow; another failure ends it with the general error', async () => {
    const expired = fakes({ 'PUT /um/mfa/totp/create': { status: 401 } });
    await turnOn(expired.services, expired.emit);
    expect(expired.events).toEqual([{ type: 'expired' }]);
    const broken = fakes({ 'PUT /um/mfa/totp/create': { status: 200, data: setup }, 'GET /um/mfa/totp/qr': { status: 500 } });
    await turnOn(broken.services, broken.emit);
    expect(broken.events).toEqual([{ type: 'qr-created', setup }, { type: 'finish', notice: MfaTexts.unknownError }]);
  });

  it('a matching code turns MFA on; a wrong one is a field error; a 401 restarts', async () => {
    const ok = fakes({ 'POST /um/mfa/totp/verifyQr': { status: 200, data: {} } }, { profile: { username: 'bob', email: 'b', totpEnabled: false } });
    expect(await verifyAuthenticator(ok.services, '123456', ok.emit)).toBeUndefined();
    expect(ok.sent[0]).toMatchObject({ data: { totpCode: '123456' }, config: recoveryMode });
    expect(ok.profile()!.totpEnabled).toBe(true);
    expect(ok.events).toEqual([{ type: 'verified' }]);

    const wrong = fakes({ 'POST /um/mfa/totp/verifyQr': { status: 400, data: { message: 'Wrong TOTP code' } } }, { profile: { username: 'bob', email: 'b', totpEnabled: false } });
    expect(await verifyAuthenticator(wrong.services, '000000', wrong.emit)).toBe(MfaTexts.invalidCode);
    expect(wrong.events).toEqual([]);
    expect(wrong.profile()!.totpEnabled).toBe(false);

    const expired = fakes({ 'POST /um/mfa/totp/verifyQr': { status: 401 } });
    expect(await verifyAuthenticator(expired.services, '123456', expired.emit)).toBeUndefined();
    expect(expired.events).toEqual([{ type: 'expired' }]);
  });
});

describe('turning off (spec §4 "MFA")', () => {
  it('after confirmation: DELETE, totpEnabled false, this user\'s remembered device forgotten, a toast', async () => {
    const { services, sent, did, events, emit, profile } = fakes({ 'DELETE /um/mfa/totp': { status: 204 } });
    await turnOff(services, emit);
    expect(sent).toEqual([expect.objectContaining({ call: 'DELETE /um/mfa/totp', config: expect.objectContaining(recoveryMode) })]);
    expect(profile()!.totpEnabled).toBe(false);
    expect(did).toEqual(['confirm', 'forgetDevice bob', 'toast Two-factor authentication: Two-factor authentication is off']);
    expect(events).toEqual([{ type: 'finish' }]);
  });

  it('a cancelled confirmation changes nothing', async () => {
    const { services, sent, events, emit, profile } = fakes({}, { confirmed: false });
    await turnOff(services, emit);
    expect(sent).toEqual([]);
    expect(profile()!.totpEnabled).toBe(true);
    expect(events).toEqual([{ type: 'finish' }]);
  });

  it('a 401 restarts, keeping MFA on', async () => {
    const { services, did, events, emit, profile } = fakes({ 'DELETE /um/mfa/totp': { status: 401 } });
    await turnOff(services, emit);
    expect(events).toEqual([{ type: 'expired' }]);
    expect(profile()!.totpEnabled).toBe(true);
    expect(did).not.toContain('forgetDevice bob');
  });
});

describe('back from the provider', () => {
  beforeEach(() => sessionStorage.clear());

  it('a missing answer never reaches the API and says so', async () => {
    const { services, sent, events, emit } = fakes({});
    await resumeRevalidation(services, null, emit);
    expect(sent).toEqual([]);
    expect(events).toEqual([{ type: 'finish', notice: 'The identity provider did not answer. Please try again.' }]);
  });

  it('the answer gives the recovery token and the set-up continues with its purpose', async () => {
    const url = new URL(await beginOAuth({ provider: 'google', revalidate: '2fa', returnPath: '/config/2fa', clientId: 'g', authorizationEndpoint: 'https://g.example/auth', nonce: 'n', redirectUri: 'http://x/login/callback', context: { purpose: 'enable' } }));
    const { services, sent, did, events, emit } = fakes({
      'POST /um/mfa/validateOAuth2': { status: 200, data: { token: 'recovery-sso' } },
      'PUT /um/mfa/totp/create': { status: 200, data: setup },
      'GET /um/mfa/totp/qr': { status: 200, data: new Blob(['png']) },
    });
    await resumeRevalidation(services, { code: 'c', state: url.searchParams.get('state')! }, emit);
    expect(sent[0]).toMatchObject({ call: 'POST /um/mfa/validateOAuth2', data: { provider: 'Google', code: 'c', nonce: 'n' } });
    expect(did).toEqual(['setRecoveryToken recovery-sso']);
    expect(events.map((e) => e.type)).toEqual(['qr-created', 'qr-image']);
  });

  it('an answer the API refuses shows its message', async () => {
    const url = new URL(await beginOAuth({ provider: 'google', revalidate: '2fa', returnPath: '/config/2fa', clientId: 'g', authorizationEndpoint: 'https://g.example/auth', nonce: 'n', redirectUri: 'http://x/login/callback', context: { purpose: 'disable' } }));
    const { services, did, events, emit } = fakes({ 'POST /um/mfa/validateOAuth2': { status: 401, data: { message: 'This account is not linked to your user' } } });
    await resumeRevalidation(services, { code: 'c', state: url.searchParams.get('state')! }, emit);
    expect(events).toEqual([{ type: 'finish', notice: 'This account is not linked to your user' }]);
    expect(did).toEqual([]);
  });
});
