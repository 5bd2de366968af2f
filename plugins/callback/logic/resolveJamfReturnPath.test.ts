import { describe, expect, it } from 'vitest';

import { resolveJamfReturnPath } from './resolveJamfReturnPath';

describe('resolveJamfReturnPath (vendor IdP rules of spec §4)', () => {
  it.each([
    [undefined, '/gluon'],
    ['', '/gluon'],
    ['/', '/gluon'],
    ['https://evil.example/gluon', '/gluon'],
    ['//evil.example', '/gluon'],
    ['/gluon/devices/2', '/gluon/devices/2'],
    ['/devices/2', '/gluon/devices/2'],
    ['/settings?x=1', '/gluon/settings?x=1'],
  ])('%j -> %s', (input, expected) => {
    expect(resolveJamfReturnPath(input)).toBe(expected);
  });
});
