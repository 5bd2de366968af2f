import type { Observable } from 'rxjs';
import { createServiceToken } from '../di/ServiceToken';

/** A parsed `module#resource#mode` permission. */
export interface Permission {
  module: string;
  resource: string;
  mode: 'r' | 'w' | 'rw';
}

export interface PermissionsService {
  /** Permission strings of the current token (empty when signed out). */
  readonly perms$: Observable<readonly string[]>;
  perms(): readonly string[];
}

export const PermissionsServiceToken = createServiceToken<PermissionsService>('permissions');
