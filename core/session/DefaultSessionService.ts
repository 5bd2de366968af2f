import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  EMPTY,
  map,
  type Observable,
  Subscription,
  switchMap,
  timer,
} from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { type GlobalErrorReporter, GlobalErrorReporterToken } from '../errors/GlobalErrorReporter';
import { type NavigationService, NavigationServiceToken } from '../navigation/NavigationService';
import { SessionScopedKeys, StorageKeys, type StorageService, StorageServiceToken } from '../storage/StorageService';
import { isAxiosError } from '../util/isAxiosError';
import { randomId } from '../util/randomId';
import type { AuthMode } from './AuthMode';
import { authorizationHeader } from './authorizationHeader';
import { ClaimsCache } from './ClaimsCache';
import { isExpired, isSecondFactorAnswer, isSecondFactorOnly, issuerOrigin } from './decodeClaims';
import { acquireRefreshLease, releaseRefreshLease } from './refreshLease';
import {
  type HeldSecondFactor,
  loadSecondFactor,
  saveSecondFactor,
  secondFactorMethodsOf,
} from './secondFactorHandoff';
import {
  type AuthResult,
  type LogoutOptions,
  NO_REFRESH_PATHS,
  type PendingSecondFactor,
  type Profile,
  REFRESH_INTERVAL_MS,
  type SessionService,
  type SignInContext,
  type SignInOutcome,
  type TokenClaims,
} from './SessionService';
import { type SessionTransport, SessionTransportToken } from './SessionTransport';

function parseProfile(raw: string | null): Profile | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Profile> | null;
    if (value && typeof value === 'object' && typeof value.username === 'string') {
      return { username: value.username, email: String(value.email ?? ''), totpEnabled: value.totpEnabled === true };
    }
  } catch {
    // malformed: treated as absent
  }
  return null;
}

