import { act, cleanup, render, screen } from '@testing-library/react';
import { BehaviorSubject, Subject } from 'rxjs';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it } from 'vitest';

import { createServiceToken } from '../di/ServiceToken';
import { ServicesProvider } from './ServicesProvider';
import { useObservable } from './useObservable';
import { useService } from './useService';

afterEach(cleanup);

interface Greeter {
  greet(): string;
}
const GreeterToken = createServiceToken<Greeter>('test.greeter');

describe('ServicesProvider and useService', () => {
  it('resolves a service from the given container', () => {
    const container = rootContainer.createChildContainer();
    container.register(GreeterToken, { useValue: { greet: () => 'hello from the fake' } });
    function Hello() {
      return <span>{useService(GreeterToken).greet()}</span>;
    }
    render(
      <ServicesProvider container={container}>
        <Hello />
      </ServicesProvider>,
    );
    expect(screen.getByText('hello from the fake')).toBeTruthy();
  });

  it('fails clearly outside a provider', () => {
    function Hello() {
      useService(GreeterToken);
      return null;
    }
    const error = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Hello />)).toThrow(/inside <ServicesProvider>/);
    } finally {
      console.error = error;
    }
  });
});

describe('useObservable', () => {
  it('renders the current value at once, follows changes and unsubscribes on unmount', () => {
    const value$ = new BehaviorSubject('first');
    const renders: string[] = [];
    function Show() {
      const value = useObservable(value$, 'initial');
      renders.push(value);
      return <span data-testid="v">{value}</span>;
    }
    const { unmount } = render(<Show />);
    expect(renders[0]).toBe('first');
    act(() => value$.next('second'));
    expect(screen.getByTestId('v').textContent).toBe('second');
    expect(value$.observed).toBe(true);
    unmount();
    expect(value$.observed).toBe(false);
  });

  it('uses the initial value until a stream emits', () => {
    const value$ = new Subject<number>();
    function Show() {
      return <span data-testid="v">{useObservable(value$, 7)}</span>;
    }
    render(<Show />);
    expect(screen.getByTestId('v').textContent).toBe('7');
    act(() => value$.next(8));
    expect(screen.getByTestId('v').textContent).toBe('8');
  });

  it('two components reading one stream always agree', () => {
    const value$ = new BehaviorSubject(0);
    function Show({ id }: { id: string }) {
      return <span data-testid={id}>{useObservable(value$, -1)}</span>;
    }
    render(
      <>
        <Show id="a" />
        <Show id="b" />
      </>,
    );
    for (let i = 1; i <= 5; i++) {
      act(() => value$.next(i));
      expect([screen.getByTestId('a').textContent, screen.getByTestId('b').textContent]).toEqual([
        String(i),
        String(i),
      ]);
    }
  });
});
