import { firstValueFrom, lastValueFrom, toArray } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MemoryNavigationService } from '../navigation/MemoryNavigationService';
import { DefaultModalService } from './DefaultModalService';
import type { ModalPlacement, OpenModal } from './ModalService';
import { resolveModalBehaviour } from './resolveModalBehaviour';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(path = '/gluon') {
  const nav = new MemoryNavigationService(path);
  const modals = new DefaultModalService(nav);
  const current = () => {
    let value: readonly OpenModal[] = [];
    modals.modals$.subscribe((v) => (value = v)).unsubscribe();
    return value;
  };
  return { nav, modals, current };
}

describe('DefaultModalService', () => {
  it('opens hidden and becomes visible after 50 ms', () => {
    const { modals, current } = setup();
    modals.open({ kind: 'message', title: 'Hi' });
    expect(current().map((m) => m.visible)).toEqual([false]);
    vi.advanceTimersByTime(49);
    expect(current()[0]!.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(current()[0]!.visible).toBe(true);
    expect(current()[0]!.placement).toBe('basic');
  });

  it('confirm resolves true on Yes, false on Cancel or dismissal', async () => {
    const { modals, current } = setup();
    const yes = modals.confirm('Delete it?');
    expect(current()[0]!.options).toMatchObject({
      kind: 'confirm',
      title: 'Confirm your action',
      message: 'Delete it?',
    });
    modals.close(current()[0]!.id, true);
    await expect(yes).resolves.toBe(true);

    const cancel = modals.confirm();
    modals.close(current()[0]!.id, false);
    await expect(cancel).resolves.toBe(false);

    const dismissed = modals.confirm();
    modals.close(current()[0]!.id);
    await expect(dismissed).resolves.toBe(false);
  });

  it('gives the result as a Promise and as an Observable that completes', async () => {
    const { modals } = setup();
    const ref = modals.open<string>({ kind: 'component' });
    const all = lastValueFrom(ref.result$.pipe(toArray()));
    ref.close('picked');
    await expect(ref.result).resolves.toBe('picked');
    await expect(all).resolves.toEqual(['picked']);
    // Late subscribers still get the result.
    await expect(firstValueFrom(ref.result$)).resolves.toBe('picked');
  });

  it('accept and message', async () => {
    const { modals, current } = setup();
    const accepted = modals.accept('Remove user', 'Really?');
    expect(current()[0]!.options).toMatchObject({ kind: 'accept', title: 'Remove user', message: 'Really?' });
    modals.close(current()[0]!.id, true);
    await expect(accepted).resolves.toBe(true);
    const message = modals.message('Done');
    modals.close(current()[0]!.id);
    await expect(message).resolves.toBeUndefined();
  });

  it('closes side and centred containers when the route changes, unless told not to', async () => {
    const { modals, nav, current } = setup('/gluon');
    const side = modals.open({ kind: 'component', placement: 'side' });
    const centred = modals.open({ kind: 'message', placement: 'basic' });
    const pinned = modals.open({ kind: 'message', placement: 'under-header', closeOnRouteChange: false });
    nav.navigate('/gluon?tab=2'); // same path: nothing closes
    expect(current()).toHaveLength(3);
    nav.navigate('/gluon/upload');
    await expect(side.result).resolves.toBeUndefined();
    await expect(centred.result).resolves.toBeUndefined();
    expect(current().map((m) => m.id)).toEqual([pinned.id]);
  });

  it('closeAll closes everything and a closed modal never becomes visible', () => {
    const { modals, current } = setup();
    modals.open({ kind: 'message' });
    modals.open({ kind: 'message' });
    modals.closeAll();
    vi.advanceTimersByTime(100);
    expect(current()).toEqual([]);
  });
});

describe('resolveModalBehaviour', () => {
  it.each<[ModalPlacement, boolean]>([
    ['basic', false],
    ['under-header', true],
    ['side', true],
    ['side-small', true],
    ['side-extra-small', true],
    ['side-floating-small', true],
    ['side-custom', true],
  ])('%s: backdrop closes = %s, Escape and route change close', (placement, backdrop) => {
    expect(resolveModalBehaviour({ kind: 'message' }, placement)).toEqual({
      closeOnBackdrop: backdrop,
      closeOnEscape: true,
      closeOnRouteChange: true,
    });
  });

  it('explicit options win', () => {
    expect(
      resolveModalBehaviour(
        { kind: 'message', closeOnBackdrop: true, closeOnEscape: false, closeOnRouteChange: false },
        'basic',
      ),
    ).toEqual({
      closeOnBackdrop: true,
      closeOnEscape: false,
      closeOnRouteChange: false,
    });
  });
});
