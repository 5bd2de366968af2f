import './TableScroll.css';

import type { ReactNode } from 'react';

import { Classes } from '../common/classes';

export interface TableScrollProps {
  /** What the table is, for screen readers landing on the region ("Audit log"). */
  label: string;
  children: ReactNode;
}

/**
 * The box a data table scrolls sideways in when it is wider than the screen (375 px phones): a
 * labelled region the keyboard can focus, so arrow keys reach the hidden columns (WCAG 2.1.1,
 * axe `scrollable-region-focusable`); the page itself never scrolls sideways.
 */
export function TableScroll({ label, children }: TableScrollProps) {
  return (
    <div className={Classes.TABLE_SCROLL} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
