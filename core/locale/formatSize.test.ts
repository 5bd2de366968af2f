import { describe, expect, it } from 'vitest';

import { formatSize } from './formatSize';

describe('formatSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1638, '1.6 KB'],
    [23 * 1024 + 100, '23 KB'],
    [1024 * 1024 - 20, '1 MB'],
    [4.2 * 1024 * 1024, '4.2 MB'],
    [1536 * 1024 * 1024, '1.5 GB'],
    [-1, ''],
    [Number.NaN, ''],
  ])('%d bytes is "%s"', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });
});
