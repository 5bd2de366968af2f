import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DefaultLoaderCache } from '../cache/DefaultLoaderCache';
import { LoaderCacheToken } from '../cache/LoaderCache';
import { ServicesProvider } from './ServicesProvider';
import { type LoaderKey, useLoader } from './useLoader';

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
    const { result, rerender } = renderHook(
      ({ key }) =>
        useLoader(
          key,
          () => {
            const call = deferred<string>();
            calls.set(key, call);
            return call.promise;
          },
          { describe: describeFailure },
        ),
      { initialProps: { key: 'a' } },
    );
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
    const { result, unmount } = renderHook(() =>
      useLoader('job', load, { describe: describeFailure, refreshMs: (data) => (data === 'running' ? 1000 : 0) }),
    );
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
    const { result } = renderHook(() =>
      useLoader('k', () => Promise.resolve({ name: 'old' }), { describe: describeFailure }),
    );
    await waitFor(() => expect(result.current.data).toEqual({ name: 'old' }));
    act(() => result.current.set({ name: 'saved' }));
    expect(result.current.data).toEqual({ name: 'saved' });
  });
});

/** A container with a loader cache, as a plugin's services provide it. */
function withCache() {
  const cache = new DefaultLoaderCache();
  const container = rootContainer.createChildContainer();
  container.register(LoaderCacheToken, { useValue: cache });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider container={container}>{children}</ServicesProvider>
  );
  return { cache, wrapper };
}

describe('useLoader with a LoaderCache (array keys)', () => {
  it('shows the last answer at once on a revisit while it asks again (stale while revalidate)', async () => {
    const { wrapper } = withCache();
    const first = renderHook(
      () => useLoader(['gluon', 'devices'], () => Promise.resolve('first answer'), { describe: describeFailure }),
      { wrapper },
    );
    await waitFor(() => expect(first.result.current.data).toBe('first answer'));
    first.unmount();

    const again = deferred<string>();
    const revisit = renderHook(
      () => useLoader(['gluon', 'devices'], () => again.promise, { describe: describeFailure }),
      { wrapper },
    );
    expect([revisit.result.current.data, revisit.result.current.loading]).toEqual(['first answer', true]);
    await act(async () => again.resolve('fresh answer'));
    expect([revisit.result.current.data, revisit.result.current.loading]).toEqual(['fresh answer', false]);
  });

  it('shows a key seen before at once when the key changes back (a page of a list)', async () => {
    const { wrapper } = withCache();
    const pages = new Map<number, ReturnType<typeof deferred<string>>>();
    const { result, rerender } = renderHook(
      ({ page }) =>
        useLoader(
          ['list', page],
          () => {
            const call = deferred<string>();
            pages.set(page, call);
            return call.promise;
          },
          { describe: describeFailure },
        ),
      { wrapper, initialProps: { page: 0 } },
    );
    await act(async () => pages.get(0)!.resolve('page 0'));
    rerender({ page: 1 });
    await act(async () => pages.get(1)!.resolve('page 1'));
    rerender({ page: 0 });
    await waitFor(() => expect([result.current.data, result.current.loading]).toEqual(['page 0', true]));
  });

  it('invalidate(prefix) makes the mounted loaders under it load again, and only those', async () => {
    const { cache, wrapper } = withCache();
    const load = {
      detail: vi.fn(() => Promise.resolve('detail')),
      files: vi.fn(() => Promise.resolve('files')),
      other: vi.fn(() => Promise.resolve('other')),
    };
    renderHook(
      () => [
        useLoader(['gluon', 'device', 'd-1', 'detail'], load.detail, { describe: describeFailure }),
        useLoader(['gluon', 'device', 'd-1', 'files'], load.files, { describe: describeFailure }),
        useLoader(['gluon', 'device', 'd-10', 'detail'], load.other, { describe: describeFailure }),
      ],
      { wrapper },
    );
    await waitFor(() => expect(load.other).toHaveBeenCalledTimes(1));
    act(() => cache.invalidate(['gluon', 'device', 'd-1']));
    await waitFor(() => expect(load.files).toHaveBeenCalledTimes(2));
    expect([load.detail.mock.calls.length, load.other.mock.calls.length]).toEqual([2, 1]);
  });

  it('drops a late answer for an older key from the page and from the cache', async () => {
    const { cache, wrapper } = withCache();
    const calls = new Map<string, ReturnType<typeof deferred<string>>>();
    const { result, rerender } = renderHook(
      ({ search }) =>
        useLoader(
          ['search', search],
          () => {
            const call = deferred<string>();
            calls.set(search, call);
            return call.promise;
          },
          { describe: describeFailure },
        ),
      { wrapper, initialProps: { search: 'a' } },
    );
    rerender({ search: 'ab' });
    await act(async () => calls.get('ab')!.resolve('ab results'));
    await act(async () => calls.get('a')!.resolve('a results (late)'));
    expect(result.current.data).toBe('ab results');
    expect(cache.read(['search', 'a'])).toBeUndefined();
    expect(cache.read(['search', 'ab'])).toBe('ab results');
  });

  it('set() stores the answer it is given; polls store theirs', async () => {
    vi.useFakeTimers();
    const { cache, wrapper } = withCache();
    const states = ['running', 'done'];
    let call = 0;
    const { result } = renderHook(
      () =>
        useLoader(['job'], () => Promise.resolve(states[Math.min(call++, 1)]!), {
          describe: describeFailure,
          refreshMs: (data) => (data === 'running' ? 1000 : 0),
        }),
      { wrapper },
    );
    await act(async () => {});
    expect(cache.read(['job'])).toBe('running');
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(cache.read(['job'])).toBe('done');
    act(() => result.current.set('saved here'));
    expect(cache.read(['job'])).toBe('saved here');
  });

  it('a string key is never cached, even with a cache', async () => {
    const { cache, wrapper } = withCache();
    const key: LoaderKey = 'devices';
    const { result } = renderHook(
      () => useLoader(key, () => Promise.resolve('answer'), { describe: describeFailure }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.data).toBe('answer'));
    expect(cache.read(['devices'])).toBeUndefined();
    act(() => cache.invalidate([]));
    expect(result.current.loading).toBe(false);
  });
});
