import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ServicesProvider } from '../react/ServicesProvider';
import { DefaultToastService } from './DefaultToastService';
import { ToastOutlet } from './ToastOutlet';
import { ToastServiceToken } from './ToastService';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderOutlet() {
  const toasts = new DefaultToastService();
  const container = rootContainer.createChildContainer();
  container.register(ToastServiceToken, { useValue: toasts });
  render(
    <ServicesProvider container={container}>
      <ToastOutlet />
    </ServicesProvider>,
  );
  return toasts;
}

describe('ToastOutlet', () => {
  it('renders toasts from the service and removes them after 3000 ms', () => {
    vi.useFakeTimers();
    const toasts = renderOutlet();
    act(() => void toasts.success('Contact Us', 'Contact form has been sent'));
    expect(screen.getByText('Contact Us')).toBeTruthy();
    expect(screen.getByText('Contact form has been sent')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(3000));
    // Blueprint animates the exit; the toast leaves the service immediately.
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Contact Us')).toBeNull();
  });

  it('the close button dismisses the toast in the service', () => {
    const toasts = renderOutlet();
    const seen: number[] = [];
    toasts.toasts$.subscribe((l) => seen.push(l.length));
    act(() => void toasts.error('No Permissions', 'nope'));
    expect(screen.getByText('No Permissions')).toBeTruthy();
    const close = screen.getByRole('button', { name: /close/i });
    act(() => fireEvent.click(close));
    expect(seen.at(-1)).toBe(0);
  });
});
