import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { fakeService } from '@core/testing';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { type Alert, type MonitoringApi, MonitoringApiToken, type Overview } from './api/MonitoringApi';
import { monitoringPlugin } from './index';

const days = (n: number, last = 0) =>
  Array.from({ length: n }, (_, i) => ({
    day: `2026-01-${String(i + 1).padStart(2, '0')}`,
    count: i === n - 1 ? last : 0,
  }));
const OVERVIEW: Overview = {
  days: 30,
  staleDays: 14,
  devices: 5,
  risk: { secure: 3, low: 0, medium: 1, high: 1 },
  incidentsOpened: days(30, 2),
  incidentsResolved: days(30, 1),
  inspections: days(30, 4),
  matchedAgain: days(30, 0),
  topFamilies: [{ familyId: 'malware--dark', familyName: 'DarkSword', devices: 2 }],
  staleDevices: 1,
  activeAlerts: 3,
};
const ALERT: Alert = {
  id: 'a1',
  category: 'incident',
  severity: 'high',
  title: 'New incident: DarkSword on CEO iPhone',
  deviceId: 'd1',
  deviceName: 'CEO iPhone',
  deviceDisplayName: 'CEO iPhone',
  familyId: 'malware--dark',
  familyName: 'DarkSword',
  incidentId: 'i1',
  inspectionId: null,
  huntId: null,
  firstSeen: '2026-01-30T10:00:00.000Z',
  lastSeen: '2026-01-30T10:00:00.000Z',
  status: 'active',
  statusBy: null,
  statusAt: null,
  statusReason: null,
  owner: { id: 'u1', email: 'ana@example.com' },
};

function render(path: string, perms: string[], methods: Partial<MonitoringApi> = {}) {
  const api = fakeService<MonitoringApi>('MonitoringApi', {
    getOverview: async () => OVERVIEW,
    getAlerts: async () => ({ items: [ALERT], total: 1, page: 0, size: 20 }),
    setAlertStatus: async (_id, status) => ({
      ...ALERT,
      status,
      statusBy: 'me@example.com',
      statusAt: '2026-01-30T11:00:00.000Z',
    }),
    getRules: async () => [],
    getFamilies: async () => [{ id: 'malware--dark', name: 'DarkSword' }],
    getUnsubscribed: async () => [
      { email: 'gone@example.com', ruleId: 'r1', ruleName: 'High to SOC', at: '2026-01-30T10:00:00.000Z' },
    ],
    getDeliveries: async () => ({ items: [], total: 0, page: 0, size: 20 }),
    resubscribe: async () => undefined,
    createRule: async () => ({ id: 'r2', webhooks: [] }),
    getSilences: async () => [],
    createSilence: async () => 's1',
    getDeviceGroups: async () => [{ id: 'g1', name: 'Executives', watched: true, deviceIds: ['d1'] }],
    createDeviceGroup: async () => 'g2',
    ...methods,
  });
  const host = renderHost({
    plugins: [monitoringPlugin],
    token: makeTestToken(perms),
    path,
    services: [[MonitoringApiToken, api]],
  });
  return { api, host };
}

