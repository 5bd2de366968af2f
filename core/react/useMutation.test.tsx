import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { DefaultLoaderCache } from '../cache/DefaultLoaderCache';
import { type CacheKey, LoaderCacheToken } from '../cache/LoaderCache';
import { ServicesProvider } from './ServicesProvider';
import { useMutation } from './useMutation';

afterEach(cleanup);

const describeFailure = (failure: unknown) => `failed: ${(failure as Error).message}`;

function withCache() {
  const cache = new DefaultLoaderCache();
  const container = rootContainer.createChildContainer();
  container.register(LoaderCacheToken, { useValue: cache });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider container={container}>{children}</ServicesProvider>
  );
  return { cache, wrapper };
}

describe('useMutation', () => {
  it('resolves the answer, shows pending while it runs, then runs onSuccess and invalidates what the answer names', async () => {
    const { cache, wrapper } = withCache();
    const events: string[] = [];
    cache.invalidated$.subscribe((prefix) => events.push(`invalidate ${prefix.join('/')}`));
    let finish!: (value: { deviceId: string }) => void;
    const { result } = renderHook(
      () =>
        useMutation((_id: string) => new Promise<{ deviceId: string }>((resolve) => (finish = resolve)), {
          describe: describeFailure,
          onSuccess: (answer, id) => events.push(`success ${id} ${answer.deviceId}`),
          invalidates: (answer): CacheKey[] => [
            ['gluon', 'devices'],
            ['gluon', 'device', answer.deviceId],
          ],
        }),
      { wrapper },
    );
    let outcome!: Promise<unknown>;
    act(() => {
      outcome = result.current.run('i-1');
    });
    expect(result.current.pending).toBe(true);
    await act(async () => finish({ deviceId: 'd-1' }));
    expect(await outcome).toEqual({ ok: true, value: { deviceId: 'd-1' } });
    expect(result.current.pending).toBe(false);
    expect(events).toEqual(['success i-1 d-1', 'invalidate gluon/devices', 'invalidate gluon/device/d-1']);
  });

  it("never rejects: a failure resolves the plugin's line, shows it, and the next run clears it", async () => {
    const { wrapper } = withCache();
    const onSuccess = vi.fn();
    let fail = true;
    const { result } = renderHook(
      () =>
        useMutation(async () => (fail ? Promise.reject(new Error('offline')) : 'saved'), {
          describe: describeFailure,
          onSuccess,
          invalidates: [['k']],
        }),
      { wrapper },
    );
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run();
    });
    expect(outcome).toEqual({ ok: false, error: 'failed: offline' });
    expect([result.current.error, result.current.pending]).toEqual(['failed: offline', false]);
    expect(onSuccess).not.toHaveBeenCalled();
    fail = false;
    await act(async () => {
      outcome = await result.current.run();
    });
    expect(outcome).toEqual({ ok: true, value: 'saved' });
    expect(result.current.error).toBeNull();
  });

  it('clearError forgets the last failure without another call', async () => {
    const work = vi.fn(() => Promise.reject(new Error('too large')));
    const { result } = renderHook(() => useMutation(work, { describe: describeFailure }));
    await act(async () => {
      await result.current.run();
    });
    expect(result.current.error).toBe('failed: too large');
    act(() => result.current.clearError());
    expect(result.current.error).toBeNull();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('works outside a container, with nothing to invalidate', async () => {
    const { result } = renderHook(() =>
      useMutation(async (n: number) => n * 2, { describe: describeFailure, invalidates: [['k']] }),
    );
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run(21);
    });
    expect(outcome).toEqual({ ok: true, value: 42 });
  });
});
