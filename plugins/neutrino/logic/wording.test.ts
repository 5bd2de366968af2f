import { describe, expect, it } from 'vitest';

import { sightingsPhrase, timesSeen } from './wording';

describe('neutrino wording', () => {
  it('says a hunt count in plain words, singular and plural alike', () => {
    expect(sightingsPhrase(1, 1)).toBe('1 observation, seen once');
    expect(sightingsPhrase(3, 5)).toBe('3 observations, seen 5 times');
    expect(sightingsPhrase(1, 3)).toBe('1 observation, seen 3 times');
    expect(timesSeen(0)).toBe('0 times');
  });
});
