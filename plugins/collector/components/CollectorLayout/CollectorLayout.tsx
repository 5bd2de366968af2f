import { Classes, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

import { PublicPage } from '@core/ui/PublicPage/PublicPage';

import { CollectorTexts } from '../../logic/texts';

/** The public card every collector screen sits in. */
export function CollectorLayout({ children }: { children: ReactNode }) {
  return (
    <PublicPage width={480}>
      <H1 className={`collector-title ${Classes.HEADING}`}>{CollectorTexts.title}</H1>
      <p className={Classes.TEXT_MUTED}>{CollectorTexts.intro}</p>
      {children}
    </PublicPage>
  );
}
