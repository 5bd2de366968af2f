import { Button, Classes } from '@blueprintjs/core';

/** ListPagerProps: `page` is 0-based; `totalCapped` when the server counted only the first `total` rows; `counted` names them ("devices"). */
export interface ListPagerProps {
  page: number;
  size: number;
  total: number;
  totalCapped?: boolean | undefined;
  previous: string;
  next: string;
  counted?: string;
  onPage(page: number): void;
}

/**
 * Previous / "Page N of M" / Next under a list paged on the server; nothing for a single page.
 * Lists that grow with the data are counted and paged to their first 10,000 rows (issue 23): M then
 * reads "M+" and the last page says how to reach the rest.
 */
export function ListPager({ page, size, total, totalCapped, previous, next, counted, onPage }: ListPagerProps) {
  const last = Math.max(0, Math.ceil(total / size) - 1);
  if (last === 0) return null;
  const plus = totalCapped ? '+' : '';
  return (
    <div style={{ marginTop: 8 }}>
      <Button size="small" text={previous} disabled={page === 0} onClick={() => onPage(page - 1)} />{' '}
      <span className={Classes.TEXT_MUTED}>
        Page {page + 1} of {(last + 1).toLocaleString('en-US')}
        {plus}
        {counted && ` (${total.toLocaleString('en-US')}${plus} ${counted})`}
      </span>{' '}
      <Button size="small" text={next} disabled={page >= last} onClick={() => onPage(page + 1)} />
      {totalCapped && page >= last && <div className={Classes.TEXT_MUTED}>Pages end here: search or narrow the list to see the rest.</div>}
    </div>
  );
}
