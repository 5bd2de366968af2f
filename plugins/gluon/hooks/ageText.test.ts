import { describe, expect, it } from 'vitest';

import { ageText } from './ageText';

const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('ageText', () => {
  it.each([
    ['2026-11-27T11:59:30Z', 'just now'],
    ['2026-11-27T11:59:00Z', '1 minute'],
    ['2026-11-27T11:15:00Z', '45 minutes'],
    ['2026-11-27T11:00:00Z', '1 hour'],
    ['2026-11-25T13:00:00Z', '47 hours'],
    ['2026-11-25T12:00:00Z', '2 days'],
    ['2026-10-28T12:00:00Z', '30 days'],
    // A clock a little behind the server's never says "-1 minutes".
    ['2026-11-27T12:05:00Z', 'just now'],
  ])('%s is %s ago', (since, text) => {
    expect(ageText(since, NOW)).toBe(text);
  });
});
