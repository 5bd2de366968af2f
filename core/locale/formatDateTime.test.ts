import { describe, expect, it } from 'vitest';

import { formatDateTime } from './formatDateTime';

describe('formatDateTime', () => {
  const instant = '2026-03-04T23:30:05Z';

  it('renders in UTC with either format of spec §4', () => {
    expect(formatDateTime(instant, { offset: 0 }, 'MM/dd/yyyy HH:mm')).toBe('03/04/2026 23:30');
    expect(formatDateTime(instant, { offset: 0 }, 'dd/MM/yyyy HH:mm')).toBe('04/03/2026 23:30');
  });

  it('applies the zone offset, crossing the date line and fractional offsets', () => {
    expect(formatDateTime(instant, { offset: 1 }, 'dd/MM/yyyy HH:mm')).toBe('05/03/2026 00:30');
    expect(formatDateTime(instant, { offset: -8 }, 'dd/MM/yyyy HH:mm')).toBe('04/03/2026 15:30');
    expect(formatDateTime(instant, { offset: 5.5 }, 'dd/MM/yyyy HH:mm:ss')).toBe('05/03/2026 05:00:05');
  });

  it('takes numbers and dates, and gives an empty string for unreadable input', () => {
    expect(formatDateTime(Date.parse(instant), { offset: 0 }, 'yyyy-MM-dd')).toBe('2026-03-04');
    expect(formatDateTime(new Date(instant), { offset: 0 }, 'HH:mm')).toBe('23:30');
    expect(formatDateTime('not a date', { offset: 0 }, 'HH:mm')).toBe('');
  });
});
