import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { createFakeHttpService } from '@core/testing';

import { DefaultUnsubscribeApi } from './DefaultUnsubscribeApi';

describe('DefaultUnsubscribeApi', () => {
  it.each([
    ['notification', false],
    ['all', true],
  ] as const)('unsubscribe(%s) posts the link token, public and with the page’s own errors', async (scope, all) => {
    const { http, requests } = createFakeHttpService(() => ({
      status: 200,
      data: { unsubscribed: scope, notification: 'weekly-report' },
    }));
    expect(await new DefaultUnsubscribeApi(new DefaultApiClient(http)).unsubscribe('link-token', scope)).toEqual({
      unsubscribed: scope,
      notification: 'weekly-report',
    });
    expect(
      requests.map((r) => ({ method: r.method, url: r.url, params: r.config.params, data: r.data, config: r.config })),
    ).toEqual([
      {
        method: 'POST',
        url: '/gluon-backend/externalNotifications/recipients/unsubscribe',
        params: { all },
        data: { jwt: 'link-token' },
        config: expect.objectContaining({ authMode: { kind: 'public' }, skipGlobalErrors: true }),
      },
    ]);
    // On the wire, the address the API documents: …/unsubscribe?all=true|false.
    expect(http.axios.getUri(requests[0]!.config)).toBe(
      `/gluon-backend/externalNotifications/recipients/unsubscribe?all=${all}`,
    );
  });
});
