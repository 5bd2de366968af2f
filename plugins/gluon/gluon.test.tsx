import { act, screen, within } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';

import { type PermissionsService, PermissionsServiceToken } from '@core/permissions/PermissionsService';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { gluonPlugin } from './index';

const token = makeTestToken(['gln#rpt#r']);
/** The landing's links to the pages the token opens (upload, rule sets). */
const leads = async () =>
  within(await screen.findByTestId('gluon-leads'))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('gluon plugin', () => {
  it.each([
    ['/gluon', 'Gluon'],
    ['/gluon/upload', 'Upload'],
    ['/devices/d-42', 'Device d-42'],
    ['/incident-management/i-7', 'Incident i-7'],
  ])('renders %s', async (path, heading) => {
    renderHost({ plugins: [gluonPlugin], token, path });
    expect(await screen.findByRole('heading', { name: heading }, { timeout: 3000 })).toBeTruthy();
  });

  it('sends a signed-in user without gln permissions to the upgrade page', async () => {
    const host = renderHost({ plugins: [gluonPlugin], token: makeTestToken(['elc#a#r']), path: '/devices/d-1' });
    await host.waitForPath('/upgrade/gluon');
    expect(await screen.findByText('Gluon is not enabled')).toBeTruthy();
  });
});

describe("gluon's access and its own services", () => {
  it('leads to the pages the token opens, and follows a refresh', async () => {
    const host = renderHost({
      plugins: [gluonPlugin],
      token: makeTestToken(['gln#fl#rw', 'gln#cre#r']),
      path: '/gluon',
    });
    expect(await leads()).toEqual(['Upload files for inspection']);
    act(() => host.session!.setToken(makeTestToken(['gln#cfg#r', 'gln#rsn#r'])));
    expect(await leads()).toEqual(['Rule sets']);
  });

  it('follows a PermissionsService fake given to the harness by its token', async () => {
    const perms$ = new BehaviorSubject<readonly string[]>(['gln#pre#r']);
    const fake: PermissionsService = { perms$, perms: () => perms$.value };
    renderHost({ plugins: [gluonPlugin], token, path: '/gluon', services: [[PermissionsServiceToken, fake]] });
    // The fake says no reports, no upload, no configuration, whatever the token holds.
    expect(await screen.findByText('No inspection tool is enabled for your account.')).toBeTruthy();
    act(() => perms$.next(['gln#pre#r', 'gln#fl#rw']));
    expect(await leads()).toEqual(['Upload files for inspection']);
  });

  it('is downloaded with the page, and only for a token that permits gluon', async () => {
    const services = vi.fn(gluonPlugin.services!);
    const plugin = { ...gluonPlugin, services };
    const refused = renderHost({ plugins: [plugin], token: makeTestToken(['elc#a#r']), path: '/gluon' });
    await refused.waitForPath('/upgrade/gluon');
    expect(services).not.toHaveBeenCalled();
    refused.unmount();

    renderHost({ plugins: [plugin], token, path: '/gluon' });
    expect(await screen.findByRole('heading', { name: 'Devices' })).toBeTruthy();
    expect(services).toHaveBeenCalledTimes(1);
  });
});

describe('gluon manifest rules', () => {
  const rule = gluonPlugin.profileMenuRules![0]!;
  it.each([
    [['gln#upl#rw'], true],
    [['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'], true],
    [['gln#rpt#rw'], false],
  ])('uploaders (%j: %s) see no contact or feature request in the profile menu', (perms, hidden) => {
    expect(rule.hide).toEqual(['contact', 'feature-request']);
    expect(rule.when(perms)).toBe(hidden);
  });
});
