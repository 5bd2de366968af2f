import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';

import { AxiosInstanceToken, HttpServiceToken } from '@core/http/HttpService';
import { SessionServiceToken } from '@core/session/SessionService';
import { createFakeAxios } from '@core/testing/createFakeAxios';
import { type ThemeService, ThemeServiceToken } from '@core/theme/ThemeService';

import { renderHost, serviceOverride } from './renderHost';
import { makeTestToken } from './tokens';

describe('renderHost', () => {
  it("the real HTTP service sends the fake session's credentials (it asks session.authorization)", async () => {
    const fake = createFakeAxios(() => ({ status: 200, data: {} }));
    const token = makeTestToken(['gln#rpt#r']);
    const host = renderHost({ plugins: [], token, path: '/x', services: [[AxiosInstanceToken, fake.axios]] });
    const http = host.services.resolve(HttpServiceToken);
    await http.get('/gluon-backend/devices');
    host.session!.setRecoveryToken('rec-1');
    await http.put('/um/mfa/totp/create', {}, { authMode: { kind: 'recovery' } });
    host.session!.setToken(null);
    await http.get('/gluon-backend/devices');
    // Only the calls made here (the signed-in frame may ask for the tenant's logo meanwhile).
    const calls = fake.requests.filter((r) => r.url === '/gluon-backend/devices' || r.url === '/um/mfa/totp/create');
    expect(calls.map((r) => r.headers.Authorization)).toEqual([`Bearer ${token}`, 'Bearer rec-1', undefined]);
  });

  it('realSession uses the DefaultSessionService over the harness storage, starting from token and profile', () => {
    const token = makeTestToken(['gln#rpt#r']);
    const host = renderHost({ plugins: [], token, path: '/login', realSession: true });
    expect(host.session).toBeUndefined();
    const session = host.services.resolve(SessionServiceToken);
    expect(session.token()).toBe(token);
    expect(session.profile()?.username).toBe('admin@example.com');
  });

  it('type-checks each [token, fake] pair against its token', () => {
    const theme: ThemeService = {
      theme$: new BehaviorSubject<'light' | 'dark'>('light'),
      theme: () => 'light',
      set: () => {},
      toggle: () => {},
    };
    const host = renderHost({ plugins: [], path: '/x', services: [[ThemeServiceToken, theme]] });
    expect(host.services.resolve(ThemeServiceToken)).toBe(theme);
    const typed = () => {
      // @ts-expect-error the fake lacks ThemeService's members
      renderHost({ plugins: [], services: [[ThemeServiceToken, { theme: () => 'light' }]] });
      // @ts-expect-error neither through the helper
      serviceOverride(ThemeServiceToken, { toggle: 1 });
    };
    expect(typed).toBeTypeOf('function');
  });
});
