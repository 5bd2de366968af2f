import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { AxiosInstanceToken } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { definePlugin } from '@core/plugin/PluginManifest';
import { SessionServiceToken } from '@core/session/SessionService';
import { createFakeAxios } from '@core/testing/createFakeAxios';

import { renderHost } from '../../../tests/harness/renderHost';
import { testProduct } from '../../../tests/harness/testPlugins';
import { makeTestToken } from '../../../tests/harness/tokens';
import { introPlugin } from '../index';

const user = { username: 'bob@example.com', email: 'bob@example.com', totpEnabled: false };
const fresh = makeTestToken(['gln#rpt#rw'], { typ: 'access', exp: 4102444800 });

const stubPages = definePlugin({
  id: 'stub',
  title: 'Stub',
  kind: 'public',
  requires: [],
  routes: ['/login', '/neutrino', '/devices/:id', '/incident-management/:id'].map((path) => ({
    path,
    page: async () => ({ default: () => <p>stub {path}</p> }),
  })),
});
// The suite's home: without a token, '' follows the products' landing (PluginRegistry.landing).
const gluon = testProduct('gluon', ['gln'], { landing: { rank: 10, suite: true } });

function setup(path: string, token: string | null = null, refreshOk = true) {
  const fake = createFakeAxios((request) => {
    // The signed-in frame asks for the tenant's logo; this tenant has none.
    if (request.url === '/um/logo') return { status: 404, data: { message: 'No logo has been uploaded.' } };
    return request.url === '/um/refresh' && refreshOk
      ? { status: 200, data: { token: fresh, user } }
      : { status: 401, data: { message: 'Invalid token' } };
  });
  const navigation = new MemoryNavigationService(path);
  const visited: string[] = [];
  navigation.path$.subscribe(() => visited.push(navigation.href()));
  // The real session: the link token is exchanged by it, over the fake server.
  const host = renderHost({
    plugins: [introPlugin, stubPages, gluon],
    path,
    token,
    services: [
      [AxiosInstanceToken, fake.axios],
      [NavigationServiceToken, navigation],
    ],
    realSession: true,
  });
  return { host, session: host.services.resolve(SessionServiceToken), visited, requests: fake.requests };
}

afterEach(cleanup);

describe('intro plugin', () => {
  it.each([
    ['/?token=link-token', '/gluon'],
    ['/?token=link-token&product=neutrino', '/neutrino'],
    ['/?token=link-token&deviceId=d-1', '/devices/d-1'],
    ['/?token=link-token&product=gluon&incidentId=i-9', '/incident-management/i-9'],
  ])('%s stores the token and opens %s', async (path, target) => {
    const { session, visited, requests } = setup(path);
    await waitFor(() => expect(visited).toContain(target));
    expect(requests.find((r) => r.url === '/um/refresh')!.headers.Authorization).toBe('Bearer link-token');
    expect(session.token()).toBe(fresh);
    expect(session.profile()).toEqual(user);
  });

  it('an invalid link goes to login with Access Denied', async () => {
    const { session, visited } = setup('/?token=bad', null, false);
    await waitFor(() => expect(visited.some((h) => h.startsWith('/login?error=Access+Denied'))).toBe(true));
    expect(session.token()).toBeNull();
  });

  it('without a token: signed in -> /gluon, else /login', async () => {
    const signedIn = setup('/', fresh);
    await waitFor(() => expect(signedIn.visited).toContain('/gluon'));
    cleanup();
    const anonymous = setup('/');
    await waitFor(() => expect(anonymous.visited).toContain('/login'));
  });

  it('the welcome page redirects to /', async () => {
    const { visited } = setup('/welcome?token=link-token');
    await waitFor(() => expect(visited).toContain('/gluon'));
    expect(visited).toContain('/?token=link-token');
  });
});
