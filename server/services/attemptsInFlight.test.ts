import { describe, expect, it } from 'vitest';

import { createAttemptsInFlight } from './attemptsInFlight';

describe('attempts in flight', () => {
  it('counts, per key, the holds that began earlier and still hold; a release is counted once', () => {
    const inFlight = createAttemptsInFlight();
    const a = inFlight.hold('mfa:u1');
    const b = inFlight.hold('mfa:u1');
    const c = inFlight.hold('mfa:u1');
    const other = inFlight.hold('ip:10.0.0.1');
    // The first of a burst sees nobody before it, so it always gets its answer.
    expect([a.earlier(), b.earlier(), c.earlier(), other.earlier()]).toEqual([0, 1, 2, 0]);
    expect(inFlight.count('mfa:u1')).toBe(3);
    a.release();
    a.release();
    expect(inFlight.count('mfa:u1')).toBe(2);
    expect([b.earlier(), c.earlier()]).toEqual([0, 1]);
    const d = inFlight.hold('mfa:u1');
    expect(d.earlier()).toBe(2);
    for (const hold of [b, c, d, other]) hold.release();
    expect([inFlight.count('mfa:u1'), inFlight.count('ip:10.0.0.1')]).toEqual([0, 0]);
    // A key whose holds all ended starts again from nobody.
    expect(inFlight.hold('mfa:u1').earlier()).toBe(0);
  });
});
