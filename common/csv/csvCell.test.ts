import { describe, expect, it } from 'vitest';

import { csvCell, csvDocument } from './csvCell';

describe('csvCell', () => {
  it.each<[unknown, string, string]>([
    // value, when-needed, always
    ['plain', 'plain', '"plain"'],
    ['a, b', '"a, b"', '"a, b"'],
    ['say "hi"', '"say ""hi"""', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`, `"'=HYPERLINK(""x"")"`],
    ['+1', "'+1", `"'+1"`],
    ['-cmd', "'-cmd", `"'-cmd"`],
    ['@sum', "'@sum", `"'@sum"`],
    ['\tx', "'\tx", `"'\tx"`],
    ['a=b', 'a=b', '"a=b"'],
    [3, '3', '"3"'],
    [-3, "'-3", `"'-3"`],
    [false, 'false', '"false"'],
    [null, '', '""'],
    [undefined, '', '""'],
    [{ a: 1 }, '"{""a"":1}"', '"{""a"":1}"'],
    [['x', 'y'], '"[""x"",""y""]"', '"[""x"",""y""]"'],
  ])('%j -> %s / %s', (value, whenNeeded, always) => {
    expect(csvCell(value)).toBe(whenNeeded);
    expect(csvCell(value, 'always')).toBe(always);
  });
});

describe('csvDocument', () => {
  it('writes the header and one CRLF-ended line per row', () => {
    expect(
      csvDocument(
        ['name', 'count'],
        [
          ['a', 1],
          ['=b', null],
        ],
      ),
    ).toBe("name,count\r\na,1\r\n'=b,\r\n");
    expect(csvDocument(['name'], [['a']], 'always')).toBe('name\r\n"a"\r\n');
    expect(csvDocument(['name'], [])).toBe('name\r\n');
  });
});
