import { BehaviorSubject, map, type Observable } from 'rxjs';
import type { PermissionsService } from '@core/permissions/PermissionsService';
import type { AuthResult, Profile, SessionService, TokenClaims } from '@core/session/SessionService';
import { decodeClaims } from './tokens';

/**
 * An in-memory SessionService for tests: no HTTP, no timers. `setToken` plays the part of a
 * sign-in, a refresh or a logout, which is what the registry and the host react to.
 */
export class FakeSessionService implements SessionService {
  private readonly tokenState: BehaviorSubject<string | null>;
  private readonly profileState: BehaviorSubject<Profile | null>;
  private readonly recoveryState = new BehaviorSubject<string | null>(null);
  readonly token$: Observable<string | null>;
  readonly profile$: Observable<Profile | null>;
  readonly claims$: Observable<TokenClaims | null>;
  readonly signedIn$: Observable<boolean>;
  readonly recoveryToken$: Observable<string | null>;
  readonly calls: string[] = [];
  private readonly signedInState: BehaviorSubject<boolean>;

  constructor(token: string | null = null, profile: Profile | null = token ? defaultProfile : null) {
    this.tokenState = new BehaviorSubject(token);
    this.profileState = new BehaviorSubject(profile);
    this.signedInState = new BehaviorSubject(Boolean(token && profile));
    this.token$ = this.tokenState.asObservable();
    this.profile$ = this.profileState.asObservable();
    this.claims$ = this.tokenState.pipe(map((t) => (t ? decodeClaims(t) : null)));
    this.signedIn$ = this.signedInState.asObservable();
    this.recoveryToken$ = this.recoveryState.asObservable();
  }

  token(): string | null {
    return this.tokenState.value;
  }
  profile(): Profile | null {
    return this.profileState.value;
  }
  claims(): TokenClaims | null {
    const token = this.tokenState.value;
    return token ? decodeClaims(token) : null;
  }
  /** Sign-in (token + profile), refresh (token only) or logout (null). */
  setToken(token: string | null, profile: Profile | null = token ? (this.profileState.value ?? defaultProfile) : null): void {
    // Signing out drops signedIn first and signing in raises it last, so observers combining
    // the streams never see a signed-in state without permissions.
    const signedIn = Boolean(token && profile);
    if (!signedIn) this.signedInState.next(false);
    this.profileState.next(profile);
    this.tokenState.next(token);
    if (signedIn) this.signedInState.next(true);
  }
  signIn(result: AuthResult): void {
    this.calls.push('signIn');
    this.setToken(result.token, result.user);
  }
  updateProfile(patch: Partial<Profile>): void {
    const current = this.profileState.value;
    if (current) this.profileState.next({ ...current, ...patch });
  }
  async refresh(): Promise<void> {
    this.calls.push('refresh');
  }
  async logout(): Promise<void> {
    this.calls.push('logout');
    this.setToken(null, null);
  }
  forceLogout(): void {
    this.calls.push('forceLogout');
    this.setToken(null, null);
  }
  setRecoveryToken(token: string | null): void {
    this.recoveryState.next(token);
  }
}

export const defaultProfile: Profile = { username: 'admin@example.com', email: 'admin@example.com', totpEnabled: false };

/** Permissions read from the fake session's token. */
export class FakePermissionsService implements PermissionsService {
  readonly perms$: Observable<readonly string[]>;
  private current: readonly string[] = [];

  constructor(session: SessionService) {
    this.perms$ = session.claims$.pipe(map((claims) => claims?.perms ?? []));
    this.perms$.subscribe((perms) => (this.current = perms));
  }
  perms(): readonly string[] {
    return this.current;
  }
}
