import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { ApiClientToken } from '@core/api/ApiClient';
import { apiFailure } from '@core/testing/apiFailure';
import { createFakeApiClient, type FakeApiHandlers } from '@core/testing/createFakeApiClient';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import type { FailedJob, JobOverview } from '../api/getJobOverview';
import { adminPlugin } from '../index';
import { READER, SELF_ID, WRITER } from '../testing/fakeAdminApi';

beforeAll(async () => {
  await import('./JobsPage');
});

const JOB_ID = '00000000-0000-4000-8000-0000000000aa';
const counts = (queue: string, label: string | null, patch: Partial<JobOverview['queues'][number]> = {}) => ({
  queue,
  label,
  created: 0,
  active: 0,
  retry: 0,
  failed: 0,
  completed: 0,
  retried: 0,
  ...patch,
});
const failedJob = (patch: Partial<FailedJob> = {}): FailedJob => ({
  id: JOB_ID,
  queue: 'monitoring.delivery',
  queueLabel: 'Notification deliveries',
  error: 'HTTP 503: receiver is down',
  attempts: 8,
  createdAt: '2026-11-20T08:00:00.000Z',
  finishedAt: '2026-11-20T09:30:00.000Z',
  ...patch,
});
const overview = (items: FailedJob[], total = items.length, page = 0): JobOverview => ({
  queues: [
    counts('gluon.inspect', 'Inspections', { created: 3, active: 1, completed: 1200 }),
    counts('monitoring.delivery', 'Notification deliveries', { retry: 2, failed: total, completed: 40, retried: 5 }),
    counts('neutrino.saved-hunts', 'Saved hunts', { completed: 7 }),
    counts('housekeeping.clean-up', 'Housekeeping', { completed: 2 }),
    // A queue no module declared: its code, rather than nothing.
    counts('test.undeclared', null, { completed: 1 }),
  ],
  failed: { items, total, page, size: 20 },
});

function renderJobs(perms: readonly string[], handlers: FakeApiHandlers, path = '/admin/jobs') {
  const fake = createFakeApiClient(handlers);
  return {
    ...renderHost({
      plugins: [adminPlugin],
      token: makeTestToken([...perms], { sub: SELF_ID }),
      path,
      services: [[ApiClientToken, fake.api]],
    }),
    calls: fake.calls,
  };
}

describe('jobs page', () => {
  it('shows each queue in words with its counts, the code in a tooltip, and failed jobs without Retry for readers', async () => {
    renderJobs(READER, { 'GET /um/jobs': () => overview([failedJob()]) });
    const rows = await screen.findAllByTestId('queue-row');
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual([
      'Inspections',
      'Notification deliveries',
      'Saved hunts',
      'Housekeeping',
      'test.undeclared',
    ]);
    expect([...rows[0]!.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      'Inspections',
      '3',
      '1',
      '0',
      '0',
      '1,200',
      '0',
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Queue',
      'Queued',
      'Running',
      'Retrying',
      'Failed',
      'Completed',
      'Retried',
    ]);
    await userEvent.hover(within(rows[1]!).getByText('Notification deliveries'));
    expect(await screen.findByText('monitoring.delivery', { selector: 'code' })).toBeTruthy();
    const [job] = screen.getAllByTestId('failed-job');
    expect(job!.textContent).toContain('HTTP 503: receiver is down');
    expect(job!.textContent).toMatch(/after 8 attempts/);
    expect(job!.textContent).toMatch(/2026/);
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Jobs' })).toBeTruthy();
  });

  it('says so when there are no jobs and nothing failed', async () => {
    renderJobs(READER, {
      'GET /um/jobs': () => ({ queues: [], failed: { items: [], total: 0, page: 0, size: 20 } }),
    });
    expect(await screen.findByText('No background jobs yet')).toBeTruthy();
    expect(screen.getByText('No failed jobs')).toBeTruthy();
  });

  it('a writer retries a failed job: the call names it, and the list reloads without it', async () => {
    let retried = false;
    const host = renderJobs(WRITER, {
      'GET /um/jobs': () => (retried ? overview([]) : overview([failedJob()])),
      'POST /um/jobs/{id}/retry': () => {
        retried = true;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry Notification deliveries job' }));
    expect(await screen.findByText('No failed jobs')).toBeTruthy();
    expect(host.calls.filter((c) => c.route.startsWith('POST')).map((c) => c.url)).toEqual([
      `/um/jobs/${JOB_ID}/retry`,
    ]);
  });

  it("shows the API's message when a retry is refused, and keeps the job listed", async () => {
    renderJobs(WRITER, {
      'GET /um/jobs': () => overview([failedJob()]),
      'POST /um/jobs/{id}/retry': () => {
        throw apiFailure(409, { message: 'The same work is already queued: it runs shortly.' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry Notification deliveries job' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The same work is already queued: it runs shortly.');
    expect(screen.getAllByTestId('failed-job')).toHaveLength(1);
  });

  it('pages the failed jobs through the query string and asks the server for that page', async () => {
    const host = renderJobs(
      READER,
      {
        'GET /um/jobs': (options) =>
          overview(
            [failedJob({ id: `00000000-0000-4000-8000-00000000000${options.query?.page ?? 0}` })],
            45,
            options.query?.page ?? 0,
          ),
      },
      '/admin/jobs?page=1',
    );
    await screen.findAllByTestId('failed-job');
    expect(screen.getByText('21–21 of 45')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(host.navigation.search()).toBe('page=2'));
    // The shell's own calls (the tenant logo) go through the same client: only the jobs page's are counted.
    const jobCalls = () => host.calls.filter((c) => c.route === 'GET /um/jobs').map((c) => c.options.query);
    await waitFor(() => expect(jobCalls()).toContainEqual({ page: 2, size: 20 }));
    expect(jobCalls()[0]).toEqual({ page: 1, size: 20 });
  });
});
