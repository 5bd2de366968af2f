import { describe, expect, it } from 'vitest';

import { coveredModes, covers, isCovered, notCovered } from './grants';

describe('covers (does holding A cover B)', () => {
  it.each<[string, string, boolean]>([
    ['umg#usr#rw', 'umg#usr#r', true],
    ['umg#usr#rw', 'umg#usr#w', true],
    ['umg#usr#rw', 'umg#usr#rw', true],
    ['umg#usr#r', 'umg#usr#r', true],
    ['umg#usr#w', 'umg#usr#w', true],
    ['umg#usr#r', 'umg#usr#rw', false],
    ['umg#usr#r', 'umg#usr#w', false],
    ['umg#usr#w', 'umg#usr#r', false],
    ['umg#usr#w', 'umg#usr#rw', false],
    ['umg#usr#rw', 'umg#otp#r', false],
    ['gln#fl#rw', 'elc#fl#r', false],
    ['gln#fl#rw', 'gln#fl#x', false],
    ['gln#fl', 'gln#fl#r', false],
    ['gln#fl#rw#x', 'gln#fl#r', false],
    ['', '', false],
  ])('%s covers %s: %s', (held, wanted, expected) => {
    expect(covers(held, wanted)).toBe(expected);
  });
});

describe('isCovered / notCovered', () => {
  it('lists, in order, what no held permission covers', () => {
    const held = ['umg#usr#rw', 'gln#suv#r', 'mnt#rsc#w'];
    expect(notCovered(held, ['umg#usr#r', 'gln#suv#rw', 'mnt#rsc#w', 'gln#rpt#r', 'umg#usr#rw'])).toEqual([
      'gln#suv#rw',
      'gln#rpt#r',
    ]);
    expect(notCovered(held, [])).toEqual([]);
    expect(isCovered([], 'umg#usr#r')).toBe(false);
    expect(isCovered(held, 'mnt#rsc#w')).toBe(true);
  });

  it('coveredModes: rw splits into r, w, rw', () => {
    expect(coveredModes('rw')).toEqual(['r', 'w', 'rw']);
    expect(coveredModes('r')).toEqual(['r']);
    expect(coveredModes('w')).toEqual(['w']);
  });
});
