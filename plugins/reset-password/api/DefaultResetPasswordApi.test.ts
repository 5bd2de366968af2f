import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { createFakeHttpService, type FakeRequest } from '@core/testing';

import { DefaultResetPasswordApi } from './DefaultResetPasswordApi';

const sent = (r: FakeRequest) => [
  r.method,
  r.url,
  r.data,
  (r.config as { authMode?: unknown }).authMode,
  (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
];

describe('DefaultResetPasswordApi', () => {
  it.each([
    [{ otp: true }, true],
    [{ otp: false }, false],
    [{}, false],
  ])('checkLink asks the link check (public, own errors) and reads otp %j as %s', async (data, otp) => {
    const { http, requests } = createFakeHttpService(() => ({ status: 200, data }));
    expect(await new DefaultResetPasswordApi(new DefaultApiClient(http)).checkLink('a/b')).toEqual({ otp });
    expect(requests.map(sent)).toEqual([['GET', '/um/passwordRecovery/a%2Fb', undefined, { kind: 'public' }, true]]);
  });

  it('changePassword posts the body (public, own errors)', async () => {
    const { http, requests } = createFakeHttpService(() => ({
      status: 200,
      data: { message: 'Your password has been reset' },
    }));
    await new DefaultResetPasswordApi(new DefaultApiClient(http)).changePassword('id-1', {
      otp: '123456',
      otpRecoveryCode: null,
      password: 'Passw0rd!x',
    });
    expect(requests.map(sent)).toEqual([
      [
        'POST',
        '/um/passwordRecovery/id-1/changePassword',
        { otp: '123456', otpRecoveryCode: null, password: 'Passw0rd!x' },
        { kind: 'public' },
        true,
      ],
    ]);
  });

  it('passes a refusal on with the API message', async () => {
    const { http } = createFakeHttpService(() => ({
      status: 410,
      data: { statusCode: 410, message: 'This password reset link has expired' },
    }));
    await expect(new DefaultResetPasswordApi(new DefaultApiClient(http)).checkLink('id-1')).rejects.toMatchObject({
      response: { status: 410 },
    });
  });
});
