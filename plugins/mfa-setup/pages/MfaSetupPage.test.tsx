import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { stashOAuthCallback, takeOAuthCallback } from '@core/auth/oauthHandoff';
import { beginOAuth, OAuthSessionKeys } from '@core/auth/oauthRequest';
import { CaptchaServiceToken } from '@core/captcha/CaptchaService';
import { FakeCaptchaService } from '@core/captcha/FakeCaptchaService';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { type StorageKey, StorageKeys, StorageServiceToken } from '@core/storage/StorageService';
import { apiFailure, fakeService } from '@core/testing';
import { createFakeAxios } from '@core/testing/createFakeAxios';

import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type MfaSetupApi, MfaSetupApiToken } from '../api/MfaSetupApi';
import { mfaSetupPlugin } from '../index';

const token = makeTestToken({ perms: ['gln#rpt#rw'], typ: 'access', exp: 4102444800 });
const setupAnswer = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/x',
  recoveryCodes: ['1111-2222', '3333-4444'],
};

/** An API that knows the password 'Passw0rd!' and the code 123456. */
const okApi: Partial<MfaSetupApi> = {
  validatePassword: async ({ password }) => {
    if (password === 'Passw0rd!') return 'recovery-1';
    throw apiFailure(401, { message: 'Wrong password' });
  },
  createTotp: async () => setupAnswer,
  totpQr: async () => new Blob(['png'], { type: 'image/png' }),
  verifyQr: async (totpCode) => {
    if (totpCode !== '123456') throw apiFailure(400, { message: 'Wrong TOTP code' });
  },
  deleteTotp: async () => undefined,
};

/**
 * The page over a fake MfaSetupApi (the requests themselves, with the recovery token:
 * api/DefaultMfaSetupApi.test.ts); the console's own calls (the header's logo) meet an API that has nothing.
 */
function setup(
  path: string,
  totpEnabled: boolean,
  own: Partial<MfaSetupApi> = okApi,
  storageValues: Partial<Record<StorageKey, string>> = {},
  captcha = new FakeCaptchaService(),
) {
  const api = fakeService<MfaSetupApi>('MfaSetupApi', {}, own);
  const fake = createFakeAxios(() => ({ status: 404, data: {} }));
  const storage = new MemoryStorageService(storageValues);
  const navigation = new MemoryNavigationService(path);
  const visited: string[] = [];
  navigation.search$.subscribe(() => visited.push(navigation.href()));
  navigation.path$.subscribe(() => visited.push(navigation.href()));
  const host = renderHost({
    plugins: [mfaSetupPlugin],
    path,
    token,
    profile: { username: 'bob', email: 'bob@example.com', totpEnabled },
    services: [
      [MfaSetupApiToken, api],
      [AxiosInstanceToken, fake.axios],
      [StorageServiceToken, storage],
      [NavigationServiceToken, navigation],
      [CaptchaServiceToken, captcha],
    ],
  });
  return { host, storage, api, visited };
}

