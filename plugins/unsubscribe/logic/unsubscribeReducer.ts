import type { UnsubscribeScope } from '../api/UnsubscribeApi';

export type UnsubscribeState =
  /** The question; `pending` names the button whose call is running. */
  | { kind: 'ask'; pending: UnsubscribeScope | null; failed: boolean }
  /** The link carries no token: nothing can succeed, only the expired alert shows. */
  | { kind: 'no-link' }
  | { kind: 'done'; scope: UnsubscribeScope };

export type UnsubscribeEvent =
  { type: 'submit'; scope: UnsubscribeScope } | { type: 'succeeded'; scope: UnsubscribeScope } | { type: 'failed' };

export function initialUnsubscribeState(jwt: string | null): UnsubscribeState {
  return jwt ? { kind: 'ask', pending: null, failed: false } : { kind: 'no-link' };
}

export function unsubscribeReducer(state: UnsubscribeState, event: UnsubscribeEvent): UnsubscribeState {
  if (state.kind !== 'ask') return state;
  switch (event.type) {
    case 'submit':
      // One call at a time: the second button does nothing while the first runs.
      return state.pending ? state : { kind: 'ask', pending: event.scope, failed: false };
    case 'succeeded':
      return { kind: 'done', scope: event.scope };
    case 'failed':
      return { kind: 'ask', pending: null, failed: true };
  }
}
