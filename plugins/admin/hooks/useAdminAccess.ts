import { canWriteUsers } from '@common/admin/access';
import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';
import { SessionServiceToken } from '@core/session/SessionService';

export interface AdminAccess {
  perms: readonly string[];
  /** umg#usr#rw: action buttons show only for writers (the API refuses the others anyway). */
  canWrite: boolean;
  /** The signed-in user's id (the token's `sub`): the self-protection rules need it. */
  selfId: string | null;
}

export function useAdminAccess(): AdminAccess {
  const permissions = useService(PermissionsServiceToken);
  const session = useService(SessionServiceToken);
  const perms = useObservable(permissions.perms$, permissions.perms());
  const claims = useObservable(session.claims$, session.claims());
  const sub = claims?.sub;
  return { perms, canWrite: canWriteUsers(perms), selfId: typeof sub === 'string' ? sub : null };
}
