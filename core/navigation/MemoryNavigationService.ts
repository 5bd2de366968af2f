import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';

import type { NavigationService } from './NavigationService';
import { splitLocation } from './splitLocation';

/**
 * Navigation kept in memory, for tests and the harness: `new MemoryNavigationService('/login?x=1')`
 * registered with `useValue`. External redirects are recorded in `assigned` instead of leaving.
 */
export class MemoryNavigationService implements NavigationService {
  private readonly location: BehaviorSubject<{ path: string; search: string }>;
  readonly path$: Observable<string>;
  readonly search$: Observable<string>;
  /** Every in-app location visited, `path?search`, oldest first (the initial one included). */
  readonly entries: string[] = [];
  /** URLs passed to `assign` (identity-provider redirects, provider logout). */
  readonly assigned: string[] = [];

  constructor(initial = '/') {
    this.location = new BehaviorSubject(splitLocation(initial));
    this.entries.push(this.href());
    this.path$ = this.location.pipe(
      map((l) => l.path),
      distinctUntilChanged(),
    );
    this.search$ = this.location.pipe(
      map((l) => l.search),
      distinctUntilChanged(),
    );
  }

  path(): string {
    return this.location.value.path;
  }

  search(): string {
    return this.location.value.search;
  }

  /** Current `path?search` (no `?` when the query is empty). */
  href(): string {
    const { path, search } = this.location.value;
    return search ? `${path}?${search}` : path;
  }

  navigate(to: string, options?: { replace?: boolean }): void {
    const next = splitLocation(to, this.path());
    if (options?.replace) this.entries.pop();
    this.location.next(next);
    this.entries.push(this.href());
  }

  assign(url: string): void {
    this.assigned.push(url);
  }
}
