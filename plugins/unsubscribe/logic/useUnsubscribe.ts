import { useReducer } from 'react';
import type { HttpService } from '@core/http/HttpService';
import { postUnsubscribe, type UnsubscribeScope } from '../api/postUnsubscribe';
import { initialUnsubscribeState, unsubscribeReducer, type UnsubscribeState } from './unsubscribeReducer';

/** The page's state and its one action. Any failure reads as an expired link (spec §8). */
export function useUnsubscribe(http: HttpService, jwt: string | null): { state: UnsubscribeState; unsubscribe(scope: UnsubscribeScope): Promise<void> } {
  const [state, dispatch] = useReducer(unsubscribeReducer, jwt, initialUnsubscribeState);
  const unsubscribe = async (scope: UnsubscribeScope) => {
    if (!jwt || state.kind !== 'ask' || state.pending) return;
    dispatch({ type: 'submit', scope });
    try {
      await postUnsubscribe(http, jwt, scope);
      dispatch({ type: 'succeeded', scope });
    } catch {
      dispatch({ type: 'failed' });
    }
  };
  return { state, unsubscribe };
}
