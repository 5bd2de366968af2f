import { useEffect, useRef } from 'react';

import { type ModalBodyProps, ModalServiceToken } from '@core/modals/ModalService';
import { ServicesProvider, useContainer, useService } from '@core/react';

import { ContactUsModal } from './ContactUsModal';

/**
 * The profile menu's *contact* entry: it closes the menu and opens the Contact Us modal (a
 * basic modal, over the page rather than inside the 320 px menu).
 */
export default function ContactSection({ close }: { close(): void }) {
  const modals = useService(ModalServiceToken);
  const container = useContainer();
  const opened = useRef(false);
  useEffect(() => {
    // Once per choice of the entry, even if the menu re-renders before it closes.
    if (opened.current) return;
    opened.current = true;
    close();
    // The modal renders in the host's outlet: it keeps this section's services (the shell's client).
    const component = (props: ModalBodyProps) => (
      <ServicesProvider container={container}>
        <ContactUsModal {...props} />
      </ServicesProvider>
    );
    modals.open({ kind: 'component', placement: 'basic', title: 'Contact Us', component, closeOnBackdrop: false });
  }, [close, modals, container]);
  return null;
}
