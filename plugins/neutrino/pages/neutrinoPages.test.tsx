import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { type LocaleService, LocaleServiceToken } from '@core/locale/LocaleService';
import { fakeService } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import {
  type DeviceHits,
  type NeutrinoApi,
  NeutrinoApiToken,
  type SweepResult,
  type SweepRuleSet,
} from '../api/NeutrinoApi';
import { neutrinoPlugin } from '../index';

beforeAll(async () => {
  await Promise.all([import('./NeutrinoPage'), import('./CampaignPage')]);
});

const SEEN = '2026-03-10T10:00:00.000Z';
const hit = (id: string, name: string, platform = 'ios'): DeviceHits => ({
  device: { id, name, displayName: name, platform, modelCode: null, osVersion: null },
  firstSeen: SEEN,
  lastSeen: SEEN,
  observations: 1,
  occurrences: 3,
  inspections: 1,
  evidence: [
    {
      inspectionId: `i-${id}`,
      inspectionFile: 'sysdiagnose.tar.gz',
      inspectedAt: SEEN,
      kind: 'process',
      value: 'helperd',
      source: 'ps.txt',
      line: 4,
      occurrences: 3,
      firstSeen: SEEN,
      lastSeen: SEEN,
    },
  ],
});

function host(path: string, perms: string[], methods: Partial<NeutrinoApi>) {
  return hostWith(path, perms, methods).fake;
}

function hostWith(path: string, perms: string[], methods: Partial<NeutrinoApi>) {
  const fake = fakeService<NeutrinoApi>('NeutrinoApi', methods);
  const rendered = renderHost({
    plugins: [neutrinoPlugin],
    path,
    token: makeTestToken(perms),
    services: [[NeutrinoApiToken, fake]],
  });
  return { fake, locale: rendered.services.resolve<LocaleService>(LocaleServiceToken) };
}

