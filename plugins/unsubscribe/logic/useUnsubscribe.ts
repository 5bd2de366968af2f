import { useReducer } from 'react';

import type { UnsubscribeApi, UnsubscribeScope } from '../api/UnsubscribeApi';
import { initialUnsubscribeState, unsubscribeReducer, type UnsubscribeState } from './unsubscribeReducer';

/** The page's state and its one action. Any failure reads as an expired link (spec §8). */
export function useUnsubscribe(
  api: UnsubscribeApi,
  jwt: string | null,
): { state: UnsubscribeState; unsubscribe(scope: UnsubscribeScope): Promise<void> } {
  const [state, dispatch] = useReducer(unsubscribeReducer, jwt, initialUnsubscribeState);
  const unsubscribe = async (scope: UnsubscribeScope) => {
    if (!jwt || state.kind !== 'ask' || state.pending) return;
    dispatch({ type: 'submit', scope });
    try {
      await api.unsubscribe(jwt, scope);
      dispatch({ type: 'succeeded', scope });
    } catch {
      dispatch({ type: 'failed' });
    }
  };
  return { state, unsubscribe };
}
