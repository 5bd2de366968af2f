import { describe, expect, it } from 'vitest';
import { resolveProductReturnPath, safeReturnPathOrDefault, sanitizeReturnPath } from './safeReturnPath';

describe('sanitizeReturnPath', () => {
  it.each([
    ['/gluon/devices/1', '/gluon/devices/1'],
    ['/neutrino?tab=a#x', '/neutrino?tab=a#x'],
    ['/a/../gluon', '/gluon'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(sanitizeReturnPath(input)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['gluon'],
    ['https://evil.example/x'],
    ['http:evil.example'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/%2F%2Fevil.example'],
    ['/%5Cevil.example'],
    ['%2F%2Fevil.example'],
    ['/%252F%252Fevil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    [' /gluon'],
    ['/%E0%A4%A'],
    ['/' + 'a'.repeat(3000)],
  ])('rejects %j', (input) => {
    expect(sanitizeReturnPath(input)).toBeNull();
  });

  // The default comes from the caller (the products' manifests); /gluon is this console's.
  it('falls back to /gluon', () => {
    expect(safeReturnPathOrDefault('//evil', '/gluon')).toBe('/gluon');
    expect(safeReturnPathOrDefault(undefined, '/gluon')).toBe('/gluon');
    expect(safeReturnPathOrDefault('/electron', '/gluon')).toBe('/electron');
  });
});

// The vendor IdP's rule for gluon (its table: plugins/callback/logic/resolveJamfReturnPath.test.ts),
// here with another product's root: the product part is a parameter.
describe('resolveProductReturnPath', () => {
  it.each([
    [undefined, '/sonar'],
    ['//evil.example', '/sonar'],
    ['/sonar/scans/2', '/sonar/scans/2'],
    ['/scans/2?x=1', '/sonar/scans/2?x=1'],
  ])('%j -> %s', (input, expected) => {
    expect(resolveProductReturnPath(input, '/sonar')).toBe(expected);
  });
});
