import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { createFakeHttpService, type FakeReply, type FakeRequest } from '@core/testing';

import { DefaultInviteApi } from './DefaultInviteApi';
import type { InviteApi } from './InviteApi';

const sent = (r: FakeRequest) => ({
  method: r.method,
  url: r.url,
  params: r.config.params as unknown,
  data: r.data,
  authMode: (r.config as { authMode?: unknown }).authMode,
  skipGlobalErrors: (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
});
const PUBLIC = { authMode: { kind: 'public' }, skipGlobalErrors: true };
const user = { username: 'a@corp.example', email: 'a@corp.example', totpEnabled: false };
const answer = { token: 't', user, mfaRequired: false };
const invitation = { username: 'a@corp.example', expired: false, accepted: false, allowedLoginMethods: ['password'] };
const codeBody = {
  provider: 'Okta' as const,
  code: 'c',
  codeVerifier: 'v',
  redirectUri: 'http://x/login/callback',
  nonce: 'n',
};

describe('DefaultInviteApi', () => {
  it.each<[string, (api: InviteApi) => Promise<unknown>, FakeReply, ReturnType<typeof sent>, unknown]>([
    [
      'getInvite',
      (api) => api.getInvite('inv 1'),
      { status: 200, data: invitation },
      { method: 'GET', url: '/um/invite/inv%201', params: undefined, data: undefined, ...PUBLIC },
      invitation,
    ],
    [
      'setPassword',
      (api) => api.setPassword('inv 1', 'Passw0rd!x'),
      { status: 200, data: { user } },
      {
        method: 'POST',
        url: '/um/invite/inv%201/setPassword',
        params: undefined,
        data: { newPassword: 'Passw0rd!x' },
        ...PUBLIC,
      },
      undefined,
    ],
    [
      'login',
      (api) => api.login({ username: 'a@corp.example', password: 'p', captchaToken: 'c-login' }),
      { status: 200, data: answer },
      {
        method: 'POST',
        url: '/um/login',
        params: undefined,
        data: { username: 'a@corp.example', password: 'p', captchaToken: 'c-login' },
        ...PUBLIC,
      },
      answer,
    ],
    [
      'activateWithProvider',
      (api) => api.activateWithProvider('inv 1', codeBody),
      { status: 200, data: answer },
      { method: 'POST', url: '/um/invite/inv%201/setOAuth2', params: undefined, data: codeBody, ...PUBLIC },
      answer,
    ],
    [
      'oktaInviteClient',
      (api) => api.oktaInviteClient('inv 1'),
      { status: 200, data: { publicId: 'p' } },
      {
        method: 'GET',
        url: '/um/oauth2LoginProviders/Okta/publicId',
        params: { invitationId: 'inv 1' },
        data: undefined,
        ...PUBLIC,
      },
      { publicId: 'p' },
    ],
    [
      'googleProviderInfo',
      (api) => api.googleProviderInfo(),
      { status: 200, data: { publicId: 'g' } },
      { method: 'GET', url: '/um/oauth2LoginProviders/Google/publicId', params: undefined, data: undefined, ...PUBLIC },
      { publicId: 'g' },
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
  ])('%s sends its request and answers the body', async (_name, call, reply, request, expected) => {
    const { http, requests } = createFakeHttpService(() => reply);
    expect(await call(new DefaultInviteApi(new DefaultApiClient(http)))).toEqual(expected);
    expect(requests.map(sent)).toEqual([request]);
  });

  it('getInvite refuses an answer that names no user, and fills in what an answer leaves out', async () => {
    const malformed = createFakeHttpService(() => ({ status: 200, data: { nothing: true } }));
    await expect(new DefaultInviteApi(new DefaultApiClient(malformed.http)).getInvite('i')).rejects.toThrow(
      'The invitation answer names no user',
    );
    const sparse = createFakeHttpService(() => ({
      status: 200,
      data: { username: 'a@corp.example', allowedLoginMethods: ['Okta', 7] },
    }));
    expect(await new DefaultInviteApi(new DefaultApiClient(sparse.http)).getInvite('i')).toEqual({
      username: 'a@corp.example',
      expired: false,
      accepted: false,
      allowedLoginMethods: ['Okta'],
    });
    const used = createFakeHttpService(() => ({
      status: 200,
      data: { username: 'a@corp.example', expired: true, accepted: true, allowedLoginMethods: [] },
    }));
    expect(await new DefaultInviteApi(new DefaultApiClient(used.http)).getInvite('i')).toMatchObject({
      expired: true,
      accepted: true,
    });
  });
});
