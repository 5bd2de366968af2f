import { describe, expect, it } from 'vitest';

import { RECOMMENDED_ACTIONS } from '@common/incidents/recommendedActions';

import { OBSERVATION_KINDS } from './types';

describe('recommended actions (common/incidents)', () => {
  it('every kind of observation the engine produces has its own sentence', () => {
    const missing = OBSERVATION_KINDS.filter((kind) => !(kind in RECOMMENDED_ACTIONS));
    expect(missing).toEqual([]);
  });
});
