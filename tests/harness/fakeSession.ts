import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';

import type { PermissionsService } from '@core/permissions/PermissionsService';
import { authorizationHeader } from '@core/session/authorizationHeader';
import { decodeClaims, isExpired, isSecondFactorAnswer } from '@core/session/decodeClaims';
import { secondFactorMethodsOf } from '@core/session/secondFactorHandoff';
import type {
  AuthMode,
  AuthResult,
  PendingSecondFactor,
  Profile,
  SessionService,
  SignInContext,
  SignInOutcome,
  TokenClaims,
} from '@core/session/SessionService';

/**
 * An in-memory SessionService for tests: no HTTP, no timers, no storage. `setToken` plays the
 * part of a sign-in, a refresh or a logout, which is what the registry and the host react to.
 * It answers `authorization(mode)` like the real session, so the real HTTP service sends its
 * token. `calls` records the sign-in and sign-out calls; `linkTokens` are the link tokens
 * `adoptLinkToken` accepts (anything else is refused like an invalid link).
 */
export class FakeSessionService implements SessionService {
  private readonly tokenState: BehaviorSubject<string | null>;
  private readonly profileState: BehaviorSubject<Profile | null>;
  private readonly signedInState: BehaviorSubject<boolean>;
  private readonly secondFactorState = new BehaviorSubject<{ token: string; pending: PendingSecondFactor } | null>(
    null,
  );
  private readonly recoveryState = new BehaviorSubject<string | null>(null);
  readonly token$: Observable<string | null>;
  readonly profile$: Observable<Profile | null>;
  readonly claims$: Observable<TokenClaims | null>;
  readonly signedIn$: Observable<boolean>;
  readonly secondFactor$: Observable<PendingSecondFactor | null> = this.secondFactorState.pipe(
    map((held) => held?.pending ?? null),
  );
  readonly recoveryActive$: Observable<boolean> = this.recoveryState.pipe(map(Boolean), distinctUntilChanged());
  readonly calls: string[] = [];
  /** Remembered-device tokens per username. */
  readonly rememberedDevices = new Map<string, string>();
  /** Link tokens `adoptLinkToken` exchanges, and the answer for each. */
  readonly linkTokens = new Map<string, AuthResult>();
  /** The provider of the last adopted session (`oauth-provider` in the real one). */
  provider: SignInContext['provider'] | null = null;

  constructor(token: string | null = null, profile: Profile | null = token ? defaultProfile : null) {
    this.tokenState = new BehaviorSubject(token);
    this.profileState = new BehaviorSubject(profile);
    this.signedInState = new BehaviorSubject(Boolean(token && profile));
    this.token$ = this.tokenState.asObservable();
    this.profile$ = this.profileState.asObservable();
    this.claims$ = this.tokenState.pipe(map((t) => decodeClaims(t)));
    this.signedIn$ = this.signedInState.asObservable();
  }

  token(): string | null {
    return this.tokenState.value;
  }
  profile(): Profile | null {
    return this.profileState.value;
  }
  claims(): TokenClaims | null {
    return decodeClaims(this.tokenState.value);
  }
  secondFactor(): PendingSecondFactor | null {
    return this.secondFactorState.value?.pending ?? null;
  }

  /** Sign-in (token + profile), refresh (token only) or logout (null). */
  setToken(
    token: string | null,
    profile: Profile | null = token ? (this.profileState.value ?? defaultProfile) : null,
  ): void {
    // Signing out drops signedIn first and signing in raises it last, so observers combining
    // the streams never see a signed-in state without permissions.
    const signedIn = Boolean(token && profile);
    if (!signedIn) this.signedInState.next(false);
    this.profileState.next(profile);
    this.tokenState.next(token);
    if (signedIn) this.signedInState.next(true);
  }

  adopt(result: AuthResult, context: SignInContext = {}): SignInOutcome {
    this.calls.push('adopt');
    const claims = decodeClaims(result.token);
    const username = result.user?.username || context.username || '';
    const returnUrl = context.returnUrl ?? null;
    const provider = context.provider;
    if (isSecondFactorAnswer(result, claims)) {
      const pending: PendingSecondFactor = {
        username,
        returnUrl,
        ...(provider ? { provider } : {}),
        ...secondFactorMethodsOf(result),
      };
      this.secondFactorState.next({ token: result.token, pending });
      return { kind: 'second-factor', pending };
    }
    this.secondFactorState.next(null);
    if (result.rememberToken && username) this.rememberedDevices.set(username, result.rememberToken);
    this.provider = provider ?? null;
    this.setToken(result.token, result.user);
    return {
      kind: 'signed-in',
      claims: claims ?? { perms: [] },
      profile: result.user,
      returnUrl,
      ...(provider ? { provider } : {}),
    };
  }
  async adoptLinkToken(token: string): Promise<SignInOutcome> {
    this.calls.push('adoptLinkToken');
    const answer = this.linkTokens.get(token);
    if (!answer) throw new Error('FakeSessionService: unknown link token');
    return this.adopt(answer);
  }
  cancelSecondFactor(): void {
    this.secondFactorState.next(null);
  }
  updateProfile(patch: Partial<Profile>): void {
    const current = this.profileState.value;
    if (current) this.profileState.next({ ...current, ...patch });
  }
  authorization(mode: AuthMode): string | null {
    return authorizationHeader(mode, {
      access: this.tokenState.value,
      recovery: this.recoveryState.value,
      secondFactor: this.secondFactorState.value?.token ?? null,
    });
  }
  rememberedDevice(username: string): string | null {
    return this.rememberedDevices.get(username) ?? null;
  }
  forgetDevice(username: string): void {
    this.rememberedDevices.delete(username);
  }
  setRecoveryToken(token: string | null): void {
    this.recoveryState.next(token);
  }
  dropExpired(): void {
    if (this.tokenState.value && isExpired(this.claims())) this.setToken(null, null);
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
}

export const defaultProfile: Profile = {
  username: 'admin@example.com',
  email: 'admin@example.com',
  totpEnabled: false,
};

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
