import { describe, expect, it } from 'vitest';

import { APPLE_MODELS, appleModelLabel, appleModelName } from './appleModels';

describe('Apple model names', () => {
  it.each([
    ['iPhone10,1', 'iPhone 8'],
    ['iPhone10,6', 'iPhone X'],
    ['iPhone11,8', 'iPhone XR'],
    ['iPhone12,8', 'iPhone SE (2nd generation)'],
    ['iPhone13,1', 'iPhone 12 mini'],
    ['iPhone14,2', 'iPhone 13 Pro'],
    ['iPhone14,6', 'iPhone SE (3rd generation)'],
    ['iPhone15,2', 'iPhone 14 Pro'],
    ['iPhone16,2', 'iPhone 15 Pro Max'],
    ['iPhone17,5', 'iPhone 16e'],
    ['iPhone18,4', 'iPhone Air'],
  ])('%s is the %s', (code, name) => {
    expect(appleModelName(code)).toBe(name);
  });

  it('labels a known model with its code beside, an unknown one as its code, none as empty', () => {
    expect(appleModelLabel('iPhone14,2')).toBe('iPhone 13 Pro (iPhone14,2)');
    expect(appleModelLabel('iPhone99,1')).toBe('iPhone99,1');
    expect(appleModelLabel('toString')).toBe('toString');
    expect(appleModelLabel(null)).toBe('');
    expect(appleModelName(undefined)).toBeNull();
  });

  it('covers every iPhone from the 8 to the 17 family, each identifier well-formed', () => {
    const names = new Set(Object.values(APPLE_MODELS));
    for (const n of [
      '8',
      '8 Plus',
      'X',
      'XS',
      'XS Max',
      'XR',
      '11',
      '11 Pro',
      '11 Pro Max',
      '12 mini',
      '12',
      '12 Pro',
      '12 Pro Max',
      '13 mini',
      '13',
      '13 Pro',
      '13 Pro Max',
    ])
      expect(names.has(`iPhone ${n}`), n).toBe(true);
    for (const n of [
      '14',
      '14 Plus',
      '14 Pro',
      '14 Pro Max',
      '15',
      '15 Plus',
      '15 Pro',
      '15 Pro Max',
      '16',
      '16 Plus',
      '16 Pro',
      '16 Pro Max',
      '16e',
      '17',
      'Air',
      '17 Pro',
      '17 Pro Max',
    ])
      expect(names.has(`iPhone ${n}`), n).toBe(true);
    for (const code of Object.keys(APPLE_MODELS)) expect(code).toMatch(/^iPhone\d{2},\d$/);
  });
});
