import { describe, expect, it } from 'vitest';

import { isSilenced, type Rule, ruleMatches, ruleSelects } from './ruleMatch';
import { dueAt, retryDelayMs } from './schedule';

const rule = (over: Partial<Rule> = {}): Rule => ({
  id: 'r1',
  enabled: true,
  minSeverity: 'medium',
  category: null,
  familyId: null,
  groupId: null,
  frequency: 'immediate',
  groupWindowSeconds: 30,
  ...over,
});
const alert = { severity: 'high' as const, category: 'incident' as const, familyId: 'malware--dark', deviceId: 'd1' };
const none = new Set<string>();

describe('ruleSelects', () => {
  it.each([
    ['matches by default', rule(), alert, none, true],
    ['disabled', rule({ enabled: false }), alert, none, false],
    [
      'below the minimum severity',
      rule({ minSeverity: 'high' }),
      { ...alert, severity: 'medium' as const },
      none,
      false,
    ],
    ['at the minimum severity', rule({ minSeverity: 'medium' }), { ...alert, severity: 'medium' as const }, none, true],
    ['another category', rule({ category: 'stale' }), alert, none, false],
    ['its category', rule({ category: 'incident' }), alert, none, true],
    ['another family', rule({ familyId: 'malware--king' }), alert, none, false],
    ['a group the device is not in', rule({ groupId: 'g1' }), alert, none, false],
    ['a group the device is in', rule({ groupId: 'g1' }), alert, new Set(['g1']), true],
  ])('%s', (_name, r, a, groups, expected) => {
    expect(ruleSelects(r, a, groups)).toBe(expected);
  });
});

describe('isSilenced', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const span = { startsAt: new Date('2026-01-01T11:00:00Z'), endsAt: new Date('2026-01-01T13:00:00Z') };
  it.each([
    ['the rule, now', [{ ...span, ruleId: 'r1', deviceId: null }], true],
    ['another rule', [{ ...span, ruleId: 'r2', deviceId: null }], false],
    ['the device, for every rule', [{ ...span, ruleId: null, deviceId: 'd1' }], true],
    ['another device', [{ ...span, ruleId: null, deviceId: 'd2' }], false],
    ['the rule for another device only', [{ ...span, ruleId: 'r1', deviceId: 'd2' }], false],
    ['ended', [{ startsAt: new Date('2026-01-01T10:00:00Z'), endsAt: now, ruleId: 'r1', deviceId: null }], false],
    [
      'not started',
      [{ startsAt: new Date('2026-01-01T12:00:01Z'), endsAt: span.endsAt, ruleId: 'r1', deviceId: null }],
      false,
    ],
  ])('%s', (_name, silences, expected) => {
    expect(isSilenced({ id: 'r1' }, alert, silences, now)).toBe(expected);
    expect(ruleMatches(rule(), alert, { deviceGroups: none, silences, now })).toBe(!expected);
  });
});

describe('dueAt and retryDelayMs', () => {
  const now = new Date('2026-03-11T15:30:00Z'); // a Wednesday
  it('is the grouping window for immediate, next midnight for daily, next Monday for weekly', () => {
    expect(dueAt('immediate', now, 30)).toEqual(new Date('2026-03-11T15:30:30Z'));
    expect(dueAt('immediate', now, 0)).toEqual(now);
    expect(dueAt('daily', now, 30)).toEqual(new Date('2026-03-12T00:00:00Z'));
    expect(dueAt('weekly', now, 30)).toEqual(new Date('2026-03-16T00:00:00Z'));
    // On a Sunday the weekly summary is the next midnight; on a Monday, a week on.
    expect(dueAt('weekly', new Date('2026-03-15T10:00:00Z'), 0)).toEqual(new Date('2026-03-16T00:00:00Z'));
    expect(dueAt('weekly', new Date('2026-03-16T10:00:00Z'), 0)).toEqual(new Date('2026-03-23T00:00:00Z'));
  });
  it('doubles from 30 s up to an hour', () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3600_000]);
  });
});
