import { useMemo } from 'react';
import { map } from 'rxjs';

import { useObservable } from '../react/useObservable';
import { useService } from '../react/useService';
import { type Access, accessOf, type AccessRules } from './accessOf';
import { PermissionsServiceToken } from './PermissionsService';

export type { Access, AccessRules } from './accessOf';

/**
 * What the signed-in user may do here: `useAccess(gluonAccess)` answers `{ upload: true, … }`, one
 * boolean per rule, and follows sign-in, refresh and logout. Declare the rules object once at
 * module level (a new object each render would evaluate and subscribe again); the answer keeps
 * its identity while no rule's answer changes.
 */
export function useAccess<R extends AccessRules>(rules: R): Access<R> {
  const permissions = useService(PermissionsServiceToken);
  const { answer$, initial } = useMemo(() => {
    const answer = accessOf(rules);
    return { answer$: permissions.perms$.pipe(map(answer)), initial: answer(permissions.perms()) };
  }, [permissions, rules]);
  return useObservable(answer$, initial);
}