describe('/neutrino hunt', () => {
  it('hunts a value, shows each device with its evidence and pages by the server cursor', async () => {
    const fake = host('/neutrino', ['ntr#hnt#rw', 'gln#rpt#r'], {
      hunt: async (q) =>
        q.cursor
          ? { items: [hit('d-2', 'iPhone B')], nextCursor: null }
          : { items: [hit('d-1', 'iPhone A')], nextCursor: 'next-1' },
      saveHunt: async (body) => ({
        id: 'h-1',
        name: body.name,
        type: 'hunt',
        hunt: { mode: 'exact', value: 'helperd' },
        indicators: 0,
        matches: 1,
        devices: 1,
        createdAt: SEEN,
        matchedUntil: SEEN,
      }),
    });
    // Macs are hunted too: the page does not say "phones" only.
    expect(await screen.findByText(/phones and Macs: which of your devices ever saw this/)).toBeTruthy();
    await userEvent.type(await screen.findByLabelText('Value'), 'helperd');
    await userEvent.click(screen.getByRole('button', { name: 'Hunt' }));
    const card = await screen.findByTestId('hunt-device');
    expect(within(card).getByRole('link', { name: 'iPhone A' }).getAttribute('href')).toBe('/devices/d-1');
    expect(within(card).getByText('ps.txt:4')).toBeTruthy();
    // One stored row whose value appeared 3 times: the counts in words, not "1 observation (3 times)".
    expect(within(card).getByText(/· 1 observation, seen 3 times in 1 inspection$/)).toBeTruthy();
    expect(fake.hunt).toHaveBeenLastCalledWith({ value: 'helperd', mode: 'exact', size: 25 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('iPhone B')).toBeTruthy();
    expect(fake.hunt).toHaveBeenLastCalledWith({ value: 'helperd', mode: 'exact', size: 25, cursor: 'next-1' });
    // Saving needs ntr#hnt#rw, which this user has; the saved hunt keeps the search's mode and value.
    const save = screen.getByRole('form', { name: 'Save hunt' });
    await userEvent.type(within(save).getByLabelText('Hunt name'), 'helperd anywhere');
    await userEvent.click(within(save).getByRole('button', { name: 'Save hunt' }));
    expect(await screen.findByText(/Saved: it runs again on every new inspection/)).toBeTruthy();
    expect(fake.saveHunt).toHaveBeenCalledWith({ name: 'helperd anywhere', hunt: { mode: 'exact', value: 'helperd' } });
  });

  it('says what is wrong before asking the server, and shows no device link without gluon reports', async () => {
    const fake = host('/neutrino', ['ntr#hnt#r'], {
      hunt: async () => ({ items: [hit('d-1', 'iPhone A')], nextCursor: null }),
    });
    await userEvent.selectOptions(await screen.findByLabelText('Match'), 'contains');
    await userEvent.type(screen.getByLabelText('Value'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Hunt' }));
    expect(await screen.findByText('"Contains" needs at least 3 characters.')).toBeTruthy();
    expect(fake.hunt).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Value'), 'c');
    await userEvent.click(screen.getByRole('button', { name: 'Hunt' }));
    const card = await screen.findByTestId('hunt-device');
    expect(within(card).queryByRole('link', { name: 'iPhone A' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Save hunt' })).toBeNull();
  });

  it('names each platform as the console does: iOS, Android, macOS, an unknown one as sent', async () => {
    host('/neutrino', ['ntr#hnt#r'], {
      hunt: async () => ({
        items: [
          hit('d-1', 'iPhone A'),
          hit('d-2', 'Pixel B', 'android'),
          hit('d-3', 'MacBook C', 'macos'),
          hit('d-4', 'Thing D', 'windows'),
        ],
        nextCursor: null,
      }),
    });
    await userEvent.type(await screen.findByLabelText('Value'), 'helperd');
    await userEvent.click(screen.getByRole('button', { name: 'Hunt' }));
    const cards = await screen.findAllByTestId('hunt-device');
    const badge = (card: HTMLElement) => card.querySelector('h4 .bp6-tag')?.textContent;
    expect(cards.map(badge)).toEqual(['iOS', 'Android', 'macOS', 'windows']);
  });

  it("reads the picked days in the user's zone, as the results show them", async () => {
    const { fake, locale } = hostWith('/neutrino', ['ntr#hnt#r'], {
      hunt: async () => ({ items: [], nextCursor: null }),
    });
    await locale.ready();
    await locale.setTimeZone('IST');
    await userEvent.type(await screen.findByLabelText('Value'), 'helperd');
    fireEvent.change(screen.getByLabelText('Seen from'), { target: { value: '2024-06-02' } });
    fireEvent.change(screen.getByLabelText('Seen until'), { target: { value: '2024-06-02' } });
    await userEvent.click(screen.getByRole('button', { name: 'Hunt' }));
    // 06/02 in UTC+05:30 runs from 18:30 UTC on 06/01 to 18:29:59.999 UTC on 06/02, whatever the browser's zone.
    await waitFor(() =>
      expect(fake.hunt).toHaveBeenLastCalledWith({
        value: 'helperd',
        mode: 'exact',
        from: '2024-06-01T18:30:00.000Z',
        to: '2024-06-02T18:29:59.999Z',
        size: 25,
      }),
    );
  });

  it('tells a neutrino user without the hunting permission, with a way out', async () => {
    host('/neutrino', ['ntr#rpt#rw'], {});
    expect(await screen.findByText('No hunting permission')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'the console' })).toBeTruthy();
  });
});

const ruleSetAnswer = (status: SweepRuleSet['status'], name: string) =>
  ({ status, ruleSet: { id: 'rs-1', name } }) as SweepRuleSet;

describe('/neutrino sweep', () => {
  const result: SweepResult = {
    indicators: 2,
    matchedIndicators: 1,
    unsupported: [],
    devices: [
      {
        device: { id: 'd-1', name: 'iPhone A', displayName: 'iPhone A', platform: 'ios' },
        firstSeen: SEEN,
        lastSeen: SEEN,
        matchCount: 1,
        indicators: ['helperd'],
        matches: [
          {
            inspectionId: 'i-1',
            deviceId: 'd-1',
            kind: 'process',
            value: '/usr/libexec/helperd',
            source: 'ps.txt',
            line: 2,
            firstSeen: SEEN,
            lastSeen: SEEN,
            indicator: { id: 'indicator--1', type: 'process:name', value: 'helperd' },
            family: { id: 'f', name: 'Sweep' },
            route: 'basename',
          },
        ],
      },
    ],
  };

  it('sweeps a pasted list and turns it into a rule set with gluon config write', async () => {
    const fake = host('/neutrino', ['ntr#hnt#r', 'gln#cfg#rw'], {
      sweep: async () => result,
      sweepIntoRuleSet: async (body) => ruleSetAnswer('created', body.name!),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Sweep' }));
    await userEvent.type(screen.getByLabelText('Indicators'), 'helperd{enter}nothing-here');
    await userEvent.click(screen.getByRole('button', { name: 'Sweep' }));
    expect(await screen.findByText('1 of 2 indicators seen on 1 device.')).toBeTruthy();
    expect(fake.sweep).toHaveBeenCalledWith({ values: 'helperd\nnothing-here', type: 'process:name' });
    expect(within(screen.getByTestId('sweep-device')).getByText('/usr/libexec/helperd')).toBeTruthy();
    expect(within(screen.getByTestId('sweep-device')).getByText('iOS')).toBeTruthy();
    // The observed value wraps only after its separators (no break-all cell).
    expect(within(screen.getByTestId('sweep-device')).getByText('/usr/libexec/helperd').innerHTML).toBe(
      '/<wbr>usr/<wbr>libexec/<wbr>helperd',
    );
    const form = screen.getByRole('form', { name: 'Turn into a rule set' });
    await userEvent.type(within(form).getByLabelText('Rule set name'), 'Helpers');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn into a rule set' }));
    expect(await screen.findByText(/Rule set “Helpers” created/)).toBeTruthy();
    expect(fake.sweepIntoRuleSet).toHaveBeenCalledWith({
      values: 'helperd\nnothing-here',
      type: 'process:name',
      name: 'Helpers',
    });
    // Saving a sweep needs ntr#hnt#rw.
    expect(screen.queryByRole('form', { name: 'Save sweep' })).toBeNull();
  });

  it('says "unchanged" when the API created nothing, "updated" when it renamed, and sends the typed name with a bundle', async () => {
    const answers = ['unchanged', 'updated'] as const;
    let call = 0;
    const fake = host('/neutrino', ['ntr#hnt#rw', 'gln#cfg#rw'], {
      sweep: async () => result,
      sweepIntoRuleSet: async (body) => ruleSetAnswer(answers[call++]!, body.name!),
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Sweep' }));
    await userEvent.click(screen.getByLabelText('Indicators'));
    await userEvent.paste('{"type":"bundle","id":"bundle--1","objects":[]}');
    await userEvent.click(screen.getByRole('button', { name: 'Sweep' }));
    const form = await screen.findByRole('form', { name: 'Turn into a rule set' });
    await userEvent.type(within(form).getByLabelText('Rule set name'), 'Triangulation watch');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn into a rule set' }));
    expect(
      await screen.findByText(
        'Rule set “Triangulation watch” unchanged: it is already up to date, nothing was created.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/created:/)).toBeNull();
    expect(fake.sweepIntoRuleSet).toHaveBeenCalledWith({
      bundle: '{"type":"bundle","id":"bundle--1","objects":[]}',
      name: 'Triangulation watch',
    });
    await userEvent.type(within(form).getByLabelText('Rule set name'), 'Triangulation');
    await userEvent.click(within(form).getByRole('button', { name: 'Turn into a rule set' }));
    expect(await screen.findByText(/^Rule set “Triangulation” updated/)).toBeTruthy();
    // The other form saves the sweep, and says so.
    expect(within(screen.getByRole('form', { name: 'Save sweep' })).getByLabelText('Sweep name')).toBeTruthy();
    expect(screen.queryByLabelText('Hunt name')).toBeNull();
  });

  it('prints a 102,466-character refusal bounded, not whole', async () => {
    const { apiFailure } = await import('@core/testing');
    const { ERROR_TEXT_MAX } = await import('@core/http/errorText');
    const huge = `No indicator to sweep for ([process:name = '${'x'.repeat(102_420)}']: value too long).`;
    host('/neutrino', ['ntr#hnt#r'], {
      sweep: async () => {
        throw apiFailure(400, huge);
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Sweep' }));
    await userEvent.type(screen.getByLabelText('Indicators'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sweep' }));
    const line = await screen.findByText(/^No indicator to sweep for/);
    expect(line.textContent!.length).toBeLessThanOrEqual(ERROR_TEXT_MAX);
    expect(line.textContent!.endsWith('…')).toBe(true);
  });

  it('shows the server refusal (a bound) next to the form', async () => {
    const { apiFailure } = await import('@core/testing');
    host('/neutrino', ['ntr#hnt#r'], {
      sweep: async () => {
        throw apiFailure(400, 'A sweep takes at most 10,000 values (this list has 10,001).');
      },
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Sweep' }));
    await userEvent.type(screen.getByLabelText('Indicators'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sweep' }));
    expect(await screen.findByText('A sweep takes at most 10,000 values (this list has 10,001).')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Turn into a rule set' })).toBeNull();
  });
});

describe('campaigns and saved hunts', () => {
  it('follows a family: devices with incident states and a timeline', async () => {
    host('/neutrino/campaigns/family/malware--1', ['ntr#hnt#r', 'gln#rpt#r'], {
      campaign: async () => ({
        family: { id: 'malware--1', name: 'Helper' },
        indicator: null,
        firstSeen: SEEN,
        lastSeen: SEEN,
        devices: [
          {
            device: { id: 'd-1', name: 'iPhone A', displayName: 'iPhone A', platform: 'ios' },
            firstSeen: SEEN,
            lastSeen: SEEN,
            sightings: 2,
            incidents: [{ id: 'inc-1', familyName: 'Helper', state: 'confirmed' }],
          },
        ],
        timeline: [{ day: '2026-03-10', devices: 1, sightings: 2 }],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Campaign: Helper' })).toBeTruthy();
    const row = screen.getByTestId('campaign-device');
    expect(within(row).getByRole('link', { name: 'Helper' }).getAttribute('href')).toBe('/incident-management/inc-1');
    expect(within(row).getByText(/Confirmed/)).toBeTruthy();
    expect(within(row).getByText('iOS')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Timeline' })).getByText('03/10/2026')).toBeTruthy();
    expect(screen.getByText('1 device (2 sightings)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to hunting' })).toBeTruthy();
  });

  it("shows the campaign's dates, the timeline's days too, in the user's date format and zone", async () => {
    // 23:30 UTC on 06/01 is 05:00 on 06/02 in UTC+05:30; the API counts the days in the zone it is given.
    const AT = '2024-06-01T23:30:00.000Z';
    const { fake, locale } = hostWith('/neutrino/campaigns/indicator/update-check.example.net', ['ntr#hnt#r'], {
      campaign: async (query) => ({
        family: null,
        indicator: 'update-check.example.net',
        firstSeen: AT,
        lastSeen: AT,
        devices: [
          {
            device: { id: 'd-1', name: 'Mac A', displayName: 'Mac A', platform: 'macos' },
            firstSeen: AT,
            lastSeen: AT,
            sightings: 1,
            incidents: [],
          },
        ],
        timeline: [{ day: query.offset === 5.5 ? '2024-06-02' : '2024-06-01', devices: 1, sightings: 1 }],
      }),
    });
    await locale.ready();
    await locale.setTimeZone('IST');
    locale.setDateFormat('dd/MM/yyyy HH:mm');
    expect(
      await screen.findByText('Seen on 1 device, first seen 02/06/2024 05:00, last seen 02/06/2024 05:00.'),
    ).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Timeline' })).getByText('02/06/2024')).toBeTruthy();
    expect(screen.queryByText(/2024-06-0/)).toBeNull();
    expect(fake.campaign).toHaveBeenLastCalledWith({ indicator: 'update-check.example.net', offset: 5.5 });
  });

  it('lists saved hunts with their matches; deleting needs ntr#hnt#rw', async () => {
    const fake = host('/neutrino', ['ntr#hnt#r'], {
      savedHunts: async () => [
        {
          id: 'h-1',
          name: 'helperd anywhere',
          type: 'hunt',
          hunt: { mode: 'contains', value: 'helperd' },
          indicators: 0,
          matches: 4,
          devices: 3,
          createdAt: SEEN,
          matchedUntil: SEEN,
        },
      ],
      matches: async () => [
        {
          id: 'm-1',
          deviceId: 'd-3',
          deviceName: 'Pixel C',
          deviceDisplayName: 'Pixel C',
          inspectionId: 'i-9',
          kind: 'process',
          value: 'helperd',
          source: 'ps.txt',
          line: 1,
          createdAt: SEEN,
        },
      ],
    });
    await userEvent.click(await screen.findByRole('tab', { name: 'Saved hunts' }));
    const row = await screen.findByTestId('saved-hunt');
    expect(within(row).getByText('Contains “helperd”')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Matches' }));
    expect(await screen.findByText('Pixel C')).toBeTruthy();
    expect(fake.matches).toHaveBeenCalledWith('h-1');
  });
});
