import { distinctUntilChanged, map, type Observable, shareReplay } from 'rxjs';

import type { PermissionsService } from '@core/permissions/PermissionsService';

import { gluonAccess } from './gluonAccess';
import type { GluonAccess, GluonAccessService } from './GluonAccessService';

const same = (a: GluonAccess, b: GluonAccess) =>
  (Object.keys(a) as (keyof GluonAccess)[]).every((key) => a[key] === b[key]);

/** Gluon's checks over the token's permissions (PermissionsService follows every token change). */
export class DefaultGluonAccessService implements GluonAccessService {
  readonly access$: Observable<GluonAccess>;

  constructor(private readonly permissions: PermissionsService) {
    // A refresh that keeps what the user may do does not re-render gluon's pages.
    this.access$ = permissions.perms$.pipe(
      map(gluonAccess),
      distinctUntilChanged(same),
      shareReplay({ bufferSize: 1, refCount: true }),
    );
  }

  access(): GluonAccess {
    return gluonAccess(this.permissions.perms());
  }
}
