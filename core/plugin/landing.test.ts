import { describe, expect, it } from 'vitest';

import { landingFor, signInTarget, suiteHome, suiteProductEnabled } from './landing';
import { neverLoadingPage as page, testManifest } from './pluginTestManifests';

// Made-up products, so the rules are shown to come from manifest data alone (the console's own
// manifests are table-tested in tests/host/signInTarget.test.ts).
const alpha = testManifest({
  id: 'alpha',
  requires: ['alp'],
  routes: [
    { path: '', page },
    { path: 'inbox', page },
  ],
  landing: {
    rank: 20,
    suite: true,
    signInClaims: [{ target: 'inbox', when: ({ perms }) => perms.includes('alp#inb#rw') }],
  },
});
const beta = testManifest({
  id: 'beta',
  requires: ['bet'],
  landing: { rank: 10, suite: true, signInClaims: [{ target: '', when: ({ envType }) => envType === 'cloud' }] },
});
const gamma = testManifest({
  id: 'gamma',
  requires: ['gam'],
  routes: [{ path: '/gamma-home', page }],
  landing: { root: '/gamma-home', rank: 30 },
});
const delta = testManifest({ id: 'delta', requires: ['dlt'], landing: { rank: 5 } });
const shared = testManifest({ id: 'shared', requires: ['bet'], prefixes: [] }); // no landing of its own
const known = [alpha, beta, gamma, delta, shared];

describe('landingFor', () => {
  it.each<[string, string[], string | null]>([
    ['a suite user goes to the suite home (best-ranked suite product), permitted or not', ['alp#x#r'], '/beta'],
    ['the suite home itself', ['bet#x#r'], '/beta'],
    ['suite wins over a better-ranked non-suite product', ['dlt#x#r', 'alp#x#r'], '/beta'],
    ['a non-suite user lands on their best-ranked product', ['gam#x#r', 'dlt#x#r'], '/delta'],
    ['a declared root', ['gam#x#r'], '/gamma-home'],
    ['no product', ['zzz#x#r'], null],
    ['nothing', [], null],
  ])('%s', (_name, perms, expected) => {
    expect(landingFor(known, perms)).toBe(expected);
  });

  it('is null when no manifest declares a landing', () => {
    expect(landingFor([shared], ['bet#x#r'])).toBeNull();
    expect(suiteHome([shared])).toBeNull();
  });
});

describe('suiteProductEnabled', () => {
  it.each<[string[], boolean]>([
    [['alp#x#r'], true],
    [['bet#x#rw'], true],
    [['gam#x#r', 'dlt#x#r'], false],
    [['alpx#x#r'], false],
    [[], false],
  ])('%j: %s', (perms, expected) => {
    expect(suiteProductEnabled(known, perms)).toBe(expected);
  });
});

describe('signInTarget', () => {
  it.each<[string, string[], string | null, string | null, string]>([
    [
      "a permitted product's claim wins over the return URL",
      ['alp#inb#rw', 'bet#x#r'],
      null,
      '/gamma-home',
      '/alpha/inbox',
    ],
    ['claims go in rank order', ['alp#inb#rw', 'bet#x#r'], 'cloud', '/gamma-home', '/beta'],
    ["an unpermitted product's claim is not asked", ['alp#inb#rw', 'dlt#x#r'], 'cloud', null, '/alpha/inbox'],
    ['one suite product: its root', ['alp#x#r', 'gam#x#r'], null, '/gamma-home', '/alpha'],
    ['two suite products: the return URL', ['alp#x#r', 'bet#x#r'], null, '/gamma-home?x=1', '/gamma-home?x=1'],
    ['two suite products, unsafe return URL: the suite home', ['alp#x#r', 'bet#x#r'], null, '//evil.example', '/beta'],
    ['no suite product: the return URL', ['gam#x#r'], null, '/delta', '/delta'],
    ['no suite product, no return URL: their landing', ['gam#x#r'], null, null, '/gamma-home'],
    ['no product at all, unsafe return URL: the suite home', ['zzz#x#r'], null, 'https://evil.example/', '/beta'],
  ])('%s', (_name, perms, envType, returnUrl, expected) => {
    expect(signInTarget(known, { perms, envType, returnUrl })).toBe(expected);
  });

  it("falls back to '' when no manifest declares a landing", () => {
    expect(signInTarget([shared], { perms: ['bet#x#r'], envType: null, returnUrl: 'javascript:alert(1)' })).toBe('/');
  });
});
