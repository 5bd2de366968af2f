import { AsyncSubject, BehaviorSubject, firstValueFrom, type Observable, skip, type Subscription } from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { type NavigationService, NavigationServiceToken } from '../navigation/NavigationService';
import { randomId } from '../util/randomId';
import {
  MODAL_OPEN_DELAY_MS,
  type ModalOptions,
  type ModalRef,
  type ModalService,
  type OpenModal,
} from './ModalService';
import { resolveModalBehaviour } from './resolveModalBehaviour';

export const CONFIRM_TITLE = 'Confirm your action';

interface Pending {
  result: AsyncSubject<unknown>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Modals as state (`modals$`); ModalOutlet renders them with Blueprint Dialog/Drawer. */
@injectable()
export class DefaultModalService implements ModalService {
  private readonly list = new BehaviorSubject<readonly OpenModal[]>([]);
  private readonly pending = new Map<string, Pending>();
  private readonly routeSubscription: Subscription;
  readonly modals$: Observable<readonly OpenModal[]> = this.list.asObservable();

  constructor(@inject(NavigationServiceToken) nav: NavigationService) {
    // path$ replays the current path first; only later emissions are route changes.
    this.routeSubscription = nav.path$.pipe(skip(1)).subscribe(() => {
      for (const modal of this.list.value) {
        if (resolveModalBehaviour(modal.options, modal.placement).closeOnRouteChange) this.close(modal.id);
      }
    });
  }

  open<R = unknown>(options: ModalOptions<R>): ModalRef<R> {
    const id = randomId();
    const modal: OpenModal<R> = {
      id,
      kind: options.kind,
      placement: options.placement ?? 'basic',
      options,
      visible: false,
    };
    const result = new AsyncSubject<R | undefined>();
    // The container mounts hidden and shows 50 ms later (spec §9), so its opening transition runs.
    const timer = setTimeout(() => {
      this.pending.get(id)!.timer = undefined;
      this.list.next(this.list.value.map((m) => (m.id === id ? { ...m, visible: true } : m)));
    }, MODAL_OPEN_DELAY_MS);
    this.pending.set(id, { result: result as AsyncSubject<unknown>, timer });
    this.list.next([...this.list.value, modal as OpenModal]);
    const promise = firstValueFrom(result);
    return {
      id,
      result: promise,
      result$: result.asObservable(),
      close: (value?: R) => this.close(id, value),
    };
  }

  confirm(message?: string, confirmText?: string): Promise<boolean> {
    return this.open<boolean>({
      kind: 'confirm',
      title: CONFIRM_TITLE,
      message,
      ...(confirmText ? { confirmText } : {}),
    }).result.then((r) => r === true);
  }

  accept(title: string, message?: string): Promise<boolean> {
    return this.open<boolean>({ kind: 'accept', title, message }).result.then((r) => r === true);
  }

  message(title: string, message?: string): Promise<void> {
    return this.open<void>({ kind: 'message', title, message }).result.then(() => undefined);
  }

  close(id: string, result?: unknown): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    this.pending.delete(id);
    if (pending.timer !== undefined) clearTimeout(pending.timer);
    this.list.next(this.list.value.filter((m) => m.id !== id));
    pending.result.next(result);
    pending.result.complete();
  }

  closeAll(): void {
    for (const modal of this.list.value) this.close(modal.id);
  }

  dispose(): void {
    this.routeSubscription.unsubscribe();
    this.closeAll();
  }
}
