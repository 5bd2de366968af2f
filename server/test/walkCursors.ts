import { expect } from 'vitest';

/** A keyset list's answer as the tests read it. */
export interface CursorPage<T> {
  items: T[];
  nextCursor?: string | null;
  prevCursor?: string | null;
}

/**
 * Walks a keyset list from its first page to its last by `nextCursor`, then back to the first by
 * `prevCursor`: the rows seen each way, in list order, and the pages' sizes. The first page has no
 * previous cursor, the last no next one.
 */
export async function walkCursors<T>(fetch: (cursor: { after?: string; before?: string }) => Promise<CursorPage<T>>) {
  const forward = [await fetch({})];
  expect(forward[0]!.prevCursor ?? null).toBeNull();
  for (let next = forward[0]!.nextCursor; next; next = forward.at(-1)!.nextCursor) {
    forward.push(await fetch({ after: next }));
    expect(forward.length).toBeLessThan(1000);
  }
  const back = [forward.at(-1)!];
  for (let prev = back[0]!.prevCursor; prev; prev = back[0]!.prevCursor) {
    back.unshift(await fetch({ before: prev }));
    expect(back.length).toBeLessThan(1000);
  }
  return {
    forward: forward.flatMap((p) => p.items),
    back: back.flatMap((p) => p.items),
    pages: forward.map((p) => p.items.length),
    backPages: back.map((p) => p.items.length),
  };
}
