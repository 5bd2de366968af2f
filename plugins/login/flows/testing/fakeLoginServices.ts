import type { AxiosRequestConfig } from 'axios';
import type { HttpService } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import type { PluginRegistry, SignInTargetInput } from '@core/plugin/PluginRegistry';
import type { AuthResult, SignInContext, SignInOutcome } from '@core/session/SessionService';
import { createFakeAxios, type FakeReply, type FakeRequest } from '@core/testing/createFakeAxios';
import { FakeSessionService } from '../../../../tests/harness/fakeSession';
import { MemoryStorageService } from '../../../../tests/harness/MemoryStorageService';
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

/** The harness's session, recording the context of every `adopt` and the calls the flows make on load. */
export class FakeSignInSession extends FakeSessionService {
  readonly adopted: Array<{ answer: AuthResult; context: SignInContext | undefined }> = [];

  /** A session holding a pending second factor, as `/login/callback` or the password step leaves it. */
  static pending(pending: SignInContext = { username: 'bob@example.com', returnUrl: '/neutrino' }): FakeSignInSession {
    const session = new FakeSignInSession();
    session.adopt({ token: 'mfa-token', user: { username: pending.username ?? '', email: '', totpEnabled: true }, mfaRequired: true }, pending);
    session.adopted.length = 0;
    session.calls.length = 0;
    return session;
  }

  override adopt(answer: AuthResult, context?: SignInContext): SignInOutcome {
    this.adopted.push({ answer, context });
    return super.adopt(answer, context);
  }
  override cancelSecondFactor(): void {
    this.calls.push('cancelSecondFactor');
    super.cancelSecondFactor();
  }
  override dropExpired(): void {
    this.calls.push('dropExpired');
    super.dropExpired();
  }
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

/** Every service of the sign-in flows, faked; `captchaActions` records the reCAPTCHA actions asked for. */
export function fakeLoginServices(routes: Routes, session = new FakeSignInSession(), { captchaToken }: { captchaToken?: string } = {}) {
  const { http, requests } = fakeHttp({ 'GET /um/environmentType': () => ({ status: 200, data: { environmentType: 'saas' } }), ...routes });
  const captchaActions: string[] = [];
  const services: LoginServices = {
    http,
    session,
    storage: new MemoryStorageService(),
    nav: new MemoryNavigationService('/login'),
    registry: fakeRegistry(),
    captcha: { getToken: async (action) => (captchaActions.push(action), captchaToken) },
  };
  const calls = (key: string) => requests.filter((r) => `${r.method} ${r.url}` === key);
  return { services, session, registry: services.registry as ReturnType<typeof fakeRegistry>, nav: services.nav as MemoryNavigationService, storage: services.storage as MemoryStorageService, requests, calls, captchaActions };
}
