import { EMPTY } from 'rxjs';
import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import type { DownloadRequest, DownloadService } from '@core/downloads/DownloadService';
import { createFakeHttpService } from '@core/testing';

import { DefaultNeutrinoApi } from './DefaultNeutrinoApi';

function client(reply: unknown = {}) {
  const { http, requests } = createFakeHttpService(() => ({ status: 200, data: reply }));
  const started: DownloadRequest[] = [];
  const downloads: DownloadService = {
    items$: EMPTY,
    dismiss: () => undefined,
    start: async (request) => void started.push(request),
  };
  return { api: new DefaultNeutrinoApi(new DefaultApiClient(http), downloads), requests, started, http };
}

describe('DefaultNeutrinoApi', () => {
  it('writes a hunt as the API reads it: kinds repeated, blank values left out, a value with wildcards as data', async () => {
    const { api, requests, http } = client({ items: [], nextCursor: null });
    await api.hunt({ value: '50%_off', mode: 'contains', kinds: ['process', 'path'], from: '', size: 25 });
    expect(http.axios.getUri(requests[0]!.config)).toBe(
      '/neutrino-backend/hunt?value=50%25_off&mode=contains&kinds=process&kinds=path&size=25',
    );
  });

  it('hunts with GET /neutrino-backend/hunt and explains its refusals on the page', async () => {
    const { api, requests, http } = client({ items: [], nextCursor: null });
    await expect(api.hunt({ value: 'helperd', mode: 'exact', cursor: 'abc' })).resolves.toEqual({
      items: [],
      nextCursor: null,
    });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/neutrino-backend/hunt' });
    expect(http.axios.getUri(requests[0]!.config)).toBe('/neutrino-backend/hunt?value=helperd&mode=exact&cursor=abc');
    expect((requests[0]!.config as { skipGlobalErrors?: number[] }).skipGlobalErrors).toEqual([
      400, 409, 413, 422, 503,
    ]);
  });

  it('sweeps, turns a sweep into a rule set, saves and deletes hunts', async () => {
    const { api, requests } = client({});
    await api.sweep({ values: 'helperd', type: 'process:name' });
    await api.sweepIntoRuleSet({ bundle: '{}' });
    await api.saveHunt({ name: 'x', hunt: { value: 'helperd' } });
    await api.deleteSavedHunt('a/b');
    await api.campaign({ familyId: 'malware--1', offset: 5.5 });
    expect(requests.map((r) => [r.method, r.url, r.data ?? null])).toEqual([
      ['POST', '/neutrino-backend/sweeps', { values: 'helperd', type: 'process:name' }],
      ['POST', '/neutrino-backend/sweeps/ruleSet', { bundle: '{}' }],
      ['POST', '/neutrino-backend/savedHunts', { name: 'x', hunt: { value: 'helperd' } }],
      ['DELETE', '/neutrino-backend/savedHunts/a%2Fb', null],
      ['GET', '/neutrino-backend/campaigns', null],
    ]);
    // The user's zone travels with it: the timeline's days are counted there.
    expect(requests[4]!.config.params).toEqual({ familyId: 'malware--1', offset: 5.5 });
  });

  it('exports the CSV through the downloads panel', async () => {
    const { api, started, http } = client();
    await api.exportHunt({ value: 'helperd', kinds: ['process'], mode: undefined });
    expect(started[0]).toMatchObject({
      fileName: 'neutrino-hunt.csv',
      request: { method: 'GET', url: '/neutrino-backend/hunt/export' },
    });
    expect(http.axios.getUri(started[0]!.request)).toBe('/neutrino-backend/hunt/export?value=helperd&kinds=process');
  });
});