describe('monitoring plugin', () => {
  it('shows the overview: every number links to the list behind it, a table beside each chart', async () => {
    const { api } = render('/monitoring', ['mnt#rpt#rw']);
    expect(await screen.findByRole('heading', { name: 'Monitoring' })).toBeTruthy();
    const high = await screen.findByRole('link', { name: '1 High devices' });
    expect(high.getAttribute('href')).toBe('/monitoring/alerts?severity=high&status=active');
    expect(screen.getByRole('link', { name: '3 Secure devices' }).getAttribute('href')).toBe('/gluon');
    expect(screen.getByRole('link', { name: '2 devices with DarkSword' }).getAttribute('href')).toBe(
      '/monitoring/alerts?search=DarkSword',
    );
    expect(screen.getByRole('link', { name: '1 devices' }).getAttribute('href')).toBe(
      '/monitoring/alerts?category=stale',
    );
    expect(screen.getByRole('img', { name: '5 devices: 3 Secure, 0 Low, 1 Medium, 1 High' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'In the last 30 days 2 incidents opened and 1 resolved' })).toBeTruthy();
    // A reports-only user has no Settings tab (spec §6).
    const nav = screen.getByRole('navigation', { name: 'Monitoring' });
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    expect(api.getOverview).toHaveBeenCalledWith(30);
    fireEvent.click(screen.getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() => expect(api.getOverview).toHaveBeenCalledWith(90));
    fireEvent.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.getOverview).toHaveBeenCalledWith(7));
  });

  it('counts files inspected and devices matched again apart, each in its own words', async () => {
    render('/monitoring', ['mnt#rpt#rw'], { getOverview: async () => ({ ...OVERVIEW, matchedAgain: days(30, 6) }) });
    const card = (await screen.findByRole('heading', { name: 'Inspections per day' })).closest('article')!;
    await waitFor(() => expect(card.textContent).toContain('4 inspections'));
    expect(screen.getByRole('img', { name: '4 inspections and 6 matchings again in the last 30 days' })).toBeTruthy();
    // A rule-set change matches stored observations again: no file was read, nobody pressed Rescan.
    expect(card.textContent).toContain(
      '6 matchings again (stored observations matched after a rule-set change, a suppression or a Rescan; no file read).',
    );
  });

  it('asks nothing for a mnt permission without monitoring access', async () => {
    const { api } = render('/monitoring', ['mnt#x#r']);
    expect(await screen.findByText(/Your permissions do not include the monitoring overview/)).toBeTruthy();
    expect(api.getOverview).not.toHaveBeenCalled();
  });

  it('is not registered for a token without its permission prefix', async () => {
    const { host } = render('/monitoring', ['gln#x#r']);
    await host.waitForPath('/upgrade/monitoring');
    expect(screen.queryByRole('heading', { name: 'Monitoring' })).toBeNull();
  });

  it('lists alerts filtered by the link, links them to their incident, and changes status', async () => {
    const { api } = render('/monitoring/alerts?severity=high&status=active&severity=bogus', ['mnt#rpt#rw']);
    const link = await screen.findByRole('link', { name: ALERT.title });
    expect(link.getAttribute('href')).toBe('/incident-management/i1');
    // The incident's owner, as gluon answers it through the alert.
    expect(screen.getByRole('columnheader', { name: 'Owner' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'ana@example.com' })).toBeTruthy();
    expect(api.getAlerts).toHaveBeenCalledWith({
      page: 0,
      size: 20,
      sort: 'lastSeen',
      dir: 'desc',
      severity: 'high',
      status: 'active',
    });
    // Words as the rest of the console writes them; the API's codes stay the values.
    expect(screen.getByText('High', { selector: '.bp6-tag *, .bp6-tag' })).toBeTruthy();
    const status = screen.getByRole('combobox', { name: `Status of ${ALERT.title}` }) as HTMLSelectElement;
    expect([...status.options].map((o) => [o.value, o.text])).toEqual([
      ['active', 'Active'],
      ['acknowledged', 'Acknowledged'],
      ['resolved', 'Resolved'],
      ['ignored', 'Ignored'],
    ]);
    fireEvent.change(status, {
      target: { value: 'acknowledged' },
    });
    await waitFor(() => expect(api.setAlertStatus).toHaveBeenCalledWith('a1', 'acknowledged'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Category' }), { target: { value: 'stale' } });
    await waitFor(() =>
      expect(api.getAlerts).toHaveBeenLastCalledWith(expect.objectContaining({ category: 'stale', page: 0 })),
    );
  });

  it('keeps settings from a reports-only user and shows them to mnt#cfg#rw', async () => {
    const refused = render('/monitoring/settings', ['mnt#rpt#rw']);
    await refused.host.waitForPath('/monitoring');
    refused.host.unmount();
    let added = false;
    const { api } = render('/monitoring/settings', ['mnt#cfg#rw'], {
      getRules: async () =>
        added
          ? [
              {
                id: 'r2',
                name: 'High and above to me',
                enabled: true,
                minSeverity: 'high',
                category: 'incident',
                familyId: 'malware--dark',
                groupId: null,
                frequency: 'immediate',
                groupWindowSeconds: 30,
                recipients: [{ id: 'c1', userId: null, email: 'me@example.com', channel: 'email' }],
              },
            ]
          : [],
      createRule: async () => {
        added = true;
        return { id: 'r2', webhooks: [] };
      },
    });
    expect(await screen.findByText('No rules yet: nobody is told about alerts.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe again' }));
    await waitFor(() => expect(api.resubscribe).toHaveBeenCalledWith('gone@example.com', 'r1'));
    fireEvent.change(screen.getByLabelText('Rule name'), { target: { value: 'High and above to me' } });
    fireEvent.change(screen.getByLabelText('Recipients (e-mail)'), {
      target: { value: 'me@example.com, soc@example.org' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(api.createRule).toHaveBeenCalledWith({
        name: 'High and above to me',
        minSeverity: 'high',
        frequency: 'immediate',
        recipients: [{ email: 'me@example.com' }, { email: 'soc@example.org' }],
      }),
    );
    // Told, and listed with what it selects (the family by its name); the form is empty again, without errors.
    expect(await screen.findByText('Rule “High and above to me” added.')).toBeTruthy();
    const listed = await screen.findByText('High and above to me', { selector: 'strong' });
    expect(listed.closest('li')!.textContent).toMatch(
      /^High and above to me: high and above, Incidents, family DarkSword → me@example.com, At once/,
    );
    expect(screen.queryByText('Name the rule.')).toBeNull();
    // No group field without the device groups (the monitoring admin's).
    expect(screen.queryByLabelText('Device group')).toBeNull();
    // Device groups are the monitoring admin's: not asked for mnt#cfg#rw.
    expect(api.getDeviceGroups).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Device groups' })).toBeNull();
  });

  it('gives the monitoring admin device groups, and silences a rule for a period with a reason', async () => {
    const rule = {
      id: 'r1',
      name: 'High to SOC',
      enabled: true,
      minSeverity: 'high' as const,
      category: null,
      familyId: null,
      groupId: null,
      frequency: 'immediate' as const,
      groupWindowSeconds: 30,
      recipients: [],
    };
    const { api } = render('/monitoring/settings', ['mnt#rsc#w'], { getRules: async () => [rule] });
    expect(await screen.findByText('Executives: 1 devices, watched')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'Board' } });
    fireEvent.change(screen.getByLabelText('Devices (ids or device page addresses)'), {
      target: { value: 'https://console.example/devices/11111111-1111-4111-8111-111111111111' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add group' }));
    await waitFor(() =>
      expect(api.createDeviceGroup).toHaveBeenCalledWith({
        name: 'Board',
        watched: true,
        deviceIds: ['11111111-1111-4111-8111-111111111111'],
      }),
    );
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Maintenance' } });
    fireEvent.change(screen.getByLabelText('For'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Silence' }));
    await waitFor(() => expect(api.createSilence).toHaveBeenCalledTimes(1));
    const sent = vi.mocked(api.createSilence).mock.calls[0]![0];
    expect(sent).toMatchObject({ ruleId: 'r1', deviceId: null, reason: 'Maintenance' });
    expect(Date.parse(sent.endsAt) - Date.parse(sent.startsAt)).toBe(4 * 3600_000);
  });

  it("lists a rule's webhook by its host, never its path or secret", async () => {
    const rule = {
      id: 'r1',
      name: 'High to the SIEM',
      enabled: true,
      minSeverity: 'high' as const,
      category: null,
      familyId: null,
      groupId: null,
      frequency: 'immediate' as const,
      groupWindowSeconds: 30,
      recipients: [
        { id: 'c1', userId: null, email: 'soc@example.com', channel: 'email' as const },
        { id: 'c2', userId: null, email: 'hooks.example.com', channel: 'webhook' as const },
      ],
    };
    const delivery = {
      id: 'x1',
      ruleId: 'r1',
      ruleName: 'High to the SIEM',
      email: 'hooks.example.com',
      channel: 'webhook',
      frequency: 'immediate',
      status: 'pending',
      alerts: 1,
      attempts: 2,
      dueAt: '2026-01-30T10:01:00.000Z',
      sentAt: null,
      lastError: 'HTTP 503: receiver is down',
      createdAt: '2026-01-30T10:00:00.000Z',
    };
    render('/monitoring/settings', ['mnt#cfg#rw'], {
      getRules: async () => [rule],
      getDeliveries: async () => ({ items: [delivery], total: 1, page: 0, size: 20 }),
    });
    expect(await screen.findByText(/soc@example\.com, webhook hooks\.example\.com/)).toBeTruthy();
    // The delivery log: the webhook's host and why it failed.
    const row = (await screen.findByText('HTTP 503: receiver is down')).closest('tr')!;
    expect(within(row).getByText('webhook hooks.example.com')).toBeTruthy();
    expect(within(row).getByText('pending (2 attempts)')).toBeTruthy();
  });

  it('offers "Mute" on an alert\'s device to those who may change silences only', async () => {
    render('/monitoring/alerts', ['mnt#cfg#rw']);
    const mute = await screen.findByRole('link', { name: 'Mute CEO iPhone' });
    expect(mute.getAttribute('href')).toBe('/monitoring/settings?muteDevice=d1');
  });

  it('hides "Mute" from monitoring access without configuration', async () => {
    render('/monitoring/alerts', ['mnt#rpt#rw']);
    expect(await screen.findByRole('link', { name: 'CEO iPhone' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Mute CEO iPhone' })).toBeNull();
  });

  it('mutes the device the alerts list named, for a period with a reason, and ends a silence', async () => {
    const device = '22222222-2222-4222-8222-222222222222';
    const silence = {
      id: 's9',
      ruleId: null,
      deviceId: device,
      deviceName: 'Lab phone',
      deviceDisplayName: 'Lab phone',
      startsAt: '2026-01-30T10:00:00.000Z',
      endsAt: '2026-01-31T10:00:00.000Z',
      reason: 'Lab',
      createdBy: null,
    };
    const { api } = render(`/monitoring/settings?muteDevice=${device}`, ['mnt#cfg#rw'], {
      getSilences: async () => [silence],
      deleteSilence: vi.fn(async () => undefined),
    });
    expect(await screen.findByText(/^Device Lab phone until .*: Lab$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'End silence: Lab' }));
    await waitFor(() => expect(api.deleteSilence).toHaveBeenCalledWith('s9'));
    // No rules yet: the form mutes a device, here the one from the address.
    expect((screen.getByLabelText('Device (id or device page address)') as HTMLInputElement).value).toBe(device);
    fireEvent.change(screen.getByLabelText('For'), { target: { value: '24' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Travelling' } });
    fireEvent.click(screen.getByRole('button', { name: 'Silence' }));
    await waitFor(() => expect(api.createSilence).toHaveBeenCalledTimes(1));
    const sent = vi.mocked(api.createSilence).mock.calls[0]![0];
    expect(sent).toMatchObject({ ruleId: null, deviceId: device, reason: 'Travelling' });
    expect(Date.parse(sent.endsAt) - Date.parse(sent.startsAt)).toBe(24 * 3600_000);
  });

  it('refuses a device field that is not one device', async () => {
    const { api } = render('/monitoring/settings', ['mnt#cfg#rw']);
    fireEvent.change(await screen.findByLabelText('Device (id or device page address)'), {
      target: { value: 'not a device' },
    });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Lab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Silence' }));
    expect(await screen.findByText('Enter one device id or device page address.')).toBeTruthy();
    expect(api.createSilence).not.toHaveBeenCalled();
  });
});
