import { describe, expect, it } from 'vitest';

import { csvCell } from './auditLog';

describe('csvCell', () => {
  it.each<[unknown, string]>([
    ['plain', '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1', `"'+1"`],
    ['-1', `"'-1"`],
    ['@sum', `"'@sum"`],
    [null, '""'],
    [{ a: 1 }, '"{""a"":1}"'],
  ])('%j -> %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});
