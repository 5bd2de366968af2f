import { describe, expect, it } from 'vitest';

import { platformName } from './platformName';

describe('platformName', () => {
  it('spells the stored platforms as the console does', () => {
    expect(platformName('ios')).toBe('iOS');
    expect(platformName('android')).toBe('Android');
    expect(platformName('macos')).toBe('macOS');
  });

  it('shows an unknown platform as sent, never as iOS', () => {
    expect(platformName('windows')).toBe('windows');
  });
});
