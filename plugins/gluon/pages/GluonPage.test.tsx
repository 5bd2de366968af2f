import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { fakeService } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type GluonApi, GluonApiToken, type GluonOverview, type IncidentQueuePage } from '../api/GluonApi';
import { gluonPlugin } from '../index';

beforeAll(async () => {
  await import('./GluonPage');
});

const ANALYST = ['gln#rpt#rw', 'gln#upl#w', 'gln#cfg#r'];
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const overview: GluonOverview = {
  bySeverity: [{ severity: 'high', incidents: 3 }],
  byState: { open: 2, confirmed: 1, benign: 4, false_positive: 0 },
  latestInspections: [
    {
      id: 'n-1',
      deviceId: 'd-1',
      deviceName: 'iPhone14,2 · c0ffee00',
      deviceDisplayName: 'iPhone 13 Pro · c0ffee00',
      fileName: 'sysdiagnose.tar.gz',
      origin: 'upload',
      status: 'done',
      progress: 100,
      findings: 3,
      newFindings: 2,
      createdAt: ago(5 * HOUR),
      finishedAt: ago(5 * HOUR),
    },
  ],
};

const incident = (
  n: number,
  over: Partial<IncidentQueuePage['items'][number]> = {},
): IncidentQueuePage['items'][number] => ({
  id: `i-${n}`,
  deviceId: `d-${n}`,
  deviceName: `Phone ${n}`,
  deviceDisplayName: `Phone ${n}`,
  familyId: `malware--${n}`,
  familyName: `Family ${n}`,
  state: 'open',
  severity: 'high',
  findings: 2,
  activeFindings: 2,
  createdAt: ago(3.5 * 24 * HOUR),
  updatedAt: ago(HOUR),
  ...over,
});

function host(perms: string[], methods: Partial<GluonApi>) {
  const fake = fakeService<GluonApi>('GluonApi', {
    getDevices: async () => ({ items: [], total: 0, page: 0, size: 20 }),
    getOverview: async () => overview,
    ...methods,
  });
  renderHost({
    plugins: [gluonPlugin],
    path: '/gluon',
    token: makeTestToken(perms),
    services: [[GluonApiToken, fake]],
  });
  return fake;
}

describe('gluon landing', () => {
  it('leads with open incidents by severity, counts by state and the latest inspections', async () => {
    host(ANALYST, { getIncidentQueue: async () => ({ items: [], total: 0, next: null }) });
    const high = await screen.findByTestId('severity-count');
    expect(high.textContent).toBe('High 3');
    expect(screen.getAllByTestId('state-count').map((li) => li.textContent)).toEqual([
      'Open 2',
      'Confirmed 1',
      'Benign 4',
      'False positive 0',
    ]);
    const latest = screen.getByTestId('latest-inspection');
    expect(within(latest).getByRole('link', { name: 'iPhone 13 Pro · c0ffee00' }).getAttribute('href')).toBe(
      '/devices/d-1',
    );
    expect(latest.textContent).toContain('3 findings, 2 new · 5 hours ago · sysdiagnose.tar.gz');
    expect(await screen.findByText('No open incident: nothing found on the devices inspected so far.')).toBeTruthy();
    // The plain list of tool names is gone; links lead where the token may go.
    expect(screen.queryByText('Your tools')).toBeNull();
    expect(
      within(screen.getByTestId('gluon-leads'))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/gluon/upload', '/globalrulesrepository']);
  });

  it('lists incidents across devices with links, sorts and filters on the server, and pages by cursor', async () => {
    const fake = host(ANALYST, {
      getIncidentQueue: async (query) =>
        query.after === 'c-2'
          ? { items: [incident(3, { state: 'confirmed' })], total: 3, next: null }
          : { items: [incident(1), incident(2)], total: 3, next: 'c-2' },
    });
    const rows = await screen.findAllByTestId('queue-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Incidents (3)' })).toBeTruthy();
    const first = rows[0]!;
    expect(within(first).getByRole('link', { name: 'Family 1' }).getAttribute('href')).toBe('/incident-management/i-1');
    expect(within(first).getByRole('link', { name: 'Phone 1' }).getAttribute('href')).toBe('/devices/d-1');
    expect(within(first).getByText('High')).toBeTruthy();
    expect(within(first).getByText('Open')).toBeTruthy();
    expect(within(first).getByText('3 days')).toBeTruthy();
    expect(fake.getIncidentQueue.mock.calls[0]![0]).toEqual({
      sort: 'updated',
      order: 'desc',
      state: 'active',
      search: '',
      size: 25,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
    expect(fake.getIncidentQueue.mock.calls.at(-1)![0]).toMatchObject({ after: 'c-2' });
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(2));
    expect(fake.getIncidentQueue.mock.calls.at(-1)![0]).not.toHaveProperty('after');

    // A column sorts (names A to Z first), the same column again flips it; the header says which.
    await userEvent.click(screen.getByRole('button', { name: 'Family' }));
    await waitFor(() =>
      expect(fake.getIncidentQueue.mock.calls.at(-1)![0]).toMatchObject({ sort: 'family', order: 'asc' }),
    );
    expect(screen.getByRole('columnheader', { name: 'Family' }).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Family' }));
    await waitFor(() =>
      expect(fake.getIncidentQueue.mock.calls.at(-1)![0]).toMatchObject({ sort: 'family', order: 'desc' }),
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Incident state' }), 'benign');
    await waitFor(() =>
      expect(fake.getIncidentQueue.mock.calls.at(-1)![0]).toMatchObject({ state: 'benign', sort: 'family' }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Search incidents' }), 'pega');
    await waitFor(() =>
      expect(fake.getIncidentQueue.mock.calls.at(-1)![0]).toMatchObject({ search: 'pega', state: 'benign' }),
    );
    // The table scrolls inside a focusable region, never the page (375 px).
    expect(screen.getByRole('region', { name: 'Incidents table' }).tabIndex).toBe(0);
  });

  it('asks nothing about incidents of a user who may only upload', async () => {
    const fake = host(['gln#upl#rw'], {});
    expect(await screen.findByRole('link', { name: 'Upload files for inspection' })).toBeTruthy();
    expect(fake.getIncidentQueue.mock.calls).toEqual([]);
    expect(fake.getOverview.mock.calls).toEqual([]);
  });

  it("leads a user with monitoring access to monitoring's fleet charts", async () => {
    host([...ANALYST, 'mnt#rpt#rw'], { getIncidentQueue: async () => ({ items: [], total: 0, next: null }) });
    expect((await screen.findByRole('link', { name: 'Fleet charts in Monitoring' })).getAttribute('href')).toBe(
      '/monitoring',
    );
  });
});
