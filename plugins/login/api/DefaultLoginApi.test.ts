import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { createFakeHttpService, type FakeReply, type FakeRequest } from '@core/testing';

import { DefaultLoginApi } from './DefaultLoginApi';
import type { LoginApi } from './LoginApi';

const sent = (r: FakeRequest) => ({
  method: r.method,
  url: r.url,
  params: r.config.params as unknown,
  data: r.data,
  authMode: (r.config as { authMode?: unknown }).authMode,
  skipGlobalErrors: (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
});
const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true };
const SECOND_FACTOR = { authMode: { kind: 'secondFactor' }, skipGlobalErrors: true };
const user = { username: 'bob@example.com', email: 'bob@example.com', totpEnabled: false };
const answer = { token: 't', user, mfaRequired: false };

describe('DefaultLoginApi', () => {
  it.each<[string, (api: LoginApi) => Promise<unknown>, FakeReply, ReturnType<typeof sent>, unknown]>([
    [
      'passwordRecoveryEnabled',
      (api) => api.passwordRecoveryEnabled(),
      { status: 200, data: { passwordRecoveryEnabled: true } },
      { method: 'GET', url: '/um/passwordRecovery/enabled', params: undefined, data: undefined, ...PUBLIC },
      true,
    ],
    [
      'passwordRecoveryEnabled (a failure counts as disabled)',
      (api) => api.passwordRecoveryEnabled(),
      { status: 503, data: {} },
      { method: 'GET', url: '/um/passwordRecovery/enabled', params: undefined, data: undefined, ...PUBLIC },
      false,
    ],
    [
      'login',
      (api) => api.login({ username: 'bob', password: 'pw', rememberToken: 'device-1', captchaToken: 'c-1' }),
      { status: 200, data: answer },
      {
        method: 'POST',
        url: '/um/login',
        params: undefined,
        data: { username: 'bob', password: 'pw', rememberToken: 'device-1', captchaToken: 'c-1' },
        ...PUBLIC,
      },
      answer,
    ],
    [
      'oauth2Login',
      (api) => api.oauth2Login({ provider: 'Okta', idToken: 'id', nonce: 'n' }),
      { status: 200, data: answer },
      {
        method: 'POST',
        url: '/um/oauth2Login',
        params: undefined,
        data: { provider: 'Okta', idToken: 'id', nonce: 'n' },
        ...PUBLIC,
      },
      answer,
    ],
    [
      'requestPasswordReset',
      (api) => api.requestPasswordReset({ username: 'x@y.example' }),
      { status: 204 },
      { method: 'POST', url: '/um/passwordRecovery', params: undefined, data: { username: 'x@y.example' }, ...PUBLIC },
      undefined,
    ],
    [
      'validateCode',
      (api) => api.validateCode({ totpCode: '123456', remember: true, username: 'bob' }),
      { status: 200, data: answer },
      {
        method: 'POST',
        url: '/um/mfa/totp/validateCode',
        params: undefined,
        data: { totpCode: '123456', remember: true, username: 'bob' },
        ...SECOND_FACTOR,
      },
      answer,
    ],
    [
      'validateRecoveryCode',
      (api) => api.validateRecoveryCode({ totpRecoveryCode: '12345678' }),
      { status: 200, data: answer },
      {
        method: 'POST',
        url: '/um/mfa/totp/validateRecoveryCode',
        params: undefined,
        data: { totpRecoveryCode: '12345678' },
        ...SECOND_FACTOR,
      },
      answer,
    ],
    [
      'environmentType',
      (api) => api.environmentType(),
      { status: 200, data: { environmentType: 'onprem' } },
      {
        method: 'GET',
        url: '/um/environmentType',
        params: undefined,
        data: undefined,
        authMode: undefined,
        skipGlobalErrors: true,
      },
      'onprem',
    ],
    [
      'googleProviderInfo',
      (api) => api.googleProviderInfo(),
      { status: 200, data: { publicId: 'g' } },
      { method: 'GET', url: '/um/oauth2LoginProviders/Google/publicId', params: undefined, data: undefined, ...PUBLIC },
      { publicId: 'g' },
    ],
    [
      'oktaDetails',
      (api) => api.oktaDetails('https://acme.okta.com'),
      { status: 200, data: { clientId: 'o' } },
      {
        method: 'GET',
        url: '/um/oauth2config/okta/details',
        params: { domain: 'https://acme.okta.com' },
        data: undefined,
        ...PUBLIC,
      },
      { clientId: 'o' },
    ],
    [
      'jamfProviderInfo',
      (api) => api.jamfProviderInfo('corp.example', 5000),
      { status: 200, data: { publicId: 'j' } },
      {
        method: 'GET',
        url: '/um/oauth2LoginProviders/JamfAuth0/info',
        params: { emailDomain: 'corp.example' },
        data: undefined,
        ...PUBLIC,
      },
      { publicId: 'j' },
    ],
  ])('%s sends its request and answers the body', async (_name, call, reply, request, expected) => {
    const { http, requests } = createFakeHttpService(() => reply);
    expect(await call(new DefaultLoginApi(new DefaultApiClient(http), http))).toEqual(expected);
    expect(requests.map(sent)).toEqual([request]);
  });

  it('exchangeCode posts the code and PKCE verifier as a form to the provider, and answers the ID token', async () => {
    const { http, requests } = createFakeHttpService(() => ({ status: 200, data: { id_token: 'id-token' } }));
    const exchange = {
      tokenEndpoint: 'https://o.example/token',
      code: 'code-1',
      codeVerifier: 'verifier',
      clientId: 'c',
      redirectUri: 'http://x/login/callback',
    };
    expect(await new DefaultLoginApi(new DefaultApiClient(http), http).exchangeCode(exchange)).toBe('id-token');
    const [request] = requests;
    expect(sent(request!)).toMatchObject({ method: 'POST', url: 'https://o.example/token', ...PUBLIC });
    expect(request!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request!.data as string))).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: 'http://x/login/callback',
      client_id: 'c',
      code_verifier: 'verifier',
    });
  });

  it('exchangeCode refuses an answer without an ID token', async () => {
    const { http } = createFakeHttpService(() => ({ status: 200, data: { access_token: 'a' } }));
    await expect(
      new DefaultLoginApi(new DefaultApiClient(http), http).exchangeCode({
        tokenEndpoint: 'https://o.example/token',
        code: 'c',
        codeVerifier: 'v',
        clientId: 'c',
        redirectUri: 'r',
      }),
    ).rejects.toThrow('The provider answered without an ID token');
  });

  it('passes a refused sign-in on with its status', async () => {
    const { http } = createFakeHttpService(() => ({ status: 401, data: { message: 'Wrong password' } }));
    await expect(
      new DefaultLoginApi(new DefaultApiClient(http), http).login({ username: 'bob', password: 'pw' }),
    ).rejects.toMatchObject({
      response: { status: 401 },
    });
  });
});
