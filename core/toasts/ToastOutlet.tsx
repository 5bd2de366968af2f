import { Intent, OverlayToaster, Position, Toast } from '@blueprintjs/core';

import { useObservable } from '../react/useObservable';
import { useService } from '../react/useService';
import { type Toast as ToastModel, type ToastIntent, ToastServiceToken } from './ToastService';

const INTENTS: Record<ToastIntent, Intent> = {
  success: Intent.SUCCESS,
  info: Intent.PRIMARY,
  warning: Intent.WARNING,
  error: Intent.DANGER,
};

const NO_TOASTS: readonly ToastModel[] = [];

/** Renders ToastService state at the top of the page; closing a toast dismisses it in the service. */
export function ToastOutlet() {
  const toasts = useService(ToastServiceToken);
  const list = useObservable(toasts.toasts$, NO_TOASTS);
  return (
    <OverlayToaster position={Position.TOP} usePortal>
      {list.map((toast) => (
        <Toast
          key={toast.id}
          intent={INTENTS[toast.intent]}
          // The service owns the timer (spec: 3000 ms); Blueprint's own timer stays off.
          timeout={0}
          message={
            <span data-testid="toast" data-toast-id={toast.id}>
              <strong>{toast.title}</strong>
              {toast.message ? <> {toast.message}</> : null}
            </span>
          }
          onDismiss={() => toasts.dismiss(toast.id)}
        />
      ))}
    </OverlayToaster>
  );
}
