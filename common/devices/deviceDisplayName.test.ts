import { describe, expect, it } from 'vitest';

import { deviceDisplayName } from './deviceDisplayName';

describe('deviceDisplayName', () => {
  it.each([
    ['iPhone14,2 · c0ffee00', 'iPhone 13 Pro · c0ffee00'],
    ['iPhone17,1', 'iPhone 16 Pro'],
    ['iPhone99,1 · c0ffee00', 'iPhone99,1 · c0ffee00'],
    ["Ana's iPhone14,2", "Ana's iPhone14,2"],
    ['Device from sysdiagnose.tar.gz', 'Device from sysdiagnose.tar.gz'],
  ])('the device "%s" is shown as "%s"', (name, shown) => {
    expect(deviceDisplayName(name)).toBe(shown);
  });

  it('keeps a missing name missing', () => {
    expect(deviceDisplayName(null)).toBeNull();
  });
});
