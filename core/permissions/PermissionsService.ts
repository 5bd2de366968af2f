import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

/** The permission rules themselves (parsing, spec §6 checks) are in common/permissions: the API applies the same. */
export type { Permission, PermissionMode } from '@common/permissions/parsePermission';

export interface PermissionsService {
  /** Permission strings of the current token (empty when signed out). */
  readonly perms$: Observable<readonly string[]>;
  perms(): readonly string[];
}

export const PermissionsServiceToken = createServiceToken<PermissionsService>('permissions');
