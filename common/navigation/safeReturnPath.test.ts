import { describe, expect, it } from 'vitest';

import { resolveProductReturnPath, safeReturnPathOrDefault, sanitizeReturnPath } from './safeReturnPath';

describe('sanitizeReturnPath', () => {
  it.each([
    ['/gluon/devices/1', '/gluon/devices/1'],
    ['/neutrino?tab=a#x', '/neutrino?tab=a#x'],
    ['/a/../gluon', '/gluon'],
    ['/./gluon/./devices', '/gluon/devices'],
    ['/a/%2e%2e/gluon', '/gluon'],
    ['/gluon/x/..', '/gluon/'],
    ['/neutrino?next=/a//b', '/neutrino?next=/a//b'],
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
    // Dot segments that resolve to a protocol-relative path.
    ['/.//evil.example'],
    ['/a/..//evil.example'],
    ['/a/b/../..//evil.example'],
    ['/././/evil.example/x'],
    ['/..//evil.example'],
    ['/%2e//evil.example'],
    ['/%2E%2E//evil.example'],
    ['/a/%2e%2e//evil.example'],
    ['/a/.%2e//evil.example'],
    ['/%252e%252e//evil.example'],
    ['/a/..%2F%2Fevil.example'],
    ['/%2e%2e/%2F%2Fevil.example'],
    ['/a/..%2f/evil.example'],
    // Backslash variants, plain and encoded, before and after dot segments.
    ['/.\\evil.example'],
    ['/a/..\\\\evil.example'],
    ['/a/../%5C%5Cevil.example'],
    ['/%2e%2e%5C/evil.example'],
    ['/.%5C/evil.example'],
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
