import { Button, Spinner } from '@blueprintjs/core';
import { Help } from '@blueprintjs/icons';
import { lazy, Suspense } from 'react';

import { type ModalBodyProps, ModalServiceToken } from '@core/modals/ModalService';
import { useService } from '@core/react';

import { CollectorTexts } from '../../logic/texts';

// The steps and their pictures are fetched when someone asks for them, not with the wizard.
const HowToGuide = lazy(() => import('../HowToGuide/HowToGuide'));

function LazyHowToGuide(props: ModalBodyProps) {
  return (
    <Suspense fallback={<Spinner size={24} aria-label="Loading" />}>
      <HowToGuide {...props} />
    </Suspense>
  );
}

/** "How do I install the connector?": opens the illustrated steps in a modal. */
export function HowToLink() {
  const modals = useService(ModalServiceToken);
  return (
    <Button
      variant="minimal"
      icon={<Help />}
      text={CollectorTexts.howTo}
      onClick={() =>
        modals.open({
          kind: 'component',
          placement: 'basic',
          title: CollectorTexts.howToTitle,
          component: LazyHowToGuide,
          closeOnBackdrop: true,
        })
      }
    />
  );
}
