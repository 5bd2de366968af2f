import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { apiFailure, fakeService } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type GluonApi, GluonApiToken, type IncidentDetail, type IncidentOwner } from '../api/GluonApi';
import { gluonPlugin } from '../index';

beforeAll(async () => {
  await Promise.all([import('./GluonPage'), import('./IncidentPage')]);
});

const ANALYST = ['gln#rpt#rw'];
const NOW = '2026-11-23T05:00:00.000Z';
const ana: IncidentOwner = { id: 'u-1', email: 'ana@example.com' };
const bo: IncidentOwner = { id: 'u-2', email: 'bo@example.com' };

const incident: IncidentDetail = {
  id: 'i-1',
  deviceId: 'd-1',
  deviceName: 'iPhone14,2',
  deviceDisplayName: 'iPhone 13 Pro',
  familyId: 'malware--darksword',
  familyName: 'DarkSword',
  state: 'open',
  severity: 'high',
  findings: 0,
  activeFindings: 0,
  createdAt: NOW,
  updatedAt: NOW,
  owner: null,
  familyDescription: null,
  familyReferences: [],
  evidence: [],
  timeline: [],
};

function host(path: string, perms: string[], methods: Partial<GluonApi>) {
  const fake = fakeService<GluonApi>('GluonApi', {
    getDevices: async () => ({ items: [], total: 0, page: 0, size: 20 }),
    getOverview: async () => ({
      bySeverity: [],
      byState: { open: 0, confirmed: 0, benign: 0, false_positive: 0 },
      latestInspections: [],
    }),
    ...methods,
  });
  renderHost({ plugins: [gluonPlugin], path, token: makeTestToken(perms), services: [[GluonApiToken, fake]] });
  return fake;
}

describe('incident owner', () => {
  it('an analyst gives the incident to a user who may triage, then to nobody', async () => {
    let current = incident;
    const fake = host('/incident-management/i-1', ANALYST, {
      getIncident: async () => current,
      getIncidentOwners: async () => [ana, bo],
      // As the API does: each change of owner is a timeline event by whoever made it.
      setIncidentOwner: async (_id, userId) => {
        const owner = [ana, bo].find((u) => u.id === userId) ?? null;
        const event = { at: NOW, kind: 'owner' as const, fromState: null, toState: null, author: 'lead@example.com' };
        current = { ...current, owner, timeline: [...current.timeline, { ...event, comment: owner?.email ?? null }] };
        return current;
      },
    });
    const select = (await screen.findByLabelText('Owner')) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.text)).toEqual(['Nobody', ana.email, bo.email]));
    expect(select.value).toBe('');
    await userEvent.selectOptions(select, bo.id);
    await waitFor(() => expect((screen.getByLabelText('Owner') as HTMLSelectElement).value).toBe(bo.id));
    await userEvent.selectOptions(screen.getByLabelText('Owner'), '');
    await waitFor(() => expect((screen.getByLabelText('Owner') as HTMLSelectElement).value).toBe(''));
    expect(fake.setIncidentOwner.mock.calls).toEqual([
      ['i-1', bo.id],
      ['i-1', null],
    ]);
    await waitFor(() =>
      expect(
        screen.getAllByTestId('timeline-event').map((e) => e.textContent?.replace(/^.*?(Assigned|Owner)/, '$1')),
      ).toEqual(['Assigned to bo@example.com by lead@example.com', 'Owner removed by lead@example.com']),
    );
  });

  it('shows the refusal the API gives by the select, and keeps the owner shown', async () => {
    host('/incident-management/i-1', ANALYST, {
      getIncident: async () => ({ ...incident, owner: ana }),
      getIncidentOwners: async () => [ana, bo],
      setIncidentOwner: async () => {
        throw apiFailure(400, 'The owner must be an active user of this tenant who can see incidents.');
      },
    });
    const select = (await screen.findByLabelText('Owner')) as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(3));
    await userEvent.selectOptions(select, bo.id);
    expect(
      await screen.findByText('The owner must be an active user of this tenant who can see incidents.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Owner') as HTMLSelectElement).value).toBe(ana.id);
  });

  it('a reader sees the owner as a line and asks for no candidates', async () => {
    const fake = host('/incident-management/i-1', ['gln#rpt#r'], {
      getIncident: async () => ({ ...incident, owner: ana }),
    });
    expect(await screen.findByText('Owner: ana@example.com')).toBeTruthy();
    expect(screen.queryByLabelText('Owner')).toBeNull();
    expect(fake.getIncidentOwners.mock.calls).toHaveLength(0);
  });

  it('the queue has an Owner column and filters to the incidents assigned to me on the server', async () => {
    const fake = host('/gluon', ANALYST, {
      getIncidentQueue: async (query) => ({
        items: [
          { ...incident, id: 'i-1', owner: ana },
          ...(query.owner === 'me' ? [] : [{ ...incident, id: 'i-2', familyName: 'Predator', owner: null }]),
        ],
        total: query.owner === 'me' ? 1 : 2,
        next: null,
      }),
    });
    const rows = await screen.findAllByTestId('queue-row');
    expect(screen.getByRole('columnheader', { name: 'Owner' })).toBeTruthy();
    expect(within(rows[0]!).getByText('ana@example.com')).toBeTruthy();
    expect(within(rows[1]!).getByText('Nobody')).toBeTruthy();
    expect(fake.getIncidentQueue.mock.calls[0]![0]).not.toHaveProperty('owner');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
    expect(fake.getIncidentQueue.mock.calls.at(-1)![0]).toMatchObject({ owner: 'me' });
  });
});
