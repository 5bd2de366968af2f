import { describe, expect, it } from 'vitest';

import { initialUnsubscribeState, unsubscribeReducer } from './unsubscribeReducer';

describe('unsubscribeReducer', () => {
  it('starts at the question with a token, at the expired alert without', () => {
    expect(initialUnsubscribeState('t')).toEqual({ kind: 'ask', pending: null, failed: false });
    expect(initialUnsubscribeState(null)).toEqual({ kind: 'no-link' });
  });

  it('keeps the first pending call and ignores a second submit', () => {
    const pending = unsubscribeReducer(initialUnsubscribeState('t'), { type: 'submit', scope: 'all' });
    expect(pending).toEqual({ kind: 'ask', pending: 'all', failed: false });
    expect(unsubscribeReducer(pending, { type: 'submit', scope: 'notification' })).toBe(pending);
  });

  it('a failure clears the pending call and marks the link failed; a new submit clears the mark', () => {
    const failed = unsubscribeReducer({ kind: 'ask', pending: 'notification', failed: false }, { type: 'failed' });
    expect(failed).toEqual({ kind: 'ask', pending: null, failed: true });
    expect(unsubscribeReducer(failed, { type: 'submit', scope: 'all' })).toEqual({
      kind: 'ask',
      pending: 'all',
      failed: false,
    });
  });

  it('done and no-link are final', () => {
    const done = unsubscribeReducer(
      { kind: 'ask', pending: 'all', failed: false },
      { type: 'succeeded', scope: 'all' },
    );
    expect(done).toEqual({ kind: 'done', scope: 'all' });
    expect(unsubscribeReducer(done, { type: 'failed' })).toBe(done);
    const noLink = initialUnsubscribeState(null);
    expect(unsubscribeReducer(noLink, { type: 'submit', scope: 'all' })).toBe(noLink);
  });
});
