import './TableScroll.css';

import { type ReactNode, useLayoutEffect, useRef } from 'react';

import { Classes } from '../common/classes';
import { useViewport } from '../useViewport';
import { labelCells } from './labelCells';

export interface TableScrollProps {
  /** What the table is, for screen readers landing on the region ("Audit log"). */
  label: string;
  children: ReactNode;
}

/**
 * The box every data table sits in. Wide: it scrolls sideways when the table is wider than the
 * screen, as a labelled region the keyboard can focus, so arrow keys reach the hidden columns
 * (WCAG 2.1.1, axe `scrollable-region-focusable`). Below 600 px (spec §9's mobile layout) each
 * row becomes a stacked card of "label: value" lines with its actions inside it (nothing to
 * scroll, no column squeezed to one letter): the labels are the table's own headers, written on
 * the cells here once for every product's tables.
 */
export function TableScroll({ label, children }: TableScrollProps) {
  const cards = useViewport() === 'mobile';
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = box.current;
    if (!root || !cards) return;
    labelCells(root);
    // Rows come and go (paging, filters, an expanded detail): label the new ones. Only the tree
    // and texts are watched, so writing the labels does not wake the observer again.
    const observer = new MutationObserver(() => labelCells(root));
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [cards]);
  return (
    <div
      ref={box}
      className={cards ? `${Classes.TABLE_SCROLL} ${Classes.TABLE_CARDS}` : Classes.TABLE_SCROLL}
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
