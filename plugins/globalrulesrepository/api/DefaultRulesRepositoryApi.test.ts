import { describe, expect, it } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import { createFakeHttpService, type FakeRequest } from '@core/testing';

import { DefaultRulesRepositoryApi } from './DefaultRulesRepositoryApi';
import type { RulesRepositoryApi } from './RulesRepositoryApi';

/** What a request carried, as the API reads it. */
const sent = (r: FakeRequest) => ({
  method: r.method,
  url: r.url,
  params: r.config.params as unknown,
  data: r.data,
  skipGlobalErrors: (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
});

describe('DefaultRulesRepositoryApi: each call as the API expects it', () => {
  const cases: Array<
    [string, (api: RulesRepositoryApi) => Promise<unknown>, ReturnType<typeof sent>, unknown, unknown]
  > = [
    // [name, call, request, server's answer, what the call resolves]
    [
      'getRuleSets',
      (api) => api.getRuleSets(),
      {
        method: 'GET',
        url: '/globalrulesrepository-backend/ruleSets',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
      },
      [{ id: 'r-1' }],
      [{ id: 'r-1' }],
    ],
    [
      'importRuleSet (pasted: no file name)',
      (api) => api.importRuleSet('{"type":"bundle"}'),
      {
        method: 'POST',
        url: '/globalrulesrepository-backend/ruleSets',
        params: undefined,
        data: { bundle: '{"type":"bundle"}' },
        skipGlobalErrors: [400, 413],
      },
      { status: 'created' },
      { status: 'created' },
    ],
    [
      'importRuleSet (a file)',
      (api) => api.importRuleSet('{}', 'darksword.stix2'),
      {
        method: 'POST',
        url: '/globalrulesrepository-backend/ruleSets',
        params: undefined,
        data: { bundle: '{}', fileName: 'darksword.stix2' },
        skipGlobalErrors: [400, 413],
      },
      { status: 'unchanged' },
      { status: 'unchanged' },
    ],
    [
      'setRuleSetEnabled',
      (api) => api.setRuleSetEnabled('r/1', false),
      {
        method: 'PATCH',
        url: '/globalrulesrepository-backend/ruleSets/r%2F1',
        params: undefined,
        data: { enabled: false },
        skipGlobalErrors: undefined,
      },
      { id: 'r/1' },
      { id: 'r/1' },
    ],
    [
      'getIndicators (only the suppressed ones)',
      (api) => api.getIndicators('r-1', { page: 0, size: 25, search: ' ', suppressed: true }),
      {
        method: 'GET',
        url: '/globalrulesrepository-backend/ruleSets/r-1/indicators',
        params: { page: 0, size: 25, suppressed: true },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [] },
      { items: [] },
    ],
    [
      'unsuppress',
      (api) => api.unsuppress('s/1'),
      {
        method: 'DELETE',
        url: '/globalrulesrepository-backend/suppressions/s%2F1',
        params: undefined,
        data: undefined,
        skipGlobalErrors: [404],
      },
      { findings: 1 },
      { findings: 1 },
    ],
    [
      'getMatching',
      (api) => api.getMatching(),
      {
        method: 'GET',
        url: '/globalrulesrepository-backend/matching',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { state: 'running' },
      { state: 'running' },
    ],
    [
      'deleteRuleSet',
      (api) => api.deleteRuleSet('r-1'),
      {
        method: 'DELETE',
        url: '/globalrulesrepository-backend/ruleSets/r-1',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
      },
      '',
      undefined,
    ],
    [
      'getIndicators (a blank search is not sent)',
      (api) => api.getIndicators('r-1', { page: 1, size: 25, search: ' ' }),
      {
        method: 'GET',
        url: '/globalrulesrepository-backend/ruleSets/r-1/indicators',
        params: { page: 1, size: 25 },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [] },
      { items: [] },
    ],
    [
      'getIndicators (searched)',
      (api) => api.getIndicators('r-1', { page: 0, size: 25, search: ' icloud ' }),
      {
        method: 'GET',
        url: '/globalrulesrepository-backend/ruleSets/r-1/indicators',
        params: { page: 0, size: 25, search: 'icloud' },
        data: undefined,
        skipGlobalErrors: undefined,
      },
      { items: [] },
      { items: [] },
    ],
    [
      'suppressIndicator',
      (api) => api.suppressIndicator('indicator--1', 'Shared test device'),
      {
        method: 'POST',
        url: '/globalrulesrepository-backend/suppressions',
        params: undefined,
        data: { indicatorId: 'indicator--1', reason: 'Shared test device' },
        skipGlobalErrors: [400, 404],
      },
      { findings: 1 },
      { findings: 1 },
    ],
  ];

  it.each(cases)('%s', async (_name, call, request, reply, result) => {
    const { http, requests } = createFakeHttpService(() => ({ status: 200, data: reply }));
    expect(await call(new DefaultRulesRepositoryApi(new DefaultApiClient(http)))).toEqual(result);
    expect(requests.map(sent)).toEqual([request]);
  });
});
