import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { apiFailure, fakeService } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { prefixOwner } from '../../../tests/harness/testPlugins';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type RuleSet, type RulesRepositoryApi, RulesRepositoryApiToken } from '../api/RulesRepositoryApi';
import { globalrulesrepositoryPlugin } from '../index';

beforeAll(async () => {
  await import('./GlobalrulesrepositoryPage');
});

const NOW = '2026-11-23T05:00:00.000Z';
const darkSword: RuleSet = {
  id: 'r-1',
  bundleId: 'bundle--1',
  name: 'DarkSword',
  version: '2025-03-01T00:00:00Z',
  revision: 1,
  author: 'MVT',
  enabled: true,
  indicatorCount: 3,
  counts: { 'file:path': 2, 'domain-name:value': 1, 'process:name': 0 },
  families: [{ id: 'malware--1', name: 'DarkSword', indicators: 3 }],
  unsupported: [
    { id: 'indicator--9', pattern: "[ipv4-addr:value = '10.0.0.0/8']", reason: 'CIDR ranges are not supported' },
  ],
  suppressions: 0,
  createdAt: NOW,
  updatedAt: NOW,
};

/** The page over a fake client: `methods` answer as the server would; any other call is refused (404). */
function host(perms: string[], methods: Partial<RulesRepositoryApi>) {
  const fake = fakeService<RulesRepositoryApi>('RulesRepositoryApi', methods);
  renderHost({
    plugins: [globalrulesrepositoryPlugin, prefixOwner('gln')],
    token: makeTestToken(perms),
    path: '/globalrulesrepository',
    services: [[RulesRepositoryApiToken, fake]],
  });
  return fake;
}

const invalidBundle = () => Promise.reject(apiFailure(400, 'Bundle is not valid JSON'));

