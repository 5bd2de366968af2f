import { describe, expect, it } from 'vitest';

import { hasAnyPrefix, isPermitted } from './isPermitted';

const product = (requires: string[]) => ({ kind: 'product' as const, requires });

describe('isPermitted', () => {
  it.each([
    ['public, signed out', { kind: 'public' as const, requires: [] }, false, [], true],
    ['shell, signed out', { kind: 'shell' as const, requires: [] }, false, [], false],
    ['shell, signed in', { kind: 'shell' as const, requires: [] }, true, [], true],
    ['product with its prefix', product(['ntr']), true, ['ntr#dev#r'], true],
    ['product with one of its prefixes', product(['gln', 'elc']), true, ['elc#x#rw'], true],
    ['product without its prefix', product(['ntr']), true, ['gln#rpt#rw', 'elc#a#r'], false],
    ['product: prefix must be followed by #', product(['ntr']), true, ['ntrx#a#r', 'ntr'], false],
    ['product, signed out', product(['ntr']), false, ['ntr#dev#r'], false],
    [
      'product granted by its derived check',
      { ...product(['umg']), grantedBy: (p: readonly string[]) => p.includes('gln#cfg#rw') },
      true,
      ['gln#cfg#rw'],
      true,
    ],
    [
      'product whose derived check fails',
      { ...product(['umg']), grantedBy: (p: readonly string[]) => p.includes('gln#cfg#rw') },
      true,
      ['gln#cfg#r'],
      false,
    ],
    ['product granted by its check, signed out', { ...product(['umg']), grantedBy: () => true }, false, [], false],
  ])('%s', (_name, manifest, signedIn, perms, expected) => {
    expect(isPermitted(manifest, { signedIn, perms })).toBe(expected);
  });
});

describe('hasAnyPrefix', () => {
  it('matches only whole module prefixes', () => {
    expect(hasAnyPrefix(['mnt#rsc#w'], ['mnt'])).toBe(true);
    expect(hasAnyPrefix(['mntr#rsc#w'], ['mnt'])).toBe(false);
    expect(hasAnyPrefix([], ['mnt'])).toBe(false);
  });
});
