import { describe, expect, it } from 'vitest';

import { ipsTimestampToIso } from './ipsTimestamp';

describe('ipsTimestampToIso', () => {
  it('converts each stamp right when the same ones come again, alternating (the last one is kept)', () => {
    const a = '2023-06-01 10:17:55.00 +0200';
    const b = '2023-06-01 10:17:55.5 -0130';
    for (let i = 0; i < 2; i++) {
      expect(ipsTimestampToIso(a)).toBe('2023-06-01T08:17:55.000Z');
      expect(ipsTimestampToIso(a)).toBe('2023-06-01T08:17:55.000Z');
      expect(ipsTimestampToIso(b)).toBe('2023-06-01T11:47:55.500Z');
      expect(ipsTimestampToIso('not a stamp')).toBeUndefined();
      expect(ipsTimestampToIso(42)).toBeUndefined();
    }
  });
});
