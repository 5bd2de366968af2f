import { describe, expect, it } from 'vitest';

import { makeTestToken } from '../../tests/harness/tokens';
import { ClaimsCache } from './ClaimsCache';
import { decodeClaims } from './decodeClaims';

describe('ClaimsCache', () => {
  it('decodes a token once and answers the same claims after', () => {
    const decoded: string[] = [];
    const cache = new ClaimsCache(2, (token) => (decoded.push(token), decodeClaims(token)));
    const a = makeTestToken(['gln#a#r']);
    const first = cache.get(a);
    expect(cache.get(a)).toBe(first);
    expect(first?.perms).toEqual(['gln#a#r']);
    expect(decoded).toEqual([a]);
  });

  it('forgets the oldest token past its capacity; null and undecodable tokens are null', () => {
    const decoded: string[] = [];
    const cache = new ClaimsCache(2, (token) => (decoded.push(token), decodeClaims(token)));
    const [a, b, c] = [makeTestToken(['a#a#r']), makeTestToken(['b#b#r']), makeTestToken(['c#c#r'])];
    cache.get(a);
    cache.get(b);
    cache.get(c);
    cache.get(c);
    cache.get(a);
    expect(decoded).toEqual([a, b, c, a]);
    expect(cache.get(null)).toBeNull();
    expect(cache.get('not-a-jwt')).toBeNull();
  });
});
