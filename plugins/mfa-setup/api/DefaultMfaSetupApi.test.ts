import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { createFakeHttpService, type FakeReply, type FakeRequest } from '@core/testing';

import { DefaultMfaSetupApi } from './DefaultMfaSetupApi';
import type { MfaSetupApi } from './MfaSetupApi';

const sent = (r: FakeRequest) => ({
  method: r.method,
  url: r.url,
  params: r.config.params as unknown,
  data: r.data,
  authMode: (r.config as { authMode?: unknown }).authMode,
  skipGlobalErrors: (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
  responseType: r.config.responseType,
});
const RECOVERY = { authMode: { kind: 'recovery' }, skipGlobalErrors: true };
const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true };
const none = { params: undefined, data: undefined, responseType: undefined };
const setup = { secret: 'S', otpauthUrl: 'otpauth://x', recoveryCodes: ['1111-2222'] };
const codeBody = {
  provider: 'Okta' as const,
  code: 'c',
  codeVerifier: 'v',
  redirectUri: 'http://x/login/callback',
  nonce: 'n',
};

describe('DefaultMfaSetupApi', () => {
  it.each<[string, (api: MfaSetupApi) => Promise<unknown>, FakeReply, ReturnType<typeof sent>, unknown]>([
    [
      'validatePassword',
      (api) => api.validatePassword({ password: 'pw', captchaToken: 'c' }),
      { status: 200, data: { token: 'recovery-1' } },
      {
        ...none,
        method: 'POST',
        url: '/um/mfa/validatePassword',
        data: { password: 'pw', captchaToken: 'c' },
        authMode: undefined,
        skipGlobalErrors: true,
      },
      'recovery-1',
    ],
    [
      'validateOAuth2',
      (api) => api.validateOAuth2(codeBody),
      { status: 200, data: { token: 'recovery-sso' } },
      {
        ...none,
        method: 'POST',
        url: '/um/mfa/validateOAuth2',
        data: codeBody,
        authMode: undefined,
        skipGlobalErrors: true,
      },
      'recovery-sso',
    ],
    [
      'createTotp',
      (api) => api.createTotp(),
      { status: 200, data: setup },
      { ...none, method: 'PUT', url: '/um/mfa/totp/create', ...RECOVERY },
      setup,
    ],
    [
      'verifyQr',
      (api) => api.verifyQr('123456'),
      { status: 200, data: { user: {} } },
      { ...none, method: 'POST', url: '/um/mfa/totp/verifyQr', data: { totpCode: '123456' }, ...RECOVERY },
      undefined,
    ],
    [
      'deleteTotp',
      (api) => api.deleteTotp(),
      { status: 204 },
      { ...none, method: 'DELETE', url: '/um/mfa/totp', ...RECOVERY },
      undefined,
    ],
    [
      'googleProviderInfo',
      (api) => api.googleProviderInfo(),
      { status: 200, data: { publicId: 'g' } },
      { ...none, method: 'GET', url: '/um/oauth2LoginProviders/Google/publicId', ...PUBLIC },
      { publicId: 'g' },
    ],
    [
      'oktaDetails',
      (api) => api.oktaDetails('https://acme.okta.com'),
      { status: 200, data: { clientId: 'o' } },
      {
        ...none,
        method: 'GET',
        url: '/um/oauth2config/okta/details',
        params: { domain: 'https://acme.okta.com' },
        ...PUBLIC,
      },
      { clientId: 'o' },
    ],
    [
      'jamfProviderInfo',
      (api) => api.jamfProviderInfo('bob@example.com'),
      { status: 200, data: { publicId: 'j' } },
      {
        ...none,
        method: 'GET',
        url: '/um/oauth2LoginProviders/JamfAuth0/info',
        params: { emailDomain: 'bob@example.com' },
        ...PUBLIC,
      },
      { publicId: 'j' },
    ],
  ])('%s sends its request and answers the body', async (_name, call, reply, request, expected) => {
    const { http, requests } = createFakeHttpService(() => reply);
    expect(await call(new DefaultMfaSetupApi(new DefaultApiClient(http)))).toEqual(expected);
    expect(requests.map(sent)).toEqual([request]);
  });

  it('totpQr asks for the QR code as a blob, with the recovery token', async () => {
    const image = new Blob(['png'], { type: 'image/png' });
    const { http, requests } = createFakeHttpService(() => ({ status: 200, data: image }));
    expect(await new DefaultMfaSetupApi(new DefaultApiClient(http)).totpQr()).toBe(image);
    expect(requests.map(sent)).toEqual([
      { ...none, method: 'GET', url: '/um/mfa/totp/qr', ...RECOVERY, responseType: 'blob' },
    ]);
  });
});
