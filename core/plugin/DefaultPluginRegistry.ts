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
import type { RuntimePluginRegistry } from './RuntimePluginRegistry';

/**
 * Same plugins, same manifests: built-ins never change object, so this is the id comparison it
 * replaces for them; a runtime plugin upgraded under the same id is a new manifest, a new snapshot.
 */
const samePlugins = (a: RegistrySnapshot, b: RegistrySnapshot) =>
  a.plugins.length === b.plugins.length && a.plugins.every((plugin, index) => plugin === b.plugins[index]);

/**
 * Registers plugins from the current token. Nothing here imports a page: chunks are only
 * fetched when the router renders a registered route, so gating here is what keeps a user
 * from downloading modules they may not use.
 */
@injectable()
export class DefaultPluginRegistry implements PluginRegistry, RuntimePluginRegistry {
  readonly registered$: Observable<RegistrySnapshot>;
  readonly pending$: Observable<boolean>;
  private readonly builtIn: readonly PluginManifest[];
  private readonly manifests: BehaviorSubject<readonly PluginManifest[]>;
  private readonly state: BehaviorSubject<RegistrySnapshot>;
  private readonly pending = new BehaviorSubject(false);
  private readonly subscription: Subscription;

  constructor(
    @inject(PluginManifestsToken) manifests: readonly PluginManifest[],
    @inject(SessionServiceToken) session: SessionService,
    @inject(PermissionsServiceToken) permissions: PermissionsService,
  ) {
    this.builtIn = manifests;
    this.manifests = new BehaviorSubject(manifests);
    this.state = new BehaviorSubject(buildSnapshot(manifests, { signedIn: false, perms: [] }));
    // claims$ is in the combination so a refresh that keeps the same perms still re-evaluates.
    this.subscription = combineLatest([this.manifests, session.signedIn$, permissions.perms$, session.claims$])
      .pipe(
        map(([known, signedIn, perms]) => buildSnapshot(known, { signedIn, perms })),
        distinctUntilChanged(samePlugins),
      )
      .subscribe(this.state);
    this.registered$ = this.state.asObservable();
    this.pending$ = this.pending.pipe(distinctUntilChanged());
  }

  get known(): readonly PluginManifest[] {
    return this.manifests.value;
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

  add(manifest: PluginManifest): void {
    if (this.builtIn.some((plugin) => plugin.id === manifest.id))
      throw new Error(`plugin '${manifest.id}' is built in: it cannot be replaced at run time`);
    const current = this.manifests.value;
    const index = current.findIndex((plugin) => plugin.id === manifest.id);
    if (index >= 0 && current[index] === manifest) return;
    this.manifests.next(
      index >= 0 ? current.map((plugin, i) => (i === index ? manifest : plugin)) : [...current, manifest],
    );
  }

  remove(id: string): void {
    if (this.builtIn.some((plugin) => plugin.id === id)) return;
    const current = this.manifests.value;
    if (current.some((plugin) => plugin.id === id)) this.manifests.next(current.filter((plugin) => plugin.id !== id));
  }

  setPending(pending: boolean): void {
    this.pending.next(pending);
  }

  /** For tests and hot reload: stop following the session. */
  dispose(): void {
    this.subscription.unsubscribe();
  }
}
