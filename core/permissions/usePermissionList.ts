import { useObservable } from '../react/useObservable';
import { useService } from '../react/useService';
import { PermissionsServiceToken } from './PermissionsService';

/**
 * The permission strings themselves, for what is not a yes/no rule: the permission editor's
 * "held" list, contributions that bring their own check. Yes/no questions go through useAccess.
 */
export function usePermissionList(): readonly string[] {
  const permissions = useService(PermissionsServiceToken);
  return useObservable(permissions.perms$, permissions.perms());
}