async function confirmPassword(password: string) {
  await userEvent.type(await screen.findByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

beforeAll(() => {
  // jsdom has no object URLs; the page only needs a string to put in <img src>.
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(cleanup);

describe('two-factor set-up', () => {
  it('turns MFA on: password, QR with the secret as text, six-digit verification, recovery codes once', async () => {
    const { host, api } = setup('/config/2fa', false);
    expect((await screen.findByTestId('mfa-state')).textContent).toBe('Off');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    await confirmPassword('wrong');
    expect(await screen.findByText('Wrong password')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await confirmPassword('Passw0rd!');
    expect((await screen.findByTestId('mfa-secret')).textContent).toBe(setupAnswer.secret);
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(host.session!.authorization({ kind: 'recovery' })).toBe('Bearer recovery-1');
    expect(api.totpQr).toHaveBeenCalledTimes(1);

    const code = screen.getByLabelText('Authentication code');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authentication code is required')).toBeTruthy();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid six digit code.')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    const codes = await screen.findByTestId('mfa-recovery-codes');
    expect(codes.textContent).toContain('1111-2222');
    expect(codes.textContent).toContain('3333-4444');
    expect(host.session!.profile()!.totpEnabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByTestId('mfa-state')).textContent).toBe('On');
    expect(screen.queryByText('1111-2222')).toBeNull();
    expect(host.session!.authorization({ kind: 'recovery' })).toBeNull();
  });

  it('turns MFA off after confirmation and forgets the remembered device', async () => {
    const { host, api } = setup('/gluon/config/2fa', true);
    // Remembered devices are the session's now (it stores them itself).
    host.session!.rememberedDevices.set('bob', 'device-1');
    host.session!.rememberedDevices.set('alice', 'device-2');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    await confirmPassword('Passw0rd!');
    expect(await screen.findByText('Confirm your action')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.deleteTotp).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(host.session!.profile()!.totpEnabled).toBe(false));
    expect(host.session!.rememberedDevice('bob')).toBeNull();
    expect(host.session!.rememberedDevice('alice')).toBe('device-2');
  });

  it('keeps MFA on when the confirmation is cancelled', async () => {
    const { host, api } = setup('/config/2fa', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    await confirmPassword('Passw0rd!');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('mfa-state')).textContent).toBe('On');
    expect(api.deleteTotp).not.toHaveBeenCalled();
    expect(host.session!.profile()!.totpEnabled).toBe(true);
  });

  it('the password check carries a captcha token and shows the reCAPTCHA notice while captcha is active', async () => {
    const captcha = new FakeCaptchaService('c-page');
    const { api } = setup('/config/2fa', false, okApi, {}, captcha);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByText(/This site is protected by reCAPTCHA/)).toBeTruthy();
    await confirmPassword('Passw0rd!');
    expect(await screen.findByTestId('mfa-secret')).toBeTruthy();
    expect(api.validatePassword.mock.calls).toEqual([[{ password: 'Passw0rd!', captchaToken: 'c-page' }]]);
    expect(captcha.actions).toEqual(['validate_password']);
  });

  it('without captcha: no notice and no captchaToken on the password check', async () => {
    const { api } = setup('/config/2fa', false);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    await confirmPassword('Passw0rd!');
    expect(await screen.findByTestId('mfa-secret')).toBeTruthy();
    // Undefined: JSON leaves it out of the request.
    expect(api.validatePassword.mock.calls[0]![0].captchaToken).toBeUndefined();
    expect(screen.queryByText(/This site is protected by reCAPTCHA/)).toBeNull();
  });

  it('restarts at /config/2fa when a recovery-mode call answers 401', async () => {
    const { visited } = setup('/gluon/config/2fa', false, {
      ...okApi,
      createTotp: () => Promise.reject(apiFailure(401, { message: 'Invalid token' })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    await confirmPassword('Passw0rd!');
    await waitFor(() => expect(visited).toContain('/config/2fa?expired=true'));
    expect(await screen.findByText('Your verification has expired. Please confirm your password again.')).toBeTruthy();
  });
});

describe('re-validation at the identity provider (SSO accounts)', () => {
  const issuer = 'https://acme.okta.com/oauth2/default';
  const okta = { [StorageKeys.oauthProvider]: 'okta', [StorageKeys.oktaClientIssuer]: issuer };
  const details = {
    clientIssuer: issuer,
    clientId: 'okta-client',
    authorizationEndpoint: `${issuer}/v1/authorize`,
    tokenEndpoint: `${issuer}/v1/token`,
    nonce: 'n-okta',
  };
  beforeEach(() => sessionStorage.clear());

  it('offers no provider to a password sign-in, nor Okta without a known issuer', async () => {
    setup('/config/2fa', false, okApi, { [StorageKeys.oauthProvider]: 'okta' });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Verify with/ })).toBeNull();
  });

  it('leaves for the Okta the user signed in with, flagged revalidate=2fa and back to this page', async () => {
    const { host, api } = setup('/gluon/config/2fa', false, { ...okApi, oktaDetails: async () => details }, okta);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await screen.findByText(/use the password of your console account, or verify with Okta above/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verify with Okta' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(api.oktaDetails.mock.calls).toEqual([[issuer]]);
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.origin + url.pathname).toBe(details.authorizationEndpoint);
    expect(url.searchParams.get('state')).toMatch(/\|provider=okta&revalidate=2fa\|\/gluon\/config\/2fa$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBe('n-okta');
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeTruthy();
  });

  it('the vendor IdP is chosen by the e-mail of the signed-in user', async () => {
    const { host, api } = setup(
      '/config/2fa',
      false,
      {
        ...okApi,
        jamfProviderInfo: async () => ({
          domain: 'example.com',
          publicId: 'jamf-client',
          nonce: 'n-j',
          connectionName: 'corp',
          customIdp: false,
          state: 's-j',
          authorizationEndpoint: 'https://jamf.example/authorize',
        }),
      },
      { [StorageKeys.oauthProvider]: 'jamf' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify with Jamf' }));
    await waitFor(() => expect(host.navigation.assigned).toHaveLength(1));
    expect(api.jamfProviderInfo.mock.calls).toEqual([['bob@example.com']]);
    const url = new URL(host.navigation.assigned[0]!);
    expect(url.searchParams.get('connection')).toBe('corp');
    expect(url.searchParams.get('login_hint')).toBe('bob@example.com');
  });

  it('a failed look-up says so and keeps the password form', async () => {
    setup(
      '/config/2fa',
      false,
      { ...okApi, googleProviderInfo: () => Promise.reject(apiFailure(503, {})) },
      { [StorageKeys.oauthProvider]: 'google' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verify with Google' }));
    expect(
      await screen.findByText('Google is not available right now. Please try again or use your password.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  async function pendingAnswer(purpose: 'enable' | 'disable') {
    const url = new URL(
      await beginOAuth({
        provider: 'okta',
        revalidate: '2fa',
        returnPath: '/config/2fa',
        clientId: 'okta-client',
        authorizationEndpoint: details.authorizationEndpoint,
        nonce: 'n-okta',
        redirectUri: 'http://localhost:3000/login/callback',
        context: { purpose },
      }),
    );
    stashOAuthCallback({ code: 'code-9', state: url.searchParams.get('state')! });
  }

  it('back from the provider: the code gives the recovery token and the set-up continues', async () => {
    await pendingAnswer('enable');
    const { host, api, visited } = setup(
      '/config/2fa?revalidate=2fa',
      false,
      { ...okApi, validateOAuth2: async () => 'recovery-sso' },
      okta,
    );
    expect((await screen.findByTestId('mfa-secret')).textContent).toBe(setupAnswer.secret);
    const body = api.validateOAuth2.mock.calls[0]![0];
    expect(body).toMatchObject({
      provider: 'Okta',
      code: 'code-9',
      redirectUri: 'http://localhost:3000/login/callback',
      nonce: 'n-okta',
    });
    expect(body.codeVerifier).toMatch(/^[\w-]{43,}$/);
    expect(host.session!.authorization({ kind: 'recovery' })).toBe('Bearer recovery-sso');
    expect(visited).toContain('/config/2fa');
    // Single use: state and verifier are gone.
    expect(sessionStorage.getItem(OAuthSessionKeys.pkce)).toBeNull();
    expect(takeOAuthCallback()).toBeNull();
  });

  it('back from the provider to turn MFA off: asks for confirmation, then turns it off', async () => {
    await pendingAnswer('disable');
    const { api } = setup(
      '/config/2fa?revalidate=2fa',
      true,
      { ...okApi, validateOAuth2: async () => 'recovery-sso' },
      okta,
    );
    expect(await screen.findByText('Confirm your action')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.deleteTotp).toHaveBeenCalledTimes(1));
  });

  it('an answer the API refuses shows its message; a missing one never reaches the API', async () => {
    await pendingAnswer('enable');
    setup(
      '/config/2fa?revalidate=2fa',
      false,
      {
        ...okApi,
        validateOAuth2: () => Promise.reject(apiFailure(401, { message: 'This account is not linked to your user' })),
      },
      okta,
    );
    expect(await screen.findByText('This account is not linked to your user')).toBeTruthy();
    expect((await screen.findByTestId('mfa-state')).textContent).toBe('Off');
    cleanup();

    const { api } = setup('/config/2fa?revalidate=2fa', false, okApi, okta);
    expect(await screen.findByText('The identity provider did not answer. Please try again.')).toBeTruthy();
    expect(api.validateOAuth2).not.toHaveBeenCalled();
  });
});
