import { BehaviorSubject, combineLatest, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { type PermissionsService, PermissionsServiceToken } from '../permissions/PermissionsService';
import { type SessionService, SessionServiceToken } from '../session/SessionService';
import { buildSnapshot } from './buildSnapshot';
import { landingFor, signInTarget } from './landing';
import type { PluginManifest } from './PluginManifest';
import {
  PluginManifestsToken,
  type PluginRegistry,
  type RegistrySnapshot,
  type SignInTargetInput,
} from './PluginRegistry';

const idsOf = (snapshot: RegistrySnapshot) => snapshot.plugins.map((plugin) => plugin.id).join(',');

/**
 * Registers plugins from the current token. Nothing here imports a page: chunks are only
 * fetched when the router renders a registered route, so gating here is what keeps a user
 * from downloading modules they may not use.
 */
@injectable()
export class DefaultPluginRegistry implements PluginRegistry {
  readonly known: readonly PluginManifest[];
  readonly registered$: Observable<RegistrySnapshot>;
  private readonly state: BehaviorSubject<RegistrySnapshot>;
  private readonly subscription: Subscription;

  constructor(
    @inject(PluginManifestsToken) manifests: readonly PluginManifest[],
    @inject(SessionServiceToken) session: SessionService,
    @inject(PermissionsServiceToken) permissions: PermissionsService,
  ) {
    this.known = manifests;
    this.state = new BehaviorSubject(buildSnapshot(manifests, { signedIn: false, perms: [] }));
    // claims$ is in the combination so a refresh that keeps the same perms still re-evaluates.
    this.subscription = combineLatest([session.signedIn$, permissions.perms$, session.claims$])
      .pipe(
        map(([signedIn, perms]) => buildSnapshot(manifests, { signedIn, perms })),
        distinctUntilChanged((a, b) => idsOf(a) === idsOf(b)),
      )
      .subscribe(this.state);
    this.registered$ = this.state.asObservable();
  }

  registered(): RegistrySnapshot {
    return this.state.value;
  }

  isRegistered(id: string): boolean {
    return this.state.value.plugins.some((plugin) => plugin.id === id);
  }

  get(id: string): PluginManifest | undefined {
    return this.known.find((plugin) => plugin.id === id);
  }

  signInTarget(input: SignInTargetInput): string {
    return signInTarget(this.known, input);
  }

  landing(perms: readonly string[]): string | null {
    return landingFor(this.known, perms);
  }

  /** For tests and hot reload: stop following the session. */
  dispose(): void {
    this.subscription.unsubscribe();
  }
}
