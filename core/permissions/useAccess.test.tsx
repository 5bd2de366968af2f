import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BehaviorSubject } from 'rxjs';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it } from 'vitest';

import { hasPermission } from '@common/permissions/hasPermission';

import { ServicesProvider } from '../react/ServicesProvider';
import { access$ } from './accessOf';
import { type PermissionsService, PermissionsServiceToken } from './PermissionsService';
import { type Access, useAccess } from './useAccess';

afterEach(cleanup);

const calls: string[] = [];
const rules = {
  read: (perms: readonly string[]) => (calls.push('read'), hasPermission(perms, 'snr', 'scn', ['r', 'rw'])),
  write: (perms: readonly string[]) => (calls.push('write'), hasPermission(perms, 'snr', 'scn', ['w', 'rw'])),
};

function fakePermissions(initial: readonly string[]) {
  const perms$ = new BehaviorSubject<readonly string[]>(initial);
  const service: PermissionsService = { perms$, perms: () => perms$.value };
  return { perms$, service };
}

function renderAccess(initial: readonly string[]) {
  const fake = fakePermissions(initial);
  const container = rootContainer.createChildContainer();
  container.register(PermissionsServiceToken, { useValue: fake.service });
  const answers: Access<typeof rules>[] = [];
  let rerender: () => void = () => {};
  function Show() {
    const [, setTick] = useState(0);
    rerender = () => setTick((t) => t + 1);
    const access = useAccess(rules);
    answers.push(access);
    return <span data-testid="access">{`read ${access.read}, write ${access.write}`}</span>;
  }
  render(
    <ServicesProvider container={container}>
      <Show />
    </ServicesProvider>,
  );
  return { ...fake, answers, rerender: () => act(() => rerender()) };
}

describe('useAccess', () => {
  it('answers each rule at once and follows the permissions: sign-in, refresh with more, sign-out', () => {
    const { perms$ } = renderAccess([]);
    const shown = () => screen.getByTestId('access').textContent;
    expect(shown()).toBe('read false, write false');
    act(() => perms$.next(['snr#scn#r']));
    expect(shown()).toBe('read true, write false');
    act(() => perms$.next(['snr#scn#rw']));
    expect(shown()).toBe('read true, write true');
    act(() => perms$.next([]));
    expect(shown()).toBe('read false, write false');
  });

  it('keeps the answer object while nothing changed: re-renders evaluate nothing, new permissions with the same answers re-render nothing', () => {
    const { perms$, answers, rerender } = renderAccess(['snr#scn#r']);
    const first = answers[0]!;
    calls.length = 0;
    rerender();
    expect(calls).toEqual([]);
    const renders = answers.length;
    // Another list (a refresh that adds an unrelated permission): the same answers, the same object.
    act(() => perms$.next(['snr#scn#r', 'gln#rpt#r']));
    expect(calls).toEqual(['read', 'write']);
    expect(answers.length).toBe(renders);
    expect(answers.every((answer) => answer === first)).toBe(true);
    act(() => perms$.next(['snr#scn#w']));
    expect(answers.at(-1)).not.toBe(first);
    expect(answers.at(-1)).toEqual({ read: false, write: true });
  });
});

describe('access$', () => {
  it('emits only when an answer changes, for services that need a stream', () => {
    const perms$ = new BehaviorSubject<readonly string[]>([]);
    const seen: Access<typeof rules>[] = [];
    const subscription = access$(perms$, rules).subscribe((answer) => {
      if (seen.at(-1) !== answer) seen.push(answer);
    });
    perms$.next(['gln#rpt#r']);
    perms$.next(['snr#scn#rw']);
    subscription.unsubscribe();
    expect(seen).toEqual([
      { read: false, write: false },
      { read: true, write: true },
    ]);
  });
});