describe('rule sets screen', () => {
  it('lists rule sets with families, counts per type, version and unsupported patterns; imports a pasted bundle', async () => {
    let sets = [darkSword];
    const fake = host(['gln#cfg#rw'], {
      getRuleSets: async () => sets,
      importRuleSet: async () => {
        const ks = {
          ...darkSword,
          id: 'r-2',
          name: 'KingSpawn',
          version: '2',
          families: [{ id: 'm-2', name: 'KingSpawn', indicators: 5 }],
          indicatorCount: 5,
          unsupported: [],
        };
        sets = [darkSword, ks];
        return { ruleSet: ks, status: 'created' };
      },
    });
    const row = await screen.findByTestId('rule-set-row');
    expect(within(row).getByText('DarkSword (3)')).toBeTruthy();
    expect(row.textContent).toContain('File path: 2, Domain: 1');
    expect(row.textContent).not.toContain('process:name');
    // A version that is a timestamp reads as a date in the user's format (US or day-first), not as ISO.
    expect(row.textContent).toMatch(/version (03\/01|01\/03)\/2025 \d\d:\d\d/);
    expect(row.textContent).not.toContain('2025-03-01T00:00:00Z');
    expect(row.textContent).toContain('CIDR ranges are not supported');

    await userEvent.click(screen.getByLabelText('Or paste a bundle'));
    await userEvent.paste('{"type":"bundle","id":"bundle--2","objects":[]}');
    await userEvent.click(screen.getByRole('button', { name: 'Import pasted bundle' }));
    expect(await screen.findByText(/KingSpawn 2: imported \(5 indicators, 0 unsupported\)/)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('rule-set-row')).toHaveLength(2));
    // Pasted: no file name.
    expect(fake.importRuleSet.mock.calls).toEqual([['{"type":"bundle","id":"bundle--2","objects":[]}', undefined]]);
  });

  it('links each family to its neutrino campaign only for a user who may hunt', async () => {
    host(['gln#cfg#r', 'ntr#hnt#r'], { getRuleSets: async () => [darkSword] });
    const link = await screen.findByRole('link', { name: 'Follow DarkSword across the fleet' });
    expect(link.getAttribute('href')).toBe('/neutrino/campaigns/family/malware--1');
  });

  it('shows families as plain text without neutrino permission', async () => {
    host(['gln#cfg#r'], { getRuleSets: async () => [darkSword] });
    expect(within(await screen.findByTestId('rule-set-row')).getByText('DarkSword (3)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Follow DarkSword/ })).toBeNull();
  });

  it("shows the server's reason when a bundle is refused", async () => {
    host(['gln#cfg#rw'], { getRuleSets: async () => [], importRuleSet: invalidBundle });
    expect(await screen.findByText('No rule set yet: import a STIX 2.1 bundle.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Or paste a bundle'));
    await userEvent.paste('{');
    await userEvent.click(screen.getByRole('button', { name: 'Import pasted bundle' }));
    expect(await screen.findByText('Bundle is not valid JSON')).toBeTruthy();
  });

  it('keeps a refused pasted bundle in the box next to the error; clears it once an import succeeds', async () => {
    host(['gln#cfg#rw'], {
      getRuleSets: async () => [],
      importRuleSet: (bundle) =>
        bundle === '{' ? invalidBundle() : Promise.resolve({ ruleSet: darkSword, status: 'created' as const }),
    });
    expect(await screen.findByText('No rule set yet: import a STIX 2.1 bundle.')).toBeTruthy();
    const box = screen.getByLabelText('Or paste a bundle') as HTMLTextAreaElement;
    await userEvent.click(box);
    await userEvent.paste('{');
    await userEvent.click(screen.getByRole('button', { name: 'Import pasted bundle' }));
    expect(await screen.findByText('Bundle is not valid JSON')).toBeTruthy();
    // The file button is enabled again once the import has fully settled, whatever the box holds.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Import a STIX 2.1 file' }).hasAttribute('disabled')).toBe(false),
    );
    expect(box.value).toBe('{');

    await userEvent.click(box);
    await userEvent.paste('"type":"bundle","id":"bundle--1","objects":[]}');
    await userEvent.click(screen.getByRole('button', { name: 'Import pasted bundle' }));
    expect(await screen.findByText(/DarkSword 2025-03-01T00:00:00Z: imported/)).toBeTruthy();
    await waitFor(() => expect(box.value).toBe(''));
    expect(screen.queryByText('Bundle is not valid JSON')).toBeNull();
  });

  it('suppresses an indicator with a reason and disables a rule set', async () => {
    const fake = host(['gln#cfg#rw'], {
      getRuleSets: async () => [darkSword],
      getIndicators: async () => ({
        items: [
          {
            id: 'indicator--1',
            type: 'file:path',
            value: '/private/var/tmp/icloud_dump',
            pattern: 'p',
            familyName: 'DarkSword',
            suppression: null,
          },
        ],
        total: 1,
        page: 0,
        size: 25,
      }),
      suppressIndicator: async (indicatorId, reason) => ({
        findings: 1,
        resolvedIncidents: [],
        suppression: { id: 's-1', indicatorId, reason, author: null, kind: null, value: null, createdAt: NOW },
      }),
      setRuleSetEnabled: async () => ({ ...darkSword, enabled: false }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Indicators' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Suppress' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Reason' }), 'Shared test device');
    await userEvent.click(screen.getByRole('button', { name: 'Suppress' }));
    await waitFor(() => expect(fake.suppressIndicator.mock.calls).toEqual([['indicator--1', 'Shared test device']]));
    await userEvent.click(screen.getByRole('checkbox', { name: 'DarkSword enabled' }));
    await waitFor(() => expect(fake.setRuleSetEnabled.mock.calls).toEqual([['r-1', false]]));
  });

  it('marks an indicator suppressed for one value (a false positive) and still offers to suppress it whole', async () => {
    host(['gln#cfg#rw'], {
      getRuleSets: async () => [{ ...darkSword, suppressions: 1 }],
      getIndicators: async () => ({
        items: [
          {
            id: 'indicator--1',
            type: 'process:name',
            value: 'BackupAgent',
            pattern: 'p',
            familyName: 'DarkSword',
            suppression: {
              id: 's-1',
              reason: 'Apple backup agent',
              author: 'ana@example.com',
              createdAt: NOW,
              value: 'BackupAgent',
            },
          },
        ],
        total: 1,
        page: 0,
        size: 25,
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Indicators' }));
    const row = await screen.findByTestId('indicator-row');
    expect(within(row).getByText('Suppressed for BackupAgent: Apple backup agent')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Suppress' })).toBeTruthy();
  });

  it("deletes a rule set only after the console's confirmation", async () => {
    let sets = [darkSword];
    const fake = host(['gln#cfg#rw'], {
      getRuleSets: async () => sets,
      deleteRuleSet: async () => {
        sets = [];
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog');
    expect(asked.textContent).toContain('Delete DarkSword? Findings it produced stay.');
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.deleteRuleSet.mock.calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // The delete dialog's button names what it does (the generic confirm keeps Yes, spec §2).
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('DarkSword deleted.')).toBeTruthy();
    expect(fake.deleteRuleSet.mock.calls).toEqual([['r-1']]);
    expect(await screen.findByText('No rule set yet: import a STIX 2.1 bundle.')).toBeTruthy();
  });

  it('is read-only with gln#cfg#r: no import, no delete, switches disabled', async () => {
    host(['gln#cfg#r'], { getRuleSets: async () => [darkSword] });
    await screen.findByTestId('rule-set-row');
    expect(screen.queryByRole('button', { name: 'Import pasted bundle' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'DarkSword enabled' }) as HTMLInputElement).disabled).toBe(true);
  });
});