/** Builds the login address of spec §2 for (forced) logout. */
function loginUrl(params: Array<[string, string]>): string {
  if (params.length === 0) return '/login';
  return `/login?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** The vendor IdP's end-session page: only a real web address is followed. */
function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The owner of the console's credentials. It holds the access token (mirrored to `zo-token` and
 * the `access_token` cookie: persistence for reloads, the cookie for the backends, and cross-tab
 * sync through storage events), the profile, the pending second-factor token (memory + this
 * tab's sessionStorage), the recovery token of 2FA set-up and the remembered-device tokens.
 * The HTTP layer asks `authorization(mode)`; nobody else reads those keys. The session's own
 * calls go through a SessionTransport, never the HTTP service. One tab refreshes per period.
 */
@injectable()
export class DefaultSessionService implements SessionService {
  private readonly tabId = randomId();
  private readonly tokenSubject = new BehaviorSubject<string | null>(null);
  private readonly profileSubject = new BehaviorSubject<Profile | null>(null);
  private readonly secondFactorSubject = new BehaviorSubject<HeldSecondFactor | null>(null);
  private readonly recoverySubject = new BehaviorSubject<string | null>(null);
  private readonly claimsCache = new ClaimsCache();
  private readonly subscriptions = new Subscription();
  private inflightRefresh: Promise<void> | null = null;

  readonly token$: Observable<string | null> = this.tokenSubject.pipe(distinctUntilChanged());
  readonly profile$: Observable<Profile | null> = this.profileSubject.asObservable();
  readonly claims$: Observable<TokenClaims | null> = this.token$.pipe(map(() => this.claims()));
  readonly signedIn$: Observable<boolean> = combineLatest([this.tokenSubject, this.profileSubject]).pipe(
    map(([token, profile]) => Boolean(token && profile)),
    distinctUntilChanged(),
  );
  readonly secondFactor$: Observable<PendingSecondFactor | null> = this.secondFactorSubject.pipe(
    map((held) => held?.pending ?? null),
    distinctUntilChanged(),
  );
  readonly recoveryActive$: Observable<boolean> = this.recoverySubject.pipe(map(Boolean), distinctUntilChanged());

  constructor(
    @inject(StorageServiceToken) private readonly storage: StorageService,
    @inject(NavigationServiceToken) private readonly nav: NavigationService,
    @inject(SessionTransportToken) private readonly transport: SessionTransport,
    @inject(GlobalErrorReporterToken) private readonly errors: GlobalErrorReporter,
  ) {
    // Our own writes update the subjects first, so anything arriving here with a different value
    // came from another tab (or the browser's storage on start).
    this.subscriptions.add(storage.watch(StorageKeys.token).subscribe((value) => this.onStoredToken(value)));
    this.subscriptions.add(
      storage.watch(StorageKeys.profile).subscribe((raw) => {
        const profile = parseProfile(raw);
        if (JSON.stringify(profile) !== JSON.stringify(this.profileSubject.value)) this.profileSubject.next(profile);
      }),
    );
    this.subscriptions.add(
      storage.watch(StorageKeys.recoveryToken).subscribe((value) => this.recoverySubject.next(value)),
    );
    // A sign-in handed over by /login/callback (or a reload of the two-auth step).
    this.secondFactorSubject.next(loadSecondFactor());
    // A token that expired while the browser was closed is useless: start signed out.
    this.dropExpired();

    const refreshAllowed$ = combineLatest([
      this.signedIn$,
      this.token$.pipe(
        map(() => !isSecondFactorOnly(this.claims())),
        distinctUntilChanged(),
      ),
      nav.path$.pipe(
        map((path) => !NO_REFRESH_PATHS.some((pattern) => pattern.test(path))),
        distinctUntilChanged(),
      ),
    ]).pipe(
      map((conditions) => conditions.every(Boolean)),
      distinctUntilChanged(),
    );
    this.subscriptions.add(
      refreshAllowed$
        .pipe(switchMap((allowed) => (allowed ? timer(0, REFRESH_INTERVAL_MS) : EMPTY)))
        .subscribe(() => this.periodicRefresh()),
    );

    if (typeof window !== 'undefined') {
      const release = () => releaseRefreshLease(this.storage, this.tabId);
      window.addEventListener('pagehide', release);
      this.subscriptions.add(() => window.removeEventListener('pagehide', release));
    }
  }

  token(): string | null {
    return this.tokenSubject.value;
  }

  profile(): Profile | null {
    return this.profileSubject.value;
  }

  claims(): TokenClaims | null {
    return this.claimsCache.get(this.tokenSubject.value);
  }

  secondFactor(): PendingSecondFactor | null {
    return this.secondFactorSubject.value?.pending ?? null;
  }

  adopt(result: AuthResult, context: SignInContext = {}): SignInOutcome {
    if (!result || typeof result.token !== 'string' || !result.token)
      throw new Error('adopt: the sign-in answer carries no token');
    const claims = this.claimsCache.get(result.token);
    const username = (typeof result.user?.username === 'string' && result.user.username) || context.username || '';
    const returnUrl = context.returnUrl ?? null;
    const provider = context.provider;

    if (isSecondFactorAnswer(result, claims)) {
      const pending: PendingSecondFactor = {
        username,
        returnUrl,
        ...(provider ? { provider } : {}),
        ...secondFactorMethodsOf(result),
      };
      this.holdSecondFactor({ token: result.token, pending });
      return { kind: 'second-factor', pending };
    }

    if (!result.user || typeof result.user !== 'object') throw new Error('adopt: the sign-in answer carries no user');
    this.holdSecondFactor(null);
    if (result.rememberToken && username) this.storage.setRememberToken(username, result.rememberToken);
    this.storage.set(StorageKeys.sessionStart, String(Date.now()));
    if (provider) this.storage.set(StorageKeys.oauthProvider, provider);
    else this.storage.remove(StorageKeys.oauthProvider);
    // The vendor IdP's sessions remember the account as `domain` (spec §4).
    if (provider === 'jamf') this.storage.set(StorageKeys.domain, username);
    else this.storage.remove(StorageKeys.domain);
    // Profile before token: whoever follows the token sees a complete session.
    const profile = this.storeProfile(result.user);
    this.storeToken(result.token);
    return {
      kind: 'signed-in',
      claims: claims ?? { perms: [] },
      profile,
      returnUrl,
      ...(provider ? { provider } : {}),
    };
  }

  async adoptLinkToken(token: string): Promise<SignInOutcome> {
    if (typeof token !== 'string' || !token.trim()) throw new Error('adoptLinkToken: no token given');
    // A link token (`?token=`) is exchanged for a session at the console's own refresh (spec §2).
    const answer: Partial<AuthResult> | null = await this.transport.get('/um/refresh', token.trim());
    if (!answer || typeof answer.token !== 'string' || !answer.user)
      throw new Error('adoptLinkToken: the answer carries no session');
    return this.adopt(answer as AuthResult);
  }

  cancelSecondFactor(): void {
    this.holdSecondFactor(null);
  }

  updateProfile(patch: Partial<Profile>): void {
    const current = this.profileSubject.value;
    if (!current) return;
    this.storeProfile({ ...current, ...patch });
  }

  authorization(mode: AuthMode): string | null {
    return authorizationHeader(mode, {
      access: this.tokenSubject.value,
      recovery: this.recoverySubject.value,
      secondFactor: this.secondFactorSubject.value?.token ?? null,
    });
  }

  rememberedDevice(username: string): string | null {
    return username ? this.storage.getRememberToken(username) : null;
  }

  forgetDevice(username: string): void {
    if (username) this.storage.setRememberToken(username, null);
  }

  setRecoveryToken(token: string | null): void {
    this.recoverySubject.next(token || null);
    if (token) this.storage.set(StorageKeys.recoveryToken, token);
    else this.storage.remove(StorageKeys.recoveryToken);
  }

  dropExpired(): void {
    if (this.tokenSubject.value && isExpired(this.claims())) {
      this.tokenSubject.next(null);
      this.profileSubject.next(null);
      this.storage.remove(StorageKeys.token);
      this.storage.remove(StorageKeys.profile);
      this.storage.setAccessCookie(null);
    }
    const held = this.secondFactorSubject.value;
    if (held && isExpired(this.claimsCache.get(held.token))) this.holdSecondFactor(null);
  }

  refresh(): Promise<void> {
    this.inflightRefresh ??= this.doRefresh().finally(() => (this.inflightRefresh = null));
    return this.inflightRefresh;
  }

  async logout(options?: LogoutOptions): Promise<void> {
    const token = this.token();
    const provider = this.storage.get(StorageKeys.oauthProvider);
    let logoutUrl: string | undefined;
    if (token) {
      try {
        const answer: { logoutUrl?: unknown } | null = await this.transport.get(
          '/um/logout',
          token,
          issuerOrigin(this.claims()),
        );
        if (isWebUrl(answer?.logoutUrl)) logoutUrl = answer.logoutUrl;
      } catch {
        // The server may already consider the session gone; signing out locally is what matters.
      }
    }
    this.clear();
    if (logoutUrl && provider === 'jamf') {
      this.nav.assign(logoutUrl);
      return;
    }
    const params: Array<[string, string]> = [['reauth', 'false']];
    if (options?.returnUrl) params.push(['returnUrl', options.returnUrl]);
    this.nav.navigate(loginUrl(params));
  }

  forceLogout(options?: LogoutOptions): void {
    const provider = this.storage.get(StorageKeys.oauthProvider);
    this.clear();
    const params: Array<[string, string]> = provider === 'jamf' ? [['reauth', 'true']] : [];
    if (options?.returnUrl) params.push(['returnUrl', options.returnUrl]);
    this.nav.navigate(loginUrl(params));
  }

  /** Stops timers and listeners (tsyringe calls it on `container.dispose()`). */
  dispose(): void {
    this.subscriptions.unsubscribe();
    releaseRefreshLease(this.storage, this.tabId);
  }

  private periodicRefresh(): void {
    if (!acquireRefreshLease(this.storage, this.tabId)) return;
    this.refresh().catch(() => {
      // Network trouble: keep the token and try again next period.
    });
  }

  private async doRefresh(): Promise<void> {
    const token = this.token();
    if (!token) return;
    let answer: Partial<AuthResult> | null;
    try {
      answer = await this.transport.get('/um/refresh', token, issuerOrigin(this.claims()));
    } catch (error) {
      const status = isAxiosError(error) ? error.response?.status : undefined;
      if ((status === 401 || status === 403) && this.token() === token) {
        // The session ended on the server (idle or absolute limit): sign in again, then come back.
        this.forceLogout({ returnUrl: this.currentHref() });
        return;
      }
      // A gateway timeout gets the console-wide 'No Connection' handling (spec §8).
      if (status === 504) this.errors.report(status);
      throw error;
    }
    // Signed out (or replaced by another tab) while the call was running: drop the answer.
    if (this.token() !== token) return;
    if (answer?.user && typeof answer.user === 'object') this.storeProfile(answer.user);
    if (typeof answer?.token === 'string' && answer.token) this.storeToken(answer.token);
  }

  private onStoredToken(value: string | null): void {
    const previous = this.tokenSubject.value;
    if (value === previous) return;
    this.tokenSubject.next(value);
    if (previous && !value) {
      // Signed out in another tab: follow it.
      releaseRefreshLease(this.storage, this.tabId);
      if (!this.nav.path().startsWith('/login')) this.nav.navigate('/login');
    }
  }

  /** Memory, storage and the cookie together (spec §3, §4: the cookie mirrors every token). */
  private storeToken(token: string): void {
    this.tokenSubject.next(token);
    this.storage.set(StorageKeys.token, token);
    this.storage.setAccessCookie(token);
  }

  private storeProfile(profile: Profile): Profile {
    const clean: Profile = {
      username: String(profile.username ?? ''),
      email: String(profile.email ?? ''),
      totpEnabled: profile.totpEnabled === true,
    };
    this.profileSubject.next(clean);
    this.storage.set(StorageKeys.profile, JSON.stringify(clean));
    return clean;
  }

  private holdSecondFactor(held: HeldSecondFactor | null): void {
    this.secondFactorSubject.next(held);
    saveSecondFactor(held);
  }

  private clear(): void {
    releaseRefreshLease(this.storage, this.tabId);
    this.tokenSubject.next(null);
    this.profileSubject.next(null);
    this.recoverySubject.next(null);
    this.holdSecondFactor(null);
    for (const key of SessionScopedKeys) this.storage.remove(key);
    this.storage.setAccessCookie(null);
  }

  private currentHref(): string {
    const search = this.nav.search();
    return search ? `${this.nav.path()}?${search}` : this.nav.path();
  }
}
