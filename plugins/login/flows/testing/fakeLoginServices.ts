import type { AxiosRequestConfig } from 'axios';
import { BehaviorSubject, map } from 'rxjs';
import type { HttpService } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import type { PluginRegistry, SignInTargetInput } from '@core/plugin/PluginRegistry';
import { decodeClaims } from '@core/session/decodeClaims';
import type { AuthResult, PendingSecondFactor, Profile, SessionService, SignInContext, SignInOutcome } from '@core/session/SessionService';
import { createFakeAxios, type FakeReply, type FakeRequest } from '@core/testing/createFakeAxios';
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

/**
 * The session contract as the sign-in flows see it: `adopt` holds an `mfaRequired` answer as the
 * pending second factor, starts a session otherwise, and `calls` records what was asked of it.
 */
export class FakeSignInSession implements SessionService {
  private readonly tokenState = new BehaviorSubject<string | null>(null);
  private readonly profileState = new BehaviorSubject<Profile | null>(null);
  private readonly pendingState = new BehaviorSubject<PendingSecondFactor | null>(null);
  private readonly recoveryState = new BehaviorSubject<string | null>(null);
  readonly token$ = this.tokenState.asObservable();
  readonly profile$ = this.profileState.asObservable();
  readonly claims$ = this.tokenState.pipe(map(decodeClaims));
  readonly signedIn$ = this.tokenState.pipe(map(() => Boolean(this.tokenState.value && this.profileState.value)));
  readonly secondFactor$ = this.pendingState.asObservable();
  readonly recoveryActive$ = this.recoveryState.pipe(map(Boolean));
  readonly calls: string[] = [];
  readonly adopted: Array<{ answer: AuthResult; context: SignInContext }> = [];
  readonly remembered = new Map<string, string>();
  /** What `adoptLinkToken` answers (or throws). */
  linkAnswer: () => Promise<AuthResult> = () => Promise.reject(new Error('no link answer'));

  constructor({ token = null, profile = null, pending = null }: { token?: string | null; profile?: Profile | null; pending?: PendingSecondFactor | null } = {}) {
    this.tokenState.next(token);
    this.profileState.next(profile);
    this.pendingState.next(pending);
  }

  token(): string | null {
    return this.tokenState.value;
  }
  profile(): Profile | null {
    return this.profileState.value;
  }
  claims() {
    return decodeClaims(this.tokenState.value);
  }
  secondFactor(): PendingSecondFactor | null {
    return this.pendingState.value;
  }
  adopt(answer: AuthResult, context: SignInContext = {}): SignInOutcome {
    this.calls.push('adopt');
    this.adopted.push({ answer, context });
    const username = answer.user?.username || context.username || '';
    if (answer.mfaRequired) {
      const pending = { username, returnUrl: context.returnUrl ?? null, provider: context.provider };
      this.pendingState.next(pending);
      return { kind: 'second-factor', pending };
    }
    if (answer.rememberToken) this.remembered.set(username, answer.rememberToken);
    this.pendingState.next(null);
    this.profileState.next(answer.user);
    this.tokenState.next(answer.token);
    return { kind: 'signed-in', claims: decodeClaims(answer.token) ?? { perms: [] }, profile: answer.user, returnUrl: context.returnUrl ?? null, provider: context.provider };
  }
  async adoptLinkToken(token: string): Promise<SignInOutcome> {
    this.calls.push(`adoptLinkToken ${token}`);
    return this.adopt(await this.linkAnswer());
  }
  cancelSecondFactor(): void {
    this.calls.push('cancelSecondFactor');
    this.pendingState.next(null);
  }
  updateProfile(patch: Partial<Profile>): void {
    const current = this.profileState.value;
    if (current) this.profileState.next({ ...current, ...patch });
  }
  authorization(): string | null {
    return null;
  }
  rememberedDevice(username: string): string | null {
    return this.remembered.get(username) ?? null;
  }
  forgetDevice(username: string): void {
    this.remembered.delete(username);
  }
  setRecoveryToken(token: string | null): void {
    this.recoveryState.next(token);
  }
  dropExpired(): void {
    this.calls.push('dropExpired');
    const exp = this.claims()?.exp;
    if (typeof exp === 'number' && exp * 1000 <= Date.now()) {
      this.tokenState.next(null);
      this.profileState.next(null);
    }
  }
  async refresh(): Promise<void> {}
  async logout(): Promise<void> {}
  forceLogout(): void {}
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
