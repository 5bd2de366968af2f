import { describe, expect, it } from 'vitest';

import {
  DEFAULT_RECOMMENDED_ACTION,
  RECOMMENDED_ACTIONS,
  recommendedAction,
  recommendedActionsFor,
} from './recommendedActions';

describe('recommended actions', () => {
  it('one sentence per kind found, each kind once, in the order found', () => {
    expect(recommendedActionsFor(['process', 'domain', 'process']).map((a) => a.kind)).toEqual(['process', 'domain']);
    expect(recommendedAction('process')).toMatch(/^A known spyware process ran on the device: isolate it/);
  });

  it('says "the device", true of a phone and of a Mac alike', () => {
    const sentences = [...Object.values(RECOMMENDED_ACTIONS), DEFAULT_RECOMMENDED_ACTION];
    expect(sentences.filter((s) => /\b(phone|iPhone|Android)\b/.test(s))).toEqual([]);
  });

  it('a kind it does not know gets the general advice, not nothing', () => {
    expect(recommendedAction('satellite')).toBe(DEFAULT_RECOMMENDED_ACTION);
  });
});
