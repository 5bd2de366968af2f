import { describe, expect, it } from 'vitest';

import { FIRST_PAGE, nextPosition, positionKey, previousPosition, shownIndex } from './cursorPaging';

describe('cursor paging', () => {
  it('goes on by the answered cursors, counting pages, and stops at the ends', () => {
    const second = nextPosition(FIRST_PAGE, { nextCursor: 'n1', prevCursor: null });
    expect(second).toEqual({ index: 1, after: 'n1' });
    const third = nextPosition(second!, { nextCursor: 'n2', prevCursor: 'p2' });
    expect(third).toEqual({ index: 2, after: 'n2' });
    expect(previousPosition(third!, { nextCursor: 'n3', prevCursor: 'p3' })).toEqual({ index: 1, before: 'p3' });
    expect(nextPosition(third!, { nextCursor: null, prevCursor: 'p3' })).toBeNull();
    expect(previousPosition(FIRST_PAGE, { nextCursor: 'n1', prevCursor: null })).toBeNull();
  });

  it('goes back to the first page itself (no cursor) from the second, and counts a page with nothing before it as the first', () => {
    expect(previousPosition({ index: 1, after: 'n1' }, { prevCursor: 'p' })).toBe(FIRST_PAGE);
    expect(shownIndex({ index: 7, before: 'p' }, { prevCursor: null, nextCursor: 'n' })).toBe(0);
    expect(nextPosition({ index: 7, before: 'p' }, { prevCursor: null, nextCursor: 'n' })).toEqual({
      index: 1,
      after: 'n',
    });
    expect(shownIndex({ index: 0, after: 'x' }, { prevCursor: 'p' })).toBe(1);
  });

  it('treats an answer without cursors as one page, and keys positions apart', () => {
    expect(nextPosition(FIRST_PAGE, {})).toBeNull();
    expect(previousPosition({ index: 3, after: 'x' }, {})).toBeNull();
    expect(
      new Set([positionKey(FIRST_PAGE), positionKey({ index: 1, after: 'x' }), positionKey({ index: 1, before: 'x' })])
        .size,
    ).toBe(3);
  });
});
