import { afterEach, describe, expect, it } from 'vitest';

import { addWholeStylesheet } from '../../host/wholeStylesheet';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the whole stylesheet after the first screens’ part', () => {
  it('goes in right after the marked subset link, before what follows it', () => {
    document.head.innerHTML =
      '<link rel="stylesheet" href="/first-screen-AAAAAAAA.css" data-whole-sheet="/main-BBBBBBBB.css"><style data-chunk-css></style>';
    const link = addWholeStylesheet(document);
    expect(link?.getAttribute('href')).toBe('/main-BBBBBBBB.css');
    const order = [...document.head.children].map((el) => el.getAttribute('href') ?? el.tagName);
    // The console's own styles stay last: equal-specificity rules win as with the whole sheet alone.
    expect(order).toEqual(['/first-screen-AAAAAAAA.css', '/main-BBBBBBBB.css', 'STYLE']);
  });

  it('does nothing in a document that has the whole sheet, or whose mark is not a stylesheet of ours', () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/main-BBBBBBBB.css">';
    expect(addWholeStylesheet(document)).toBeNull();
    document.head.innerHTML =
      '<link rel="stylesheet" href="/first-screen-AAAAAAAA.css" data-whole-sheet="https://evil.example/x.css">';
    expect(addWholeStylesheet(document)).toBeNull();
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
  });
});
