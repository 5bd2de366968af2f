import { FakePasskeyBrowser } from '@core/auth/passkeys/FakePasskeyBrowser';
import { FakeCaptchaService } from '@core/captcha/FakeCaptchaService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import type { PluginRegistry, SignInTargetInput } from '@core/plugin/PluginRegistry';
import type { SessionService } from '@core/session/SessionService';
import type { StorageService } from '@core/storage/StorageService';
import { type Faked, fakeService } from '@core/testing/fakeService';

import type { LoginApi } from '../../api/LoginApi';
import type { LoginServices } from '../LoginServices';

export type FakeLoginApi = Faked<LoginApi>;

/**
 * A fake LoginApi: the test's own methods, else the environment type 'saas' (the requests
 * themselves: api/DefaultLoginApi.test.ts); any other call fails naming itself.
 */
export function fakeLoginApi(own: Partial<LoginApi> = {}): FakeLoginApi {
  return fakeService<LoginApi>('LoginApi', { environmentType: async () => 'saas' }, own);
}

/** A registry whose landing rule is recorded and answers `target`. */
export function fakeRegistry(target = '/landing'): PluginRegistry & { targets: SignInTargetInput[] } {
  const targets: SignInTargetInput[] = [];
  return {
    targets,
    known: [],
    registered$: undefined as never,
    registered: () => undefined as never,
    isRegistered: () => false,
    get: () => undefined,
    signInTarget: (input) => (targets.push(input), target),
    landing: () => null,
  };
}

/**
 * Every service of the sign-in flows, faked around the given session and storage (the test
 * harness's, which only test files may import); `captchaActions` records the reCAPTCHA actions.
 */
export function fakeLoginServices<Session extends SessionService, Storage extends StorageService>(
  own: Partial<LoginApi>,
  {
    session,
    storage,
    captchaToken,
    passkeys = new FakePasskeyBrowser(),
  }: { session: Session; storage: Storage; captchaToken?: string; passkeys?: FakePasskeyBrowser },
) {
  const api = fakeLoginApi(own);
  const captcha = new FakeCaptchaService(captchaToken);
  const registry = fakeRegistry();
  const nav = new MemoryNavigationService('/login');
  const services: LoginServices = { api, session, storage, nav, registry, captcha, passkeys };
  return { services, api, session, storage, registry, nav, captcha, passkeys, captchaActions: captcha.actions };
}
