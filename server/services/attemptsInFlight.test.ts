import { describe, expect, it } from 'vitest';
import { createAttemptsInFlight } from './attemptsInFlight';

describe('attempts in flight', () => {
  it('counts the holds per key, each sees the others before it, and a release is counted once', () => {
    const inFlight = createAttemptsInFlight();
    const a = inFlight.hold('mfa:u1');
    const b = inFlight.hold('mfa:u1');
    const other = inFlight.hold('ip:10.0.0.1');
    expect([a.before, b.before, other.before]).toEqual([0, 1, 0]);
    expect(inFlight.count('mfa:u1')).toBe(2);
    expect([a.others(), b.others()]).toEqual([1, 1]);
    a.release();
    a.release();
    expect(inFlight.count('mfa:u1')).toBe(1);
    expect(b.others()).toBe(0);
    expect(inFlight.hold('mfa:u1').before).toBe(1);
    b.release();
    other.release();
    expect(inFlight.count('ip:10.0.0.1')).toBe(0);
  });
});
