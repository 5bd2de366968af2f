import { describe, expect, it } from 'vitest';

import { count } from './count';

describe('count', () => {
  it.each([
    [0, 'finding', undefined, '0 findings'],
    [1, 'finding', undefined, '1 finding'],
    [2, 'finding', undefined, '2 findings'],
    [1, 'entry', 'entries', '1 entry'],
    [3, 'entry', 'entries', '3 entries'],
  ])('%i %s', (n, singular, plural, expected) => {
    expect(count(n, singular, plural)).toBe(expected);
  });
});
