import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { type SessionService, SessionServiceToken } from '../session/SessionService';
import type { PermissionsService } from './PermissionsService';

const NONE: readonly string[] = Object.freeze([]);

/** Permission strings of the current token; follows sign-in, refresh and logout. */
@injectable()
export class DefaultPermissionsService implements PermissionsService {
  private readonly current = new BehaviorSubject<readonly string[]>(NONE);
  private readonly subscription: Subscription;
  readonly perms$: Observable<readonly string[]> = this.current.asObservable();

  constructor(@inject(SessionServiceToken) session: SessionService) {
    this.subscription = session.claims$.subscribe((claims) => {
      const next = claims?.perms.length ? Object.freeze([...claims.perms]) : NONE;
      // Refresh usually re-issues the same permissions: keep the array identity then.
      if (!sameList(next, this.current.value)) this.current.next(next);
    });
  }

  perms(): readonly string[] {
    return this.current.value;
  }

  dispose(): void {
    this.subscription.unsubscribe();
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
