import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import { injectable } from 'tsyringe';

import type { NavigationService } from './NavigationService';

/** wouter patches `history.pushState/replaceState` once per window under this key and
 *  dispatches same-named events; we reuse the key so whichever loads first patches. */
const PATCH_KEY = Symbol.for('wouter_v3');
const HISTORY_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

function patchHistory(): void {
  const w = window as unknown as Record<symbol, unknown>;
  if (typeof w[PATCH_KEY] !== 'undefined') return;
  for (const type of ['pushState', 'replaceState'] as const) {
    const original = history[type];
    history[type] = function (this: History, ...args: Parameters<History['pushState']>) {
      const result = original.apply(this, args);
      const event = new Event(type) as Event & { arguments?: unknown };
      event.arguments = args;
      dispatchEvent(event);
      return result;
    };
  }
  Object.defineProperty(window, PATCH_KEY, { value: true });
}

interface Location {
  path: string;
  search: string;
}

function readLocation(): Location {
  return { path: window.location.pathname, search: window.location.search.replace(/^\?/, '') };
}

/**
 * The address bar as a stream. Emits on our own navigations, on back/forward (popstate), and on
 * `history.pushState/replaceState` from anyone (wouter's `<Link>`, third-party code).
 */
@injectable()
export class BrowserNavigationService implements NavigationService {
  private readonly location = new BehaviorSubject<Location>(readLocation());
  readonly path$: Observable<string> = this.location.pipe(
    map((l) => l.path),
    distinctUntilChanged(),
  );
  readonly search$: Observable<string> = this.location.pipe(
    map((l) => l.search),
    distinctUntilChanged(),
  );

  private readonly onHistoryEvent = () => this.sync();

  constructor() {
    patchHistory();
    for (const type of HISTORY_EVENTS) window.addEventListener(type, this.onHistoryEvent);
  }

  /** Stops following the address bar (tsyringe calls it on `container.dispose()`). */
  dispose(): void {
    for (const type of HISTORY_EVENTS) window.removeEventListener(type, this.onHistoryEvent);
  }

  path(): string {
    return this.location.value.path;
  }

  search(): string {
    return this.location.value.search;
  }

  navigate(to: string, options?: { replace?: boolean }): void {
    if (options?.replace) history.replaceState(null, '', to);
    else history.pushState(null, '', to);
    // The patched history already dispatched an event; syncing again is a no-op then, and
    // covers a history object someone replaced after us.
    this.sync();
  }

  assign(url: string): void {
    window.location.assign(url);
  }

  private sync(): void {
    const next = readLocation();
    const current = this.location.value;
    if (next.path !== current.path || next.search !== current.search) this.location.next(next);
  }
}
