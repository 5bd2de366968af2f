import { Classes } from '@blueprintjs/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { container as rootContainer } from 'tsyringe';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { MemoryNavigationService } from '../navigation/MemoryNavigationService';
import { ServicesProvider } from '../react/ServicesProvider';
import { DefaultModalService } from './DefaultModalService';
import { ModalOutlet } from './ModalOutlet';
import { type ModalBodyProps, ModalServiceToken } from './ModalService';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderOutlet() {
  const nav = new MemoryNavigationService('/gluon');
  const modals = new DefaultModalService(nav);
  const container = rootContainer.createChildContainer();
  container.register(ModalServiceToken, { useValue: modals });
  render(
    <ServicesProvider container={container}>
      <ModalOutlet />
    </ServicesProvider>,
  );
  return { modals, nav };
}

/** Lets the 50 ms open delay pass. */
function afterOpenDelay() {
  act(() => void vi.advanceTimersByTime(50));
}

async function settled<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([promise, Promise.resolve('pending' as const).then((p) => p)]);
}

describe('ModalOutlet', () => {
  it('confirm: title, default message, Cancel and Yes; shown after 50 ms; Yes resolves true', async () => {
    const { modals } = renderOutlet();
    let result!: Promise<boolean>;
    act(() => void (result = modals.confirm()));
    expect(screen.queryByText('Confirm your action')).toBeNull();
    afterOpenDelay();
    expect(screen.getByText('Confirm your action')).toBeTruthy();
    expect(screen.getByText('Are you sure you want to proceed?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Yes' })));
    await expect(result).resolves.toBe(true);
  });

  it('confirm with a verb: the button says it (Delete) instead of Yes, and resolves true', async () => {
    const { modals } = renderOutlet();
    let result!: Promise<boolean>;
    act(() => void (result = modals.confirm('Delete DarkSword?', 'Delete')));
    afterOpenDelay();
    expect(screen.getByText('Confirm your action')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Yes' })).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await expect(result).resolves.toBe(true);
  });

  it('Enter confirms', async () => {
    const { modals } = renderOutlet();
    let result!: Promise<boolean>;
    act(() => void (result = modals.confirm('Delete?')));
    afterOpenDelay();
    act(() => void fireEvent.keyDown(document.body, { key: 'Enter' }));
    await expect(result).resolves.toBe(true);
  });

  it('Escape closes (a confirm then answers false)', async () => {
    const { modals } = renderOutlet();
    let result!: Promise<boolean>;
    act(() => void (result = modals.confirm()));
    afterOpenDelay();
    const dialog = screen.getByRole('dialog');
    act(() => void fireEvent.keyDown(dialog, { key: 'Escape' }));
    await expect(result).resolves.toBe(false);
  });

  it('accept shows the custom title with Cancel and Confirm; message shows Close', async () => {
    const { modals } = renderOutlet();
    let accepted!: Promise<boolean>;
    act(() => void (accepted = modals.accept('Remove user')));
    afterOpenDelay();
    expect(screen.getByText('Remove user')).toBeTruthy();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    await expect(accepted).resolves.toBe(true);

    let message!: Promise<void>;
    act(() => void (message = modals.message('Saved', 'All good')));
    afterOpenDelay();
    expect(screen.getByText('All good')).toBeTruthy();
    // The header's close icon is also labelled Close; the footer button carries the text.
    act(() => fireEvent.click(screen.getByText('Close').closest('button')!));
    await expect(message).resolves.toBeUndefined();
  });

  it('a backdrop click closes an under-header modal but not a basic one', async () => {
    const { modals } = renderOutlet();
    let basic!: Promise<unknown>;
    act(() => void (basic = modals.open({ kind: 'message', title: 'Basic', placement: 'basic' }).result));
    afterOpenDelay();
    act(() => void fireEvent.mouseDown(document.querySelector(`.${Classes.OVERLAY_BACKDROP}`)!));
    expect(await settled(basic)).toBe('pending');
    expect(screen.getByText('Basic')).toBeTruthy();
    act(() => modals.closeAll());

    let under!: Promise<unknown>;
    act(() => void (under = modals.open({ kind: 'message', title: 'Under', placement: 'under-header' }).result));
    afterOpenDelay();
    const backdrops = document.querySelectorAll(`.${Classes.OVERLAY_BACKDROP}`);
    act(() => void fireEvent.mouseDown(backdrops[backdrops.length - 1]!));
    await expect(under).resolves.toBeUndefined();
  });

  it('side panels are right-hand drawers with their width, and close on backdrop click', async () => {
    const { modals } = renderOutlet();
    function Body({ close }: ModalBodyProps<string>) {
      return <button onClick={() => close('chosen')}>choose</button>;
    }
    let result!: Promise<string | undefined>;
    act(
      () =>
        void (result = modals.open<string>({
          kind: 'component',
          placement: 'side-small',
          title: 'Panel',
          component: Body,
        }).result),
    );
    afterOpenDelay();
    const drawer = document.querySelector<HTMLElement>(`.${Classes.DRAWER}`)!;
    expect(drawer).toBeTruthy();
    expect(drawer.style.width).toBe('400px');
    act(() => fireEvent.click(screen.getByText('choose')));
    await expect(result).resolves.toBe('chosen');

    let custom!: Promise<unknown>;
    act(() => void (custom = modals.open({ kind: 'message', placement: 'side-custom', width: '720px' }).result));
    afterOpenDelay();
    expect(document.querySelector<HTMLElement>(`.${Classes.DRAWER}`)!.style.width).toBe('720px');
    const backdrops = document.querySelectorAll(`.${Classes.OVERLAY_BACKDROP}`);
    act(() => void fireEvent.mouseDown(backdrops[backdrops.length - 1]!));
    await expect(custom).resolves.toBeUndefined();
  });

  it('a route change closes the open panel', async () => {
    const { modals, nav } = renderOutlet();
    let result!: Promise<unknown>;
    act(() => void (result = modals.open({ kind: 'message', title: 'Side', placement: 'side' }).result));
    afterOpenDelay();
    expect(screen.getByText('Side')).toBeTruthy();
    act(() => nav.navigate('/gluon/upload'));
    await expect(result).resolves.toBeUndefined();
  });
});
