import { beforeEach, describe, expect, it } from 'vitest';

import { beginOAuth } from '@core/auth/oauthRequest';
import { FakeCaptchaService } from '@core/captcha/FakeCaptchaService';
import type { Profile } from '@core/session/SessionService';
import { apiFailure, fakeService } from '@core/testing';

import type { MfaSetupApi } from '../api/MfaSetupApi';
import { MfaTexts } from '../logic/mfaErrors';
import type { MfaSetupEvent } from '../logic/mfaSetupReducer';
import { confirmPassword } from './confirmPassword';
import type { MfaSetupServices } from './MfaSetupServices';
import { resumeRevalidation } from './resumeRevalidation';
import { turnOff } from './turnOff';
import { turnOn } from './turnOn';
import { verifyAuthenticator } from './verifyAuthenticator';

/**
 * Services of the set-up flows: a fake MfaSetupApi with the test's own methods (the requests
 * themselves, with the recovery token: api/DefaultMfaSetupApi.test.ts), and a record of what the flows did.
 */
function fakes(
  own: Partial<MfaSetupApi>,
  {
    confirmed = true,
    profile = { username: 'bob', email: 'bob@example.com', totpEnabled: true } as Profile,
    captchaToken = undefined as string | undefined,
  } = {},
) {
  const api = fakeService<MfaSetupApi>('MfaSetupApi', {}, own);
  const did: string[] = [];
  const captcha = new FakeCaptchaService(captchaToken);
  let current: Profile | null = profile;
  const services: MfaSetupServices = {
    api,
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
  return {
    services,
    api,
    did,
    events,
    captcha,
    emit: (event: MfaSetupEvent) => events.push(event),
    profile: () => current,
  };
}

const setup = { secret: 'S', otpauthUrl: 'otpauth://x', recoveryCodes: ['1111-2222'] };
/** A call the API refused with `status` (and `data` as its body). */
const failed =
  (status: number, data: unknown = {}) =>
  () =>
    Promise.reject(apiFailure(status, data));

describe('password check', () => {
  it('keeps the answer as recovery token', async () => {
    const { services, api, did } = fakes({ validatePassword: async () => 'recovery-1' });
    expect(await confirmPassword(services, 'pw')).toBeUndefined();
    expect(api.validatePassword.mock.calls).toEqual([[{ password: 'pw' }]]);
    expect(did).toEqual(['setRecoveryToken recovery-1']);
  });

  it('sends a validate_password captcha token while captcha is active, none otherwise', async () => {
    const active = fakes({ validatePassword: async () => 'recovery-1' }, { captchaToken: 'c-mfa' });
    expect(await confirmPassword(active.services, 'pw')).toBeUndefined();
    expect(active.api.validatePassword.mock.calls).toEqual([[{ password: 'pw', captchaToken: 'c-mfa' }]]);
    expect(active.captcha.actions).toEqual(['validate_password']);
    const inactive = fakes({ validatePassword: async () => 'recovery-1' });
    expect(await confirmPassword(inactive.services, 'pw')).toBeUndefined();
    expect(inactive.api.validatePassword.mock.calls[0]![0].captchaToken).toBeUndefined();
  });

  it.each([
    [failed(401, { message: 'Wrong password' }), 'Wrong password'],
    [failed(403), MfaTexts.wrongPassword],
    [failed(400, { message: 'Captcha token is required' }), 'Captcha token is required'],
    [failed(500), MfaTexts.unknownError],
  ])('failure %# answers its text and keeps no token', async (validatePassword, text) => {
    const { services, did } = fakes({ validatePassword });
    expect(await confirmPassword(services, 'pw')).toBe(text);
    expect(did).toEqual([]);
  });
});

describe('turning on', () => {
  it('shows the QR step with the secret, then its image', async () => {
    const image = new Blob(['png']);
    const { services, api, events, emit } = fakes({ createTotp: async () => setup, totpQr: async () => image });
    await turnOn(services, emit);
    expect(events).toEqual([
      { type: 'qr-created', setup },
      { type: 'qr-image', image },
    ]);
    expect([api.createTotp.mock.calls, api.totpQr.mock.calls]).toEqual([[[]], [[]]]);
  });

  it('a 401 restarts the flow; another failure ends it with the general error', async () => {
    const expired = fakes({ createTotp: failed(401) });
    await turnOn(expired.services, expired.emit);
    expect(expired.events).toEqual([{ type: 'expired' }]);
    const broken = fakes({ createTotp: async () => setup, totpQr: failed(500) });
    await turnOn(broken.services, broken.emit);
    expect(broken.events).toEqual([
      { type: 'qr-created', setup },
      { type: 'finish', notice: MfaTexts.unknownError },
    ]);
  });

  it('a matching code turns MFA on; a wrong one is a field error; a 401 restarts', async () => {
    const ok = fakes(
      { verifyQr: async () => undefined },
      { profile: { username: 'bob', email: 'b', totpEnabled: false } },
    );
    expect(await verifyAuthenticator(ok.services, '123456', ok.emit)).toBeUndefined();
    expect(ok.api.verifyQr.mock.calls).toEqual([['123456']]);
    expect(ok.profile()!.totpEnabled).toBe(true);
    expect(ok.events).toEqual([{ type: 'verified' }]);

    const wrong = fakes(
      { verifyQr: failed(400, { message: 'Wrong TOTP code' }) },
      { profile: { username: 'bob', email: 'b', totpEnabled: false } },
    );
    expect(await verifyAuthenticator(wrong.services, '000000', wrong.emit)).toBe(MfaTexts.invalidCode);
    expect(wrong.events).toEqual([]);
    expect(wrong.profile()!.totpEnabled).toBe(false);

    const expired = fakes({ verifyQr: failed(401) });
    expect(await verifyAuthenticator(expired.services, '123456', expired.emit)).toBeUndefined();
    expect(expired.events).toEqual([{ type: 'expired' }]);
  });
});

describe('turning off (spec §4 "MFA")', () => {
  it("after confirmation: DELETE, totpEnabled false, this user's remembered device forgotten, a toast", async () => {
    const { services, api, did, events, emit, profile } = fakes({ deleteTotp: async () => undefined });
    await turnOff(services, emit);
    expect(api.deleteTotp).toHaveBeenCalledTimes(1);
    expect(profile()!.totpEnabled).toBe(false);
    expect(did).toEqual([
      'confirm',
      'forgetDevice bob',
      'toast Two-factor authentication: Two-factor authentication is off',
    ]);
    expect(events).toEqual([{ type: 'finish' }]);
  });

  it('a cancelled confirmation changes nothing', async () => {
    const { services, api, events, emit, profile } = fakes({}, { confirmed: false });
    await turnOff(services, emit);
    expect(api.deleteTotp).not.toHaveBeenCalled();
    expect(profile()!.totpEnabled).toBe(true);
    expect(events).toEqual([{ type: 'finish' }]);
  });

  it('a 401 restarts, keeping MFA on', async () => {
    const { services, did, events, emit, profile } = fakes({ deleteTotp: failed(401) });
    await turnOff(services, emit);
    expect(events).toEqual([{ type: 'expired' }]);
    expect(profile()!.totpEnabled).toBe(true);
    expect(did).not.toContain('forgetDevice bob');
  });
});

describe('back from the provider', () => {
  beforeEach(() => sessionStorage.clear());

  it('a missing answer never reaches the API and says so', async () => {
    const { services, api, events, emit } = fakes({});
    await resumeRevalidation(services, null, emit);
    expect(api.validateOAuth2).not.toHaveBeenCalled();
    expect(events).toEqual([{ type: 'finish', notice: 'The identity provider did not answer. Please try again.' }]);
  });

  it('the answer gives the recovery token and the set-up continues with its purpose', async () => {
    const url = new URL(
      await beginOAuth({
        provider: 'google',
        revalidate: '2fa',
        returnPath: '/config/2fa',
        clientId: 'g',
        authorizationEndpoint: 'https://g.example/auth',
        nonce: 'n',
        redirectUri: 'http://x/login/callback',
        context: { purpose: 'enable' },
      }),
    );
    const { services, api, did, events, emit } = fakes({
      validateOAuth2: async () => 'recovery-sso',
      createTotp: async () => setup,
      totpQr: async () => new Blob(['png']),
    });
    await resumeRevalidation(services, { code: 'c', state: url.searchParams.get('state')! }, emit);
    expect(api.validateOAuth2.mock.calls[0]![0]).toMatchObject({ provider: 'Google', code: 'c', nonce: 'n' });
    expect(did).toEqual(['setRecoveryToken recovery-sso']);
    expect(events.map((e) => e.type)).toEqual(['qr-created', 'qr-image']);
  });

  it('an answer the API refuses shows its message', async () => {
    const url = new URL(
      await beginOAuth({
        provider: 'google',
        revalidate: '2fa',
        returnPath: '/config/2fa',
        clientId: 'g',
        authorizationEndpoint: 'https://g.example/auth',
        nonce: 'n',
        redirectUri: 'http://x/login/callback',
        context: { purpose: 'disable' },
      }),
    );
    const { services, did, events, emit } = fakes({
      validateOAuth2: failed(401, { message: 'This account is not linked to your user' }),
    });
    await resumeRevalidation(services, { code: 'c', state: url.searchParams.get('state')! }, emit);
    expect(events).toEqual([{ type: 'finish', notice: 'This account is not linked to your user' }]);
    expect(did).toEqual([]);
  });
});
