import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoader } from './useLoader';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const describeFailure = (failure: unknown) => `failed: ${(failure as Error).message}`;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLoader', () => {
  it('loads for a key, keeps the data while the next key loads and drops a late answer for an old key', async () => {
    const calls = new Map<string, ReturnType<typeof deferred<string>>>();
    const { result, rerender } = renderHook(({ key }) => useLoader(key, () => {
      const call = deferred<string>();
      calls.set(key, call);
      return call.promise;
    }, { describe: describeFailure }), { initialProps: { key: 'a' } });
    expect(result.current.loading).toBe(true);
    await act(async () => calls.get('a')!.resolve('page a'));
    expect([result.current.data, result.current.loading]).toEqual(['page a', false]);

    rerender({ key: 'b' });
    expect([result.current.data, result.current.loading]).toEqual(['page a', true]);
    rerender({ key: 'c' });
    await act(async () => calls.get('c')!.resolve('page c'));
    await act(async () => calls.get('b')!.resolve('page b (late)'));
    expect([result.current.data, result.current.loading]).toEqual(['page c', false]);
  });

  it("shows a failure through the plugin's texts, keeps the last data, and clears the line after a reload succeeds", async () => {
    let answer: () => Promise<string> = () => Promise.resolve('first');
    const { result } = renderHook(() => useLoader('k', () => answer(), { describe: describeFailure }));
    await waitFor(() => expect(result.current.data).toBe('first'));
    answer = () => Promise.reject(new Error('offline'));
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.error).toBe('failed: offline'));
    expect(result.current.data).toBe('first');
    answer = () => Promise.resolve('second');
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.data).toBe('second'));
    expect(result.current.error).toBeNull();
  });

  it('asks nothing for a null key', () => {
    const load = vi.fn(() => Promise.resolve('never'));
    const { result } = renderHook(() => useLoader(null, load, { describe: describeFailure }));
    expect(load).not.toHaveBeenCalled();
    expect([result.current.data, result.current.loading, result.current.error]).toEqual([null, false, null]);
  });

  it('polls while refreshMs asks for it and stops when it answers 0', async () => {
    vi.useFakeTimers();
    const states = ['running', 'running', 'done'];
    let call = 0;
    const load = vi.fn(() => Promise.resolve(states[Math.min(call++, states.length - 1)]!));
    const { result, unmount } = renderHook(() => useLoader('job', load, { describe: describeFailure, refreshMs: (data) => (data === 'running' ? 1000 : 0) }));
    await act(async () => {});
    expect(result.current.data).toBe('running');
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(result.current.data).toBe('done');
    await act(async () => vi.advanceTimersByTimeAsync(5000));
    expect(load).toHaveBeenCalledTimes(3);
    unmount();
  });

  it('set() replaces the data with an answer the caller already has', async () => {
    const { result } = renderHook(() => useLoader('k', () => Promise.resolve({ name: 'old' }), { describe: describeFailure }));
    await waitFor(() => expect(result.current.data).toEqual({ name: 'old' }));
    act(() => result.current.set({ name: 'saved' }));
    expect(result.current.data).toEqual({ name: 'saved' });
  });
});
