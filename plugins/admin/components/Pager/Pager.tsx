import { Button } from '@blueprintjs/core';

/**
 * PagerProps: `page` is 0-based; `shown` the rows on it (defaults to a full page, up to `total`);
 * `totalCapped` when the server counted only the first `total` rows; `onPrevious` / `onNext` are
 * null at the list's ends.
 */
export interface PagerProps {
  page: number;
  size: number;
  total: number;
  totalCapped?: boolean | undefined;
  shown?: number | undefined;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

/**
 * "21–40 of 10,000" with Previous / Next: the server pages, the browser holds one page. A list
 * that grows with the data is counted only to its first 10,000 rows: it then reads
 * "of 10,000+", and Next goes on past it to the last row (keyset cursors).
 */
export function Pager({ page, size, total, totalCapped, shown, onPrevious, onNext }: PagerProps) {
  const rows = shown ?? Math.max(0, Math.min(size, total - page * size));
  const first = rows === 0 ? 0 : page * size + 1;
  const last = page * size + rows;
  const counted =
    last > total && totalCapped
      ? `more than ${total.toLocaleString('en-US')}`
      : `${total.toLocaleString('en-US')}${totalCapped ? '+' : ''}`;
  return (
    <div className="admin-pager">
      <span aria-live="polite">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {counted}
      </span>
      <Button size="small" text="Previous" disabled={!onPrevious} onClick={() => onPrevious?.()} />
      <Button size="small" text="Next" disabled={!onNext} onClick={() => onNext?.()} />
    </div>
  );
}
