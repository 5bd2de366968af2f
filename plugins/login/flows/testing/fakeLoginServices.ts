import type { AxiosRequestConfig } from 'axios';
import { FakeCaptchaService } from '@core/captcha/FakeCaptchaService';
import type { HttpService } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import type { PluginRegistry, SignInTargetInput } from '@core/plugin/PluginRegistry';
import type { SessionService } from '@core/session/SessionService';
import type { StorageService } from '@core/storage/StorageService';
import { createFakeAxios, type FakeReply, type FakeRequest } from '@core/testing/createFakeAxios';
import type { LoginServices } from '../LoginServices';

export type Routes = Record<string, (request: FakeRequest) => FakeReply>;

/** An HttpService over a fake axios: the request's `authMode` is kept in `request.config`. */
export function fakeHttp(routes: Routes): { http: HttpService; requests: FakeRequest[] } {
  const fake = createFakeAxios((request) => routes[`${request.method} ${request.url}`]?.(request) ?? { status: 404, data: {} });
  const { axios } = fake;
  const http: HttpService = {
    axios,
    request: (config) => axios.request(config as AxiosRequestConfig),
    get: (url, config) => axios.get(url, config as AxiosRequestConfig),
    post: (url, data, config) => axios.post(url, data, config as AxiosRequestConfig),
    put: (url, data, config) => axios.put(url, data, config as AxiosRequestConfig),
    delete: (url, config) => axios.delete(url, config as AxiosRequestConfig),
  };
  return { http, requests: fake.requests };
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
  routes: Routes,
  { session, storage, captchaToken }: { session: Session; storage: Storage; captchaToken?: string },
) {
  const { http, requests } = fakeHttp({ 'GET /um/environmentType': () => ({ status: 200, data: { environmentType: 'saas' } }), ...routes });
  const captcha = new FakeCaptchaService(captchaToken);
  const registry = fakeRegistry();
  const nav = new MemoryNavigationService('/login');
  const services: LoginServices = { http, session, storage, nav, registry, captcha };
  const calls = (key: string) => requests.filter((r) => `${r.method} ${r.url}` === key);
  return { services, session, storage, registry, nav, captcha, requests, calls, captchaActions: captcha.actions };
}
