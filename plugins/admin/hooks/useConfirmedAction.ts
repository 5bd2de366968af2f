import { useCallback } from 'react';

import { ModalServiceToken } from '@core/modals/ModalService';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import type { Action } from './useAction';

/**
 * A destructive action: the confirm modal first ('Confirm your action', Cancel / Yes, or Cancel /
 * `confirmText` such as 'Delete'), then one request through `action` (no double send), then a
 * success toast. Resolves with the answer, or undefined when cancelled or failed (the failure's
 * message is in `action.error`).
 */
export function useConfirmedAction(action: Action) {
  const modals = useService(ModalServiceToken);
  const toasts = useService(ToastServiceToken);
  return useCallback(
    async <T>(
      message: string,
      fn: () => Promise<T>,
      done: { title: string; message: string },
      confirmText?: string,
    ): Promise<T | undefined> => {
      if (action.busy || !(await modals.confirm(message, confirmText))) return undefined;
      const out = await action.run(async () => ({ value: await fn() }));
      if (out) toasts.success(done.title, done.message);
      return out?.value;
    },
    [action, modals, toasts],
  );
}
