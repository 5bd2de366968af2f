import { Button, Classes } from '@blueprintjs/core';

/**
 * ListPagerProps: `page` is the page's number, 0-based (the console counts it while it pages by
 * cursor); `totalCapped` when the server counted only the first `total` rows; `counted` names
 * them ("devices"); `onPrevious` / `onNext` are null at the list's ends.
 */
export interface ListPagerProps {
  page: number;
  size: number;
  total: number;
  totalCapped?: boolean | undefined;
  previous: string;
  next: string;
  counted?: string;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

/**
 * Previous / "Page N of M" / Next under a list paged on the server; nothing for a single page.
 * Lists that grow with the data are counted to their first 10,000 rows: M then reads
 * "M+", and past it the page number stands alone; Next goes on to the last row (keyset cursors).
 */
export function ListPager({
  page,
  size,
  total,
  totalCapped,
  previous,
  next,
  counted,
  onPrevious,
  onNext,
}: ListPagerProps) {
  if (!onPrevious && !onNext) return null;
  const pages = Math.max(1, Math.ceil(total / size));
  const plus = totalCapped ? '+' : '';
  const of = page < pages ? ` of ${pages.toLocaleString('en-US')}${plus}` : '';
  return (
    <div style={{ marginTop: 8 }}>
      <Button size="small" text={previous} disabled={!onPrevious} onClick={() => onPrevious?.()} />{' '}
      <span className={Classes.TEXT_MUTED}>
        Page {(page + 1).toLocaleString('en-US')}
        {of}
        {counted && ` (${total.toLocaleString('en-US')}${plus} ${counted})`}
      </span>{' '}
      <Button size="small" text={next} disabled={!onNext} onClick={() => onNext?.()} />
    </div>
  );
}
