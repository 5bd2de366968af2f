import { describe, expect, it } from 'vitest';

import { endOfDayInZone, isoInZone, isoOffset } from './zonedTime';

describe('zoned time', () => {
  it('writes offsets as ISO 8601 does', () => {
    expect([0, 5.5, -3, 12.75, -9.5].map(isoOffset)).toEqual(['Z', '+05:30', '-03:00', '+12:45', '-09:30']);
  });

  it('prints an instant in a zone with the zone named, UTC by default', () => {
    expect(isoInZone('2026-12-02T08:11:34.567Z')).toBe('2026-12-02T08:11:34Z (UTC)');
    expect(isoInZone(new Date('2026-12-31T18:29:59.999Z'), { offset: 5.5, name: 'IST' })).toBe(
      '2026-12-31T23:59:59+05:30 (IST)',
    );
    expect(isoInZone('not a date')).toBe('');
  });

  it('ends a chosen day at its last instant in the zone, not at the next midnight', () => {
    expect(endOfDayInZone('2026-12-31', 5.5)!.toISOString()).toBe('2026-12-31T18:29:59.999Z');
    expect(endOfDayInZone('2026-12-31', 0)!.toISOString()).toBe('2026-12-31T23:59:59.999Z');
    expect(endOfDayInZone('2026-12-31', -5)!.toISOString()).toBe('2027-01-01T04:59:59.999Z');
    expect(endOfDayInZone('2026-02-30', 0)).toBeNull();
    expect(endOfDayInZone('31/12/2026', 0)).toBeNull();
  });
});
