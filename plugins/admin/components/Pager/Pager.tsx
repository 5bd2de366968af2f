import { Button, Classes } from '@blueprintjs/core';

/** PagerProps: `page` is 0-based; `onPage` receives the page to show; `totalCapped` when the server counted only the first `total` rows. */
export interface PagerProps {
  page: number;
  size: number;
  total: number;
  totalCapped?: boolean | undefined;
  onPage(page: number): void;
}

/**
 * "21–40 of 10,000" with Previous / Next: the server pages, the browser holds one page. A list
 * that grows with the data is counted and paged only to its first 10,000 rows (issue 23): it then
 * reads "of 10,000+" and says how to reach the rest.
 */
export function Pager({ page, size, total, totalCapped, onPage }: PagerProps) {
  const first = total === 0 ? 0 : page * size + 1;
  const last = Math.min(total, (page + 1) * size);
  const lastPage = Math.max(0, Math.ceil(total / size) - 1);
  return (
    <div className="admin-pager">
      <span aria-live="polite">
        {first.toLocaleString('en-US')}–{last.toLocaleString('en-US')} of {total.toLocaleString('en-US')}
        {totalCapped ? '+' : ''}
      </span>
      <Button size="small" text="Previous" disabled={page <= 0} onClick={() => onPage(page - 1)} />
      <Button size="small" text="Next" disabled={page >= lastPage} onClick={() => onPage(page + 1)} />
      {totalCapped && page >= lastPage && <span className={Classes.TEXT_MUTED}>Pages end here: narrow the filter to see older rows.</span>}
    </div>
  );
}
