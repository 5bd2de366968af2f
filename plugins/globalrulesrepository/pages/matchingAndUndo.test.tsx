import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { fakeService } from '@core/testing';
import { type Toast, type ToastService, ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../../../tests/harness/renderHost';
import { prefixOwner } from '../../../tests/harness/testPlugins';
import { makeTestToken } from '../../../tests/harness/tokens';
import {
  type MatchingStatus,
  type RuleSet,
  type RulesRepositoryApi,
  RulesRepositoryApiToken,
} from '../api/RulesRepositoryApi';
import { globalrulesrepositoryPlugin } from '../index';

beforeAll(async () => {
  await import('./GlobalrulesrepositoryPage');
});

const NOW = '2026-11-23T05:00:00.000Z';
const ruleSet: RuleSet = {
  id: 'r-1',
  bundleId: 'bundle--1',
  name: 'KingSpawn',
  version: '2',
  revision: 1,
  author: null,
  enabled: true,
  indicatorCount: 2,
  counts: { 'process:name': 2 },
  families: [{ id: 'malware--1', name: 'KingSpawn', indicators: 2 }],
  unsupported: [],
  suppressions: 1,
  createdAt: NOW,
  updatedAt: NOW,
};

const status = (over: Partial<MatchingStatus>): MatchingStatus => ({
  state: 'done',
  queuedAt: NOW,
  finishedAt: NOW,
  devicesDone: 0,
  devicesTotal: 3,
  newFindings: 0,
  error: null,
  ...over,
});

/** The page over a fake client; `matching` answers each status call in turn (the last one repeats). */
function host(methods: Partial<RulesRepositoryApi>, matching: MatchingStatus[]) {
  let call = 0;
  const fake = fakeService<RulesRepositoryApi>('RulesRepositoryApi', {
    getRuleSets: async () => [ruleSet],
    getMatching: async () => matching[Math.min(call++, matching.length - 1)]!,
    ...methods,
  });
  const h = renderHost({
    plugins: [globalrulesrepositoryPlugin, prefixOwner('gln')],
    token: makeTestToken(['gln#cfg#rw']),
    path: '/globalrulesrepository',
    services: [[RulesRepositoryApiToken, fake]],
  });
  const toasts = () => {
    let list: readonly Toast[] = [];
    h.services
      .resolve<ToastService>(ToastServiceToken)
      .toasts$.subscribe((value) => (list = value))
      .unsubscribe();
    return list;
  };
  return { fake, toasts };
}

describe('matching stored observations again', () => {
  it('follows the matching an import queued to its end: progress in place, then done with counts, in place and as a toast', async () => {
    const { fake, toasts } = host(
      { importRuleSet: async () => ({ ruleSet, status: 'updated' }) },
      // On opening: an old matching, long over (not announced). After the import: waiting, running, done.
      [
        status({ devicesDone: 3 }),
        status({ state: 'queued', finishedAt: null }),
        status({ state: 'running', devicesDone: 1, finishedAt: null }),
        status({ devicesDone: 3, newFindings: 2 }),
      ],
    );
    await screen.findByTestId('rule-set-row');
    await waitFor(() => expect(fake.getMatching.mock.calls.length).toBe(1));
    expect(screen.queryByTestId('matching-status')).toBeNull();
    await userEvent.click(screen.getByLabelText('Or paste a bundle'));
    await userEvent.paste('{"type":"bundle"}');
    await userEvent.click(screen.getByRole('button', { name: 'Import pasted bundle' }));
    expect(await screen.findByText(/Stored observations are being matched again: waiting for the worker/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('matching-status').textContent).toContain('1 of 3 devices'), {
      timeout: 5000,
    });
    expect(
      within(screen.getByTestId('matching-status')).getByRole('progressbar', { name: 'Matching progress' }),
    ).toBeTruthy();
    await waitFor(
      () =>
        expect(screen.getByTestId('matching-status').textContent).toBe(
          'Matching again done: 3 devices matched, 2 new findings.',
        ),
      { timeout: 5000 },
    );
    expect(toasts()).toEqual([
      expect.objectContaining({
        intent: 'success',
        title: 'Rule sets',
        message: 'Matching again done: 3 devices matched, 2 new findings.',
      }),
    ]);
    // It ended: no more questions.
    const asked = fake.getMatching.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(fake.getMatching.mock.calls.length).toBe(asked);
  });

  it('picks up a matching already running when the page opens (a false positive elsewhere) and says when it failed', async () => {
    const { toasts } = host({}, [
      status({ state: 'running', devicesDone: 2, finishedAt: null }),
      status({ state: 'failed', error: 'The inspection stopped 3 times; it was not retried.' }),
    ]);
    expect(await screen.findByText(/2 of 3 devices/)).toBeTruthy();
    await waitFor(
      () =>
        expect(screen.getByTestId('matching-status').textContent).toBe(
          'Matching again failed: The inspection stopped 3 times; it was not retried.',
        ),
      {
        timeout: 5000,
      },
    );
    expect(toasts()).toEqual([
      expect.objectContaining({
        intent: 'error',
        message: 'Matching again failed: The inspection stopped 3 times; it was not retried.',
      }),
    ]);
  });
});

describe('suppressed indicators', () => {
  it('"1 suppressed" opens the suppressed indicators, marked; Undo removes the suppression and follows the matching', async () => {
    let suppressed = true;
    const { fake } = host(
      {
        getIndicators: async (_id, query) => ({
          items: suppressed
            ? [
                {
                  id: 'indicator--1',
                  type: 'process:name',
                  value: 'BackupAgent',
                  pattern: 'p',
                  familyName: 'KingSpawn',
                  suppression: {
                    id: 's-1',
                    reason: 'Apple backup agent',
                    author: 'ana@example.com',
                    createdAt: NOW,
                    value: 'BackupAgent',
                  },
                },
              ]
            : query.suppressed
              ? []
              : [
                  {
                    id: 'indicator--1',
                    type: 'process:name',
                    value: 'BackupAgent',
                    pattern: 'p',
                    familyName: 'KingSpawn',
                    suppression: null,
                  },
                ],
          total: suppressed ? 1 : 0,
          page: 0,
          size: 25,
        }),
        unsuppress: async () => {
          suppressed = false;
          return {
            suppression: {
              id: 's-1',
              indicatorId: 'indicator--1',
              kind: 'process',
              value: 'BackupAgent',
              reason: 'Apple backup agent',
              author: null,
              createdAt: NOW,
            },
            findings: 1,
            reopenedIncidents: ['i-1'],
          };
        },
      },
      [status({}), status({ state: 'running', devicesDone: 0, finishedAt: null })],
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Show the 1 suppressed of KingSpawn' }));
    const row = await screen.findByTestId('indicator-row');
    expect(row.dataset.suppressed).toBe('true');
    expect(within(row).getByText('Suppressed for BackupAgent: Apple backup agent')).toBeTruthy();
    expect(fake.getIndicators.mock.calls[0]).toEqual(['r-1', { page: 0, size: 25, search: '', suppressed: true }]);
    expect((screen.getByRole('checkbox', { name: 'Suppressed only' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(within(row).getByRole('button', { name: 'Undo the suppression of BackupAgent' }));
    expect(
      await screen.findByText(
        'Suppression undone: 1 finding active again, 1 incident reopened. Stored observations are being matched again.',
      ),
    ).toBeTruthy();
    expect(fake.unsuppress.mock.calls).toEqual([['s-1']]);
    expect(await screen.findByText('No indicator of this rule set is suppressed.')).toBeTruthy();
    // The matching the undo queued is followed.
    expect(await screen.findByText(/Stored observations are being matched again: 0 of 3 devices/)).toBeTruthy();
  });

  it('offers no Undo to a reader', async () => {
    const fake = fakeService<RulesRepositoryApi>('RulesRepositoryApi', {
      getRuleSets: async () => [ruleSet],
      getMatching: async () => status({}),
      getIndicators: async () => ({
        items: [
          {
            id: 'indicator--1',
            type: 'process:name',
            value: 'x',
            pattern: 'p',
            familyName: 'K',
            suppression: { id: 's-1', reason: 'r', author: null, createdAt: NOW, value: null },
          },
        ],
        total: 1,
        page: 0,
        size: 25,
      }),
    });
    renderHost({
      plugins: [globalrulesrepositoryPlugin, prefixOwner('gln')],
      token: makeTestToken(['gln#cfg#r']),
      path: '/globalrulesrepository',
      services: [[RulesRepositoryApiToken, fake]],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Indicators' }));
    const row = await screen.findByTestId('indicator-row');
    expect(within(row).getByText('Suppressed: r')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Undo/ })).toBeNull();
  });
});
