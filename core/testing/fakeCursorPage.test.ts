import { describe, expect, it } from 'vitest';

import { fakeCursorPage } from './fakeCursorPage';

describe('fakeCursorPage', () => {
  it('pages on and back by its cursors, null at the ends', () => {
    const rows = Array.from({ length: 5 }, (_, i) => i);
    const first = fakeCursorPage(rows, { size: 2 });
    expect(first).toMatchObject({ items: [0, 1], total: 5, nextCursor: 'c:2', prevCursor: null });
    const last = fakeCursorPage(rows, { size: 2, after: 'c:4' });
    expect(last).toMatchObject({ items: [4], nextCursor: null, prevCursor: 'c:4' });
    expect(fakeCursorPage(rows, { size: 2, before: last.prevCursor! })).toMatchObject({
      items: [2, 3],
      nextCursor: 'c:4',
      prevCursor: 'c:2',
    });
  });
});
