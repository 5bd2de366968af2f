import { describe, expect, it } from 'vitest';

import { indicatorTypeText } from './indicatorTypeText';

describe('indicatorTypeText', () => {
  it('names the types the matcher reads in words, and leaves an unknown one as written', () => {
    expect(indicatorTypeText('file:path')).toBe('File path');
    expect(indicatorTypeText('domain-name:value')).toBe('Domain');
    expect(indicatorTypeText('app:cert.sha256')).toBe('App certificate (SHA-256)');
    expect(indicatorTypeText('x-custom:thing')).toBe('x-custom:thing');
  });
});
