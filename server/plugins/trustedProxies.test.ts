import { describe, expect, it } from 'vitest';

import { fastifyTrustProxy, parseTrustProxy } from './trustedProxies';

describe('parseTrustProxy (TRUST_PROXY)', () => {
  it.each([
    [null, false],
    ['off', false],
    ['0', false],
    ['on', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8,loopback', ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']],
  ])('%j -> %j', (raw, value) => {
    expect(parseTrustProxy(raw)).toEqual({ value });
  });

  it.each(['perhaps', '10.0.0.0/33', '::1/129', '10.0.0.300', '10.0.0.0/8/1', '99', ',', 'example.com'])(
    'refuses %j',
    (raw) => {
      expect(parseTrustProxy(raw)).toHaveProperty('problem');
    },
  );

  it('turns a hop count into a function over the hop index (socket peer = 0)', () => {
    const trust = fastifyTrustProxy(2) as (a: string, i: number) => boolean;
    expect([0, 1, 2].map((i) => trust('x', i))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });
});
