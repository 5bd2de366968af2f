import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';
import { SessionServiceToken } from '@core/session/SessionService';

/** The signed-in user's id (the token's `sub`): the self-protection rules need it. Not an access rule. */
export function useSelfId(): string | null {
  const session = useService(SessionServiceToken);
  const sub = useObservable(session.claims$, session.claims())?.sub;
  return typeof sub === 'string' ? sub : null;
}
