import type { ComponentType } from 'react';
import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';

/** Where a modal sits (spec §2). */
export type ModalPlacement =
  'under-header' | 'basic' | 'side' | 'side-small' | 'side-extra-small' | 'side-floating-small' | 'side-custom';

export type ModalKind = 'confirm' | 'accept' | 'message' | 'component';

/** Props given to a custom modal body. */
export interface ModalBodyProps<R = unknown> {
  close(result?: R): void;
}

export interface ModalOptions<R = unknown> {
  kind: ModalKind;
  placement?: ModalPlacement;
  title?: string;
  /** Defaults to 'Are you sure you want to proceed?'. */
  message?: string;
  /**
   * For kind 'confirm': the confirming button's words, 'Yes' when absent (spec §2). A destructive
   * action names its verb ('Delete'), and the button then shows the danger intent.
   */
  confirmText?: string;
  /** For kind 'component'. */
  component?: ComponentType<ModalBodyProps<R>>;
  /** Width for placement 'side-custom' (CSS length). */
  width?: string;
  /** Defaults: true for under-header and side panels, false for basic. */
  closeOnBackdrop?: boolean;
  /** Defaults to true. */
  closeOnEscape?: boolean;
  /** Defaults: true for side and centred containers. */
  closeOnRouteChange?: boolean;
}

/** A modal being shown. */
export interface OpenModal<R = unknown> extends Required<Pick<ModalOptions<R>, 'kind' | 'placement'>> {
  id: string;
  options: ModalOptions<R>;
  /** false during the 50 ms open delay. */
  visible: boolean;
}

export interface ModalRef<R> {
  id: string;
  /** Resolves with the result, or `undefined` when dismissed. */
  result: Promise<R | undefined>;
  result$: Observable<R | undefined>;
  close(result?: R): void;
}

export interface ModalService {
  readonly modals$: Observable<readonly OpenModal[]>;
  open<R = unknown>(options: ModalOptions<R>): ModalRef<R>;
  /** 'Confirm your action', Cancel/Yes (or Cancel/`confirmText`, e.g. 'Delete'); resolves true on it or Enter. */
  confirm(message?: string, confirmText?: string): Promise<boolean>;
  /** Custom title, Cancel/Confirm. */
  accept(title: string, message?: string): Promise<boolean>;
  /** Title and Close. */
  message(title: string, message?: string): Promise<void>;
  close(id: string, result?: unknown): void;
  closeAll(): void;
}

export const ModalServiceToken = createServiceToken<ModalService>('modals');
export const MODAL_OPEN_DELAY_MS = 50;
export const DEFAULT_MODAL_MESSAGE = 'Are you sure you want to proceed?';
