import './PublicPage.css';

import { Card, Elevation } from '@blueprintjs/core';
import type { ReactNode } from 'react';

import { Classes } from '../common/classes';

export interface PublicPageProps {
  /** Widest the card grows, in px: each page's content reads best at its own width. */
  width?: number;
  /** Extra class on the card, for a page's own touch (or a stable hook for end-to-end tests). */
  cardClassName?: string;
  /** Shown under the card, outside it (login's links and copyright). */
  footer?: ReactNode;
  /** false: the children stand alone, without a card (e.g. a screen-too-narrow note). */
  card?: boolean;
  /** The card's content. */
  children: ReactNode;
}

/** A page outside the console's shell: one card centred on the screen, an optional footer under it. */
export function PublicPage({ width = 400, cardClassName, footer, card = true, children }: PublicPageProps) {
  return (
    <div className={Classes.PUBLIC_PAGE}>
      {card ? (
        <Card
          elevation={Elevation.TWO}
          className={cardClassName ? `${Classes.PUBLIC_PAGE_CARD} ${cardClassName}` : Classes.PUBLIC_PAGE_CARD}
          style={{ maxWidth: width }}
        >
          {children}
        </Card>
      ) : (
        children
      )}
      {footer}
    </div>
  );
}
