import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { createFakeHttpService, type FakeReply, type FakeRequest } from '@core/testing';

import type { CallbackApi } from './CallbackApi';
import { DefaultCallbackApi } from './DefaultCallbackApi';

const sent = (r: FakeRequest) => ({
  method: r.method,
  url: r.url,
  params: r.config.params as unknown,
  data: r.data,
  authMode: (r.config as { authMode?: unknown }).authMode,
  skipGlobalErrors: (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
});
const user = { username: 'a@corp.example', email: 'a@corp.example', totpEnabled: false };
const answer = { token: 't', user, mfaRequired: false };
const body = {
  provider: 'JamfAuth0' as const,
  code: 'c',
  codeVerifier: 'v',
  redirectUri: 'http://x/login/callback',
  nonce: 'n',
  captchaToken: undefined,
};

describe('DefaultCallbackApi', () => {
  it.each<[string, (api: CallbackApi) => Promise<unknown>, FakeReply, ReturnType<typeof sent>, unknown]>([
    [
      'getInvite',
      (api) => api.getInvite('inv 1'),
      { status: 200, data: { username: 'a@corp.example', expired: false, allowedLoginMethods: [] } },
      {
        method: 'GET',
        url: '/um/invite/inv%201',
        params: undefined,
        data: undefined,
        authMode: { kind: 'public' },
        skipGlobalErrors: true,
      },
      { username: 'a@corp.example', expired: false, allowedLoginMethods: [] },
    ],
    [
      'activateInvite',
      (api) => api.activateInvite('inv 1', body),
      { status: 200, data: answer },
      {
        method: 'POST',
        url: '/um/invite/inv%201/setOAuth2',
        params: undefined,
        data: {
          provider: 'JamfAuth0',
          code: 'c',
          codeVerifier: 'v',
          redirectUri: 'http://x/login/callback',
          nonce: 'n',
        },
        authMode: { kind: 'public' },
        skipGlobalErrors: true,
      },
      answer,
    ],
    [
      'signInWithCode',
      (api) => api.signInWithCode(body),
      { status: 200, data: answer },
      {
        method: 'POST',
        url: '/um/oauth2Login',
        params: undefined,
        data: {
          provider: 'JamfAuth0',
          code: 'c',
          codeVerifier: 'v',
          redirectUri: 'http://x/login/callback',
          nonce: 'n',
        },
        authMode: { kind: 'public' },
        skipGlobalErrors: true,
      },
      answer,
    ],
    [
      'jamfProviderInfo',
      (api) => api.jamfProviderInfo('corp.example'),
      { status: 200, data: { domain: 'corp.example', publicId: 'p' } },
      {
        method: 'GET',
        url: '/um/oauth2LoginProviders/JamfAuth0/info',
        params: { emailDomain: 'corp.example' },
        data: undefined,
        authMode: { kind: 'public' },
        skipGlobalErrors: true,
      },
      { domain: 'corp.example', publicId: 'p' },
    ],
    [
      'environmentType',
      (api) => api.environmentType(),
      { status: 200, data: { environmentType: 'saas' } },
      {
        method: 'GET',
        url: '/um/environmentType',
        params: undefined,
        data: undefined,
        authMode: undefined,
        skipGlobalErrors: true,
      },
      'saas',
    ],
    [
      'environmentType (unreadable)',
      (api) => api.environmentType(),
      { status: 500, data: {} },
      {
        method: 'GET',
        url: '/um/environmentType',
        params: undefined,
        data: undefined,
        authMode: undefined,
        skipGlobalErrors: true,
      },
      null,
    ],
  ])('%s sends its request and answers the body', async (_name, call, reply, request, expected) => {
    const { http, requests } = createFakeHttpService(() => reply);
    expect(await call(new DefaultCallbackApi(new DefaultApiClient(http)))).toEqual(expected);
    expect(requests.map(sent)).toEqual([request]);
  });
});
