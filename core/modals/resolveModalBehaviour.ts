import type { ModalOptions, ModalPlacement } from './ModalService';

export interface ModalBehaviour {
  closeOnBackdrop: boolean;
  closeOnEscape: boolean;
  closeOnRouteChange: boolean;
}

export const SIDE_PLACEMENTS: readonly ModalPlacement[] = [
  'side',
  'side-small',
  'side-extra-small',
  'side-floating-small',
  'side-custom',
];

export function isSidePlacement(placement: ModalPlacement): boolean {
  return SIDE_PLACEMENTS.includes(placement);
}

/**
 * Spec §2 defaults: a backdrop click closes under-header and side panels but not the basic modal;
 * Escape closes; every container (side or centred) closes when the route changes.
 */
export function resolveModalBehaviour(options: ModalOptions<unknown>, placement: ModalPlacement): ModalBehaviour {
  return {
    closeOnBackdrop: options.closeOnBackdrop ?? placement !== 'basic',
    closeOnEscape: options.closeOnEscape ?? true,
    closeOnRouteChange: options.closeOnRouteChange ?? true,
  };
}
