import { Button, Dialog, DialogBody, DialogFooter, Drawer, Intent, Position } from '@blueprintjs/core';
import { type CSSProperties, type ReactNode, useEffect } from 'react';

import { useObservable } from '../react/useObservable';
import { useService } from '../react/useService';
import { CONFIRM_TITLE } from './DefaultModalService';
import {
  DEFAULT_MODAL_MESSAGE,
  type ModalPlacement,
  type ModalService,
  ModalServiceToken,
  type OpenModal,
} from './ModalService';
import { isSidePlacement, resolveModalBehaviour } from './resolveModalBehaviour';

/**
 * Side-panel widths. Blueprint's Drawer takes a CSS size; we pick fixed widths so panels look the
 * same on every screen: side 560px, small 400px, extra small 320px, floating small 400px with a
 * 16px margin around it, custom = `options.width` (560px when absent).
 */
export const SIDE_PANEL_SIZES: Record<Exclude<ModalPlacement, 'basic' | 'under-header'>, string> = {
  side: '560px',
  'side-small': '400px',
  'side-extra-small': '320px',
  'side-floating-small': '400px',
  'side-custom': '560px',
};

/** Space left for the shell's top bar by the under-header placement. */
const UNDER_HEADER_STYLE: CSSProperties = { alignSelf: 'flex-start', marginTop: 64 };
const FLOATING_STYLE: CSSProperties = { margin: 16, height: 'calc(100% - 32px)', borderRadius: 4 };

const NO_MODALS: readonly OpenModal[] = [];

/** Renders ModalService state: Dialog for basic/under-header, Drawer (right) for side panels. */
export function ModalOutlet() {
  const modals = useService(ModalServiceToken);
  const list = useObservable(modals.modals$, NO_MODALS);
  return (
    <>
      {list.map((modal, index) => (
        <ModalView key={modal.id} modal={modal} service={modals} isTop={index === list.length - 1} />
      ))}
    </>
  );
}

function ModalView({ modal, service, isTop }: { modal: OpenModal; service: ModalService; isTop: boolean }) {
  const { options, placement, kind, id, visible } = modal;
  const behaviour = resolveModalBehaviour(options, placement);
  const close = (result?: unknown) => service.close(id, result);
  const title = options.title ?? (kind === 'confirm' ? CONFIRM_TITLE : undefined);

  useEffect(() => {
    if (kind !== 'confirm' || !visible || !isTop) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.defaultPrevented) return;
      // Enter on a focused button (Cancel) or in a text area keeps its own meaning.
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'BUTTON' || target.tagName === 'TEXTAREA')) return;
      event.preventDefault();
      service.close(id, true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [kind, visible, isTop, id, service]);

  const content =
    kind === 'component' && options.component ? (
      <options.component close={close} />
    ) : (
      <GenericBody modal={modal} close={close} />
    );

  const common = {
    isOpen: visible,
    onClose: () => close(),
    canOutsideClickClose: behaviour.closeOnBackdrop,
    canEscapeKeyClose: behaviour.closeOnEscape,
    title,
  };

  if (isSidePlacement(placement)) {
    const size =
      placement === 'side-custom'
        ? (options.width ?? SIDE_PANEL_SIZES['side-custom'])
        : SIDE_PANEL_SIZES[placement as keyof typeof SIDE_PANEL_SIZES];
    return (
      <Drawer
        {...common}
        position={Position.RIGHT}
        size={size}
        style={placement === 'side-floating-small' ? FLOATING_STYLE : undefined}
        data-placement={placement}
      >
        {content}
      </Drawer>
    );
  }
  return (
    <Dialog
      {...common}
      style={placement === 'under-header' ? UNDER_HEADER_STYLE : undefined}
      data-placement={placement}
    >
      {content}
    </Dialog>
  );
}

function GenericBody({ modal, close }: { modal: OpenModal; close(result?: unknown): void }) {
  const message = modal.options.message ?? DEFAULT_MODAL_MESSAGE;
  let actions: ReactNode;
  if (modal.kind === 'confirm') {
    actions = (
      <>
        <Button text="Cancel" onClick={() => close(false)} />
        <Button
          text={modal.options.confirmText ?? 'Yes'}
          intent={modal.options.confirmText ? Intent.DANGER : Intent.PRIMARY}
          onClick={() => close(true)}
        />
      </>
    );
  } else if (modal.kind === 'accept') {
    actions = (
      <>
        <Button text="Cancel" onClick={() => close(false)} />
        <Button text="Confirm" intent={Intent.PRIMARY} onClick={() => close(true)} />
      </>
    );
  } else {
    actions = <Button text="Close" onClick={() => close()} />;
  }
  return (
    <>
      <DialogBody>
        <p>{message}</p>
      </DialogBody>
      <DialogFooter actions={actions} />
    </>
  );
}
