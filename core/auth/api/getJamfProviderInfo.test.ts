import { afterEach, describe, expect, it, vi } from 'vitest';

import type { HttpRequestConfig, HttpService } from '../../http/HttpService';
import { getJamfProviderInfo } from './getJamfProviderInfo';

/** An API that never answers: the call ends only when its signal aborts it. */
function silentApi(): { http: HttpService; configs: HttpRequestConfig[] } {
  const configs: HttpRequestConfig[] = [];
  const get = (_url: string, config: HttpRequestConfig = {}) =>
    new Promise((_resolve, reject) => {
      configs.push(config);
      config.signal?.addEventListener?.('abort', () => reject(new Error('aborted')));
    });
  return { http: { get } as unknown as HttpService, configs };
}

describe('getJamfProviderInfo', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after the page timer (spec §9: 5 s), not before', async () => {
    vi.useFakeTimers();
    const { http, configs } = silentApi();
    const settled = vi.fn();
    const call = getJamfProviderInfo(http, 'corp.example', 5000).then(settled, settled);
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toHaveBeenCalledWith(new Error('aborted'));
    expect(configs[0]?.params).toEqual({ emailDomain: 'corp.example' });
  });

  it('without a timeout, sends no signal (the callback and re-validation wait for the answer)', async () => {
    const { http, configs } = silentApi();
    void getJamfProviderInfo(http, 'corp.example');
    await Promise.resolve();
    expect(configs[0]?.signal).toBeUndefined();
  });
});
