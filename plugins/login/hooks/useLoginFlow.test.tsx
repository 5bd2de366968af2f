import 'reflect-metadata';

import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { container as rootContainer } from 'tsyringe';
import { describe, expect, it } from 'vitest';

import { CaptchaServiceToken } from '@core/captcha/CaptchaService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { PluginRegistryToken } from '@core/plugin/PluginRegistry';
import { ServicesProvider } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { StorageServiceToken } from '@core/storage/StorageService';
import { apiFailure } from '@core/testing/apiFailure';

import { FakeSessionService } from '../../../tests/harness/fakeSession';
import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { type LoginApi, LoginApiToken } from '../api/LoginApi';
import { fakeLoginServices } from '../flows/testing/fakeLoginServices';
import { useLoginFlow } from './useLoginFlow';

/** The hook with every service it resolves faked, as `[token, fake]` pairs in a child container. */
function renderLoginFlow(own: Partial<LoginApi>, session: FakeSessionService, path = '/login') {
  const fakes = fakeLoginServices(
    { passwordRecoveryEnabled: async () => true, ...own },
    { session, storage: new MemoryStorageService() },
  );
  fakes.nav.navigate(path);
  const services = rootContainer.createChildContainer();
  for (const [token, fake] of [
    [LoginApiToken, fakes.api],
    [SessionServiceToken, session],
    [StorageServiceToken, fakes.services.storage],
    [NavigationServiceToken, fakes.nav],
    [PluginRegistryToken, fakes.registry],
    [CaptchaServiceToken, fakes.captcha],
  ] as const)
    services.register(token, { useValue: fake });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider container={services}>{children}</ServicesProvider>
  );
  return { ...renderHook(() => useLoginFlow(), { wrapper }), ...fakes };
}

/** A session holding a sign-in that waits for its second factor. */
function pendingSession(): FakeSessionService {
  const session = new FakeSessionService();
  session.adopt(
    { token: 'mfa-token', user: { username: 'bob', email: 'bob', totpEnabled: true }, mfaRequired: true },
    { username: 'bob' },
  );
  return session;
}

describe('useLoginFlow', () => {
  it('opens two-auth for a pending second factor; returning to login cancels it in the session', async () => {
    const session = pendingSession();
    const { result } = renderLoginFlow({}, session);
    await waitFor(() => expect(result.current.step).toBe('two-auth'));
    act(() => result.current.go({ type: 'use-recovery-code' }));
    expect(result.current.step).toBe('recovery-code');
    act(() => result.current.go({ type: 'back-to-login' }));
    expect(result.current.step).toBe('login');
    expect(session.secondFactor()).toBeNull();
  });

  it('a failed code step lands on login with its notice and without the pending sign-in', async () => {
    const session = pendingSession();
    const { result } = renderLoginFlow({ validateCode: () => Promise.reject(apiFailure(503, {})) }, session);
    await waitFor(() => expect(result.current.step).toBe('two-auth'));
    let error: string | undefined = 'not called';
    await act(async () => {
      error = await result.current.verifyCode({ digitCode: '123456', remember2fa: false });
    });
    expect(error).toBeUndefined();
    expect(result.current.step).toBe('login');
    expect(result.current.notice).toEqual({
      message: 'No connection, please make sure you have a valid internet connection and try again',
    });
    expect(session.secondFactor()).toBeNull();
  });

  it('a wrong password stays on login and answers the text for the form; recovery availability is read', async () => {
    const { result } = renderLoginFlow({ login: () => Promise.reject(apiFailure(401, {})) }, new FakeSessionService());
    await waitFor(() => expect(result.current.recoveryEnabled).toBe(true));
    let error: string | undefined;
    await act(async () => {
      error = await result.current.signIn({ username: 'bob', password: 'pw' });
    });
    expect(error).toBe("The username / password you've entered doesn't match any account.");
    expect(result.current.step).toBe('login');
  });

  it('a stored session leaves for the site root without asking anything', async () => {
    const { nav, api } = renderLoginFlow(
      {},
      new FakeSessionService('stored', { username: 'bob', email: 'bob', totpEnabled: false }),
    );
    await waitFor(() => expect(nav.path()).toBe('/'));
    expect(api.passwordRecoveryEnabled).not.toHaveBeenCalled();
  });
});
