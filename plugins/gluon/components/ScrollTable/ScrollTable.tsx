import type { ReactNode } from 'react';

/** ScrollTableProps: the table and the name its scroll region is announced by. */
export interface ScrollTableProps {
  label: string;
  children: ReactNode;
}

/**
 * A wide table on a narrow screen (375 px): it scrolls sideways inside this region, which takes
 * the keyboard's focus so it can be scrolled without a pointer, and the page itself never does.
 */
export function ScrollTable({ label, children }: ScrollTableProps) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="gluon-scroll-table" style={{ overflowX: 'auto', maxWidth: '100%' }}>
      {children}
    </div>
  );
}
