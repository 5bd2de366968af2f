import { describe, expect, it } from 'vitest';

import { formatVersion } from './formatVersion';

const US = 'MM/dd/yyyy HH:mm';
const EU = 'dd/MM/yyyy HH:mm';

describe('formatVersion', () => {
  it.each([
    ['2025-03-05T10:11:12.000Z', 0, US, '03/05/2025 10:11'],
    ['2025-03-05T10:11:12Z', 2, EU, '05/03/2025 12:11'],
    ['2025-03-05T23:30:00+00:00', 1, EU, '06/03/2025 00:30'],
    // A day, not an instant: no time and no shift to the previous day west of UTC.
    ['2025-01-01', -5, US, '01/01/2025'],
    ['2025-01-01', 0, EU, '01/01/2025'],
    ['1', 0, US, '1'],
    ['v2.3', 0, US, 'v2.3'],
    ['2025-13-45', 0, US, '2025-13-45'],
  ])('%s (UTC%+d, %s) reads "%s"', (version, offset, format, expected) => {
    expect(formatVersion(version, { offset }, format)).toBe(expected);
  });
});
