import { Card, Classes, Elevation, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { CollectorTexts } from '../../logic/texts';

/** The public card every collector screen sits in. */
export function CollectorLayout({ children }: { children: ReactNode }) {
  return (
    <main className="collector-page">
      <Card elevation={Elevation.TWO} className="collector-card">
        <H1 className={`collector-title ${Classes.HEADING}`}>{CollectorTexts.title}</H1>
        <p className={Classes.TEXT_MUTED}>{CollectorTexts.intro}</p>
        {children}
      </Card>
    </main>
  );
}
