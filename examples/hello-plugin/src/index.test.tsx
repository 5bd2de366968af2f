import {
  type NavigationService,
  NavigationServiceToken,
  type ToastService,
  ToastServiceToken,
} from '@console/plugin-sdk';
import { createTestServices, TestServices } from '@console/plugin-sdk/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';

import { GreetingServiceToken } from './greetingService';
import { HelloPage, services } from './index';

function fakeNavigation(path: string): NavigationService {
  const path$ = new BehaviorSubject(path);
  return {
    path$,
    search$: new BehaviorSubject(''),
    path: () => path$.value,
    search: () => '',
    navigate: (to) => path$.next(to),
    assign: () => undefined,
  };
}

function fakeToasts(): ToastService & { shown: string[] } {
  const shown: string[] = [];
  return {
    shown,
    toasts$: new BehaviorSubject([]),
    show: () => '',
    success: (title, message) => (shown.push(`${title}: ${message}`), ''),
    info: () => '',
    error: () => '',
    dismiss: () => undefined,
  };
}

describe('HelloPage', () => {
  it('greets through its own service, counts clicks and toasts through the console', async () => {
    const toasts = fakeToasts();
    const navigation = fakeNavigation('/hello');
    const greeting = services[0]!.factory({ navigation });
    const container = createTestServices([
      [NavigationServiceToken, navigation],
      [ToastServiceToken, toasts],
      [GreetingServiceToken, greeting],
    ]);
    render(
      <TestServices container={container}>
        <HelloPage params={{}} />
      </TestServices>,
    );
    expect(screen.getByRole('heading', { name: 'Hello from a runtime plugin' })).toBeTruthy();
    expect(screen.getByTestId('hello-greeting').textContent).toBe('Hello, operator, from /hello');
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0 times' }));
    expect(screen.getByRole('button', { name: 'Clicked 1 times' })).toBeTruthy();
    expect(toasts.shown).toEqual(['Hello: Clicked 1 times']);
  });

  it('takes a fake greeting by its token, like any service', () => {
    const container = createTestServices([
      [NavigationServiceToken, fakeNavigation('/hello')],
      [ToastServiceToken, fakeToasts()],
      [GreetingServiceToken, { greeting: () => 'Hi there' }],
    ]);
    render(
      <TestServices container={container}>
        <HelloPage params={{}} />
      </TestServices>,
    );
    expect(screen.getByTestId('hello-greeting').textContent).toBe('Hi there');
  });
});
