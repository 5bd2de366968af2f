import { afterEach, describe, expect, it, vi } from 'vitest';

import { createFakeApiClient } from '../../testing/createFakeApiClient';
import { getJamfProviderInfo } from './getJamfProviderInfo';

/** An API that never answers the look-up: the call ends only when its signal aborts it. */
function silentApi() {
  return createFakeApiClient({
    'GET /um/oauth2LoginProviders/JamfAuth0/info': ({ signal }) =>
      new Promise((_resolve, reject) => {
        signal?.addEventListener?.('abort', () => reject(new Error('aborted')));
      }),
  });
}

describe('getJamfProviderInfo', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after the page timer (spec §9: 5 s), not before', async () => {
    vi.useFakeTimers();
    const { api, calls } = silentApi();
    const settled = vi.fn();
    const call = getJamfProviderInfo(api, 'corp.example', 5000).then(settled, settled);
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toHaveBeenCalledWith(new Error('aborted'));
    expect(calls.map((c) => [c.url, c.options.query, c.options.authMode])).toEqual([
      ['/um/oauth2LoginProviders/JamfAuth0/info', { emailDomain: 'corp.example' }, { kind: 'public' }],
    ]);
  });

  it('without a timeout, sends no signal (the callback and re-validation wait for the answer)', async () => {
    const { api, calls } = silentApi();
    void getJamfProviderInfo(api, 'corp.example');
    await Promise.resolve();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options.signal).toBeUndefined();
  });
});
