import { inject, injectable } from 'tsyringe';
import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { isAxiosError } from 'axios';
import {
  BehaviorSubject,
  EMPTY,
  Subscription,
  combineLatest,
  distinctUntilChanged,
  map,
  switchMap,
  timer,
  type Observable,
} from 'rxjs';
import { AxiosInstanceToken, type HttpRequestConfig } from '../http/HttpService';
import { NavigationServiceToken, type NavigationService } from '../navigation/NavigationService';
import { SessionScopedKeys, StorageKeys, StorageServiceToken, type StorageService } from '../storage/StorageService';
import { randomId } from '../util/randomId';
import { decodeClaims, isExpired, isSecondFactorOnly, issuerEndpoint } from './decodeClaims';
import { acquireRefreshLease, releaseRefreshLease } from './refreshLease';
import {
  NO_REFRESH_PATHS,
  REFRESH_INTERVAL_MS,
  type AuthResult,
  type LogoutOptions,
  type Profile,
  type SessionService,
  type TokenClaims,
} from './SessionService';

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
 * Token and profile live in localStorage (zo-token, zo-profile) so a reload and other tabs see
 * them; this service mirrors them into observables, refreshes the token every 3 minutes from
 * one tab, and follows sign-outs made in other tabs.
 */
@injectable()
export class DefaultSessionService implements SessionService {
  private readonly tabId = randomId();
  private readonly tokenSubject = new BehaviorSubject<string | null>(null);
  private readonly profileSubject = new BehaviorSubject<Profile | null>(null);
  private readonly subscriptions = new Subscription();
  private claimsCache: { token: string | null; claims: TokenClaims | null } = { token: null, claims: null };
  private inflightRefresh: Promise<void> | null = null;

  readonly token$: Observable<string | null> = this.tokenSubject.pipe(distinctUntilChanged());
  readonly profile$: Observable<Profile | null> = this.profileSubject.asObservable();
  readonly claims$: Observable<TokenClaims | null> = this.token$.pipe(map(() => this.claims()));
  readonly signedIn$: Observable<boolean> = combineLatest([this.tokenSubject, this.profileSubject]).pipe(
    map(([token, profile]) => Boolean(token && profile)),
    distinctUntilChanged(),
  );
  readonly recoveryToken$: Observable<string | null>;

  constructor(
    @inject(StorageServiceToken) private readonly storage: StorageService,
    @inject(NavigationServiceToken) private readonly nav: NavigationService,
    @inject(AxiosInstanceToken) private readonly axios: AxiosInstance,
  ) {
    this.recoveryToken$ = storage.watch(StorageKeys.recoveryToken);

    // A token that expired while the browser was closed is useless: start signed out.
    if (isExpired(decodeClaims(storage.get(StorageKeys.token)))) {
      storage.remove(StorageKeys.token);
      storage.remove(StorageKeys.profile);
      storage.setAccessCookie(null);
    }

    // Our own writes update the subjects first, so anything arriving here with a different value
    // came from another tab (or code writing storage directly).
    this.subscriptions.add(storage.watch(StorageKeys.token).subscribe((value) => this.onStoredToken(value)));
    this.subscriptions.add(
      storage.watch(StorageKeys.profile).subscribe((raw) => {
        const profile = parseProfile(raw);
        if (JSON.stringify(profile) !== JSON.stringify(this.profileSubject.value)) this.profileSubject.next(profile);
      }),
    );

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
    const token = this.tokenSubject.value;
    if (this.claimsCache.token !== token) this.claimsCache = { token, claims: decodeClaims(token) };
    return this.claimsCache.claims;
  }

  signIn(result: AuthResult): void {
    this.storeProfile(result.user);
    this.storeToken(result.token);
    this.storage.setAccessCookie(result.token);
  }

  updateProfile(patch: Partial<Profile>): void {
    const current = this.profileSubject.value;
    if (!current) return;
    this.storeProfile({ ...current, ...patch });
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
        const response = await this.axios.get<{ logoutUrl?: unknown }>(issuerEndpoint(this.claims(), 'logout'), this.bearer(token));
        if (isWebUrl(response.data?.logoutUrl)) logoutUrl = response.data.logoutUrl;
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

  setRecoveryToken(token: string | null): void {
    if (token) this.storage.set(StorageKeys.recoveryToken, token);
    else this.storage.remove(StorageKeys.recoveryToken);
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
    try {
      const response = await this.axios.get<Partial<AuthResult>>(issuerEndpoint(this.claims(), 'refresh'), this.bearer(token, [401, 403]));
      // Signed out (or replaced by another tab) while the call was running: drop the answer.
      if (this.token() !== token) return;
      const data = response.data ?? {};
      if (data.user && typeof data.user === 'object') this.storeProfile(data.user);
      if (typeof data.token === 'string' && data.token) {
        this.storeToken(data.token);
        this.storage.setAccessCookie(data.token);
      }
    } catch (error) {
      const status = isAxiosError(error) ? error.response?.status : undefined;
      if ((status === 401 || status === 403) && this.token() === token) {
        // The session ended on the server (idle or absolute limit): sign in again, then come back.
        this.forceLogout({ returnUrl: this.currentHref() });
        return;
      }
      throw error;
    }
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

  private storeToken(token: string): void {
    this.tokenSubject.next(token);
    this.storage.set(StorageKeys.token, token);
  }

  private storeProfile(profile: Profile): void {
    const clean: Profile = { username: profile.username, email: profile.email, totpEnabled: profile.totpEnabled === true };
    this.profileSubject.next(clean);
    this.storage.set(StorageKeys.profile, JSON.stringify(clean));
  }

  private clear(): void {
    releaseRefreshLease(this.storage, this.tabId);
    this.tokenSubject.next(null);
    this.profileSubject.next(null);
    for (const key of SessionScopedKeys) this.storage.remove(key);
    this.storage.setAccessCookie(null);
  }

  /** Session calls handle an ended session themselves (sign in again, no 'No Permissions'
   *  toast); a gateway timeout on refresh still gets the global 'No Connection' handling,
   *  logout's failures are ignored altogether. */
  private bearer(token: string, skipGlobalErrors: HttpRequestConfig['skipGlobalErrors'] = true): AxiosRequestConfig {
    const config: HttpRequestConfig = { headers: { Authorization: `Bearer ${token}` }, skipGlobalErrors };
    return config as AxiosRequestConfig;
  }

  private currentHref(): string {
    const search = this.nav.search();
    return search ? `${this.nav.path()}?${search}` : this.nav.path();
  }
}
