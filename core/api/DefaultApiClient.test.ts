import { describe, expect, it } from 'vitest';

import { createFakeApiClient, createFakeHttpService } from '@core/testing';

import { fillApiPath } from './buildApiRequest';
import { DefaultApiClient } from './DefaultApiClient';

describe('DefaultApiClient', () => {
  it('fills path parameters URI-encoded and sends query, body and HTTP options as given', async () => {
    const { http, requests } = createFakeHttpService(() => ({ status: 200, data: { state: 'confirmed' } }));
    const api = new DefaultApiClient(http);
    const answer = await api.post('/gluon-backend/incidents/{id}/triage', {
      path: { id: 'a/b c' },
      body: { state: 'confirmed', comment: 'seen' },
      skipGlobalErrors: [400],
    });
    expect(answer).toEqual({ state: 'confirmed' });
    expect(
      requests.map((r) => [
        r.method,
        r.url,
        r.data,
        r.config.params,
        (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
      ]),
    ).toEqual([
      ['POST', '/gluon-backend/incidents/a%2Fb%20c/triage', { state: 'confirmed', comment: 'seen' }, undefined, [400]],
    ]);
    await api.get('/gluon-backend/devices', { query: { size: 20, search: 'x' } });
    expect(requests[1]?.config.params).toEqual({ size: 20, search: 'x' });
  });

  it('answers the whole response from send, and builds a request unsent for downloads', async () => {
    const { http, requests } = createFakeHttpService(() => ({ status: 404, data: { message: 'none' } }));
    const api = new DefaultApiClient(http);
    const response = await api.send('get', '/um/oauth2config/okta', { validateStatus: (s) => s === 404 });
    expect(response.status).toBe(404);
    expect(api.requestConfig('get', '/gluon-backend/files/{id}', { path: { id: 'f/1' } })).toEqual({
      method: 'GET',
      url: '/gluon-backend/files/f%2F1',
    });
    expect(requests).toHaveLength(1);
  });

  it('sends a route that reads only its query with no body at all (body: null), so no content type is set', () => {
    const api = new DefaultApiClient(createFakeHttpService(() => ({ status: 204, data: '' })).http);
    const config = api.requestConfig('post', '/gluon-backend/userRequests/{requestType}', {
      path: { requestType: 'sendFeedback' },
      query: { subject: 's', message: 'm', rating: 4, relatedPageUrl: '/gluon' },
      body: null,
    });
    expect(config).toEqual({
      method: 'POST',
      url: '/gluon-backend/userRequests/sendFeedback',
      params: { subject: 's', message: 'm', rating: 4, relatedPageUrl: '/gluon' },
    });
    expect('data' in config).toBe(false);
  });

  it('sends a list in the query as its key repeated (as the API reads it), and a query without lists as axios does', async () => {
    const { http, requests } = createFakeHttpService(() => ({ status: 200, data: { items: [], nextCursor: null } }));
    const api = new DefaultApiClient(http);
    await api.get('/neutrino-backend/hunt', { query: { value: '50%_off', kinds: ['process', 'path'], size: 25 } });
    await api.get('/gluon-backend/devices', { query: { size: 20, search: 'a b' } });
    const exported = api.requestConfig('get', '/neutrino-backend/hunt/export', {
      query: { value: 'helperd', kinds: ['domain'] },
    });
    // getUri applies the request's own serializer, as the adapter does when it sends.
    expect([...requests.map((r) => http.axios.getUri(r.config)), http.axios.getUri(exported)]).toEqual([
      '/neutrino-backend/hunt?value=50%25_off&kinds=process&kinds=path&size=25',
      '/gluon-backend/devices?size=20&search=a+b',
      '/neutrino-backend/hunt/export?value=helperd&kinds=domain',
    ]);
    expect(requests[1]?.config.paramsSerializer).toBeUndefined();
  });

  it('refuses a template whose parameter was not given', () => {
    expect(() => fillApiPath('/um/users/{id}', {})).toThrow('Path parameter "id" missing for /um/users/{id}');
  });
});

describe('createFakeApiClient', () => {
  it('answers from the handler of the route called, with the options the caller gave, and refuses a route it has none for', async () => {
    const { api, calls } = createFakeApiClient({
      'DELETE /um/users/{id}/sessions': ({ path }) => ({ revoked: path.id.length }),
    });
    expect(await api.delete('/um/users/{id}/sessions', { path: { id: 'u/1' } })).toEqual({ revoked: 3 });
    expect(calls.map((c) => [c.route, c.url])).toEqual([
      ['DELETE /um/users/{id}/sessions', '/um/users/u%2F1/sessions'],
    ]);
    await expect(api.get('/gluon-backend/overview')).rejects.toThrow('No fake answer for GET /gluon-backend/overview');
  });
});
