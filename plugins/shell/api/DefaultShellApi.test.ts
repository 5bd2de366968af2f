import axios from 'axios';
import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { createFakeHttpService, type FakeRequest } from '@core/testing';

import { DefaultShellApi } from './DefaultShellApi';
import { MAX_QUERY_URL_BYTES } from './ShellApi';

/** The query as the server reads it off the address axios writes (params serialised as sent). */
const queryOf = (request: FakeRequest) =>
  Object.fromEntries(new URL(axios.getUri(request.config), 'http://x').searchParams);
const skip = (request: FakeRequest) => (request.config as { skipGlobalErrors?: unknown }).skipGlobalErrors;

function client() {
  const { http, requests } = createFakeHttpService(() => ({ status: 201, data: { id: '1' } }));
  return { api: new DefaultShellApi(new DefaultApiClient(http)), requests };
}

describe('DefaultShellApi', () => {
  it('changePassword posts old and new to /um/password (bearer, global errors as usual)', async () => {
    const { api, requests } = client();
    await api.changePassword({ oldPassword: 'Old-Password-1', newPassword: 'New-Password-2' });
    expect(requests.map((r) => [r.method, r.url, r.data, skip(r)])).toEqual([
      ['POST', '/um/password', { oldPassword: 'Old-Password-1', newPassword: 'New-Password-2' }, undefined],
    ]);
  });

  it('sendContactRequest posts the fields in the query of the product’s address, without a body', async () => {
    const { api, requests } = client();
    await api.sendContactRequest('neutrino', {
      requestType: 'sendFeedback',
      subject: 'Nice & quick',
      message: 'Works well?',
      rating: 4,
      relatedPageUrl: 'http://x/neutrino',
    });
    const [call] = requests;
    // No body at all: the query carries the fields (`body: null` is the schema's "no body"; a null
    // body would let axios label the empty POST as a form, which the API refuses with 415).
    expect([call!.method, call!.url, call!.data, skip(call!)]).toEqual([
      'POST',
      '/neutrino-backend/userRequests/sendFeedback',
      undefined,
      [403],
    ]);
    expect(queryOf(call!)).toEqual({
      subject: 'Nice & quick',
      message: 'Works well?',
      rating: '4',
      relatedPageUrl: 'http://x/neutrino',
    });
  });

  it('a long message goes as a JSON body instead of an address over 8 KiB', async () => {
    const { api, requests } = client();
    await api.sendContactRequest('gluon', {
      requestType: 'contactSupport',
      subject: 'Long',
      message: 'x'.repeat(MAX_QUERY_URL_BYTES),
      rating: 0,
      relatedPageUrl: 'http://x/gluon',
    });
    const [call] = requests;
    expect([call!.method, call!.url, call!.config.params, skip(call!)]).toEqual([
      'POST',
      '/gluon-backend/userRequests/contactSupport',
      undefined,
      [403],
    ]);
    expect(call!.data).toMatchObject({ subject: 'Long', rating: 0, relatedPageUrl: 'http://x/gluon' });
    expect((call!.data as { message: string }).message).toHaveLength(MAX_QUERY_URL_BYTES);
  });
});
