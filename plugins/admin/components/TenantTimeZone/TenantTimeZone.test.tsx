import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { AxiosInstanceToken } from '@core/http/HttpService';
import { createFakeAxios, type FakeHandler } from '@core/testing';

import { renderHost } from '../../../../tests/harness/renderHost';
import { makeTestToken } from '../../../../tests/harness/tokens';
import { AdminApiToken } from '../../api/AdminApi';
import { adminPlugin } from '../../index';
import { fakeAdminApi, READER, SELF_ID, WRITER } from '../../testing/fakeAdminApi';
import { offsetText, TENANT_TIME_ZONE_LABEL } from './TenantTimeZone';

configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await import('../../pages/SignInSettingsPage');
});

const INDIA = '(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi';

/** The sign-in settings page with the admin client faked and the console's calls answered by `core`. */
function render(perms: readonly string[], core: FakeHandler) {
  const server = createFakeAxios(core);
  renderHost({
    plugins: [adminPlugin],
    token: makeTestToken([...perms], { sub: SELF_ID }),
    path: '/admin/sign-in',
    services: [
      [AdminApiToken, fakeAdminApi({ getOktaConfig: async () => null, passwordRecoveryEnabled: async () => true })],
      [AxiosInstanceToken, server.axios],
    ],
  });
  return server;
}

const bodyOf = (request: { data: unknown }) =>
  typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
const puts = (server: ReturnType<typeof createFakeAxios>) =>
  server.requests.filter((r) => r.method.toLowerCase() === 'put' && r.url.endsWith('/um/tenantTimeZone'));

/** A tenant zone endpoint keeping what was put; `refuse` answers the PUT with that failure instead. */
function zoneEndpoint(refuse?: { status: number; message: string }): FakeHandler {
  let zone = { offset: 0, name: 'UTC' };
  return (request) => {
    if (!request.url.endsWith('/um/tenantTimeZone')) return { status: 404, data: {} };
    if (request.method.toLowerCase() === 'put') {
      if (refuse) return { status: refuse.status, data: { statusCode: refuse.status, message: refuse.message } };
      zone = bodyOf(request);
    }
    return { status: 200, data: zone };
  };
}

describe('tenant time zone (sign-in settings)', () => {
  it('picks a zone of the console table and saves its offset and name; the page says what was saved', async () => {
    const server = render(WRITER, zoneEndpoint());
    const select = (await screen.findByLabelText(TENANT_TIME_ZONE_LABEL)) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('(UTC) Coordinated Universal Time'));
    const save = screen.getByRole('button', { name: 'Save time zone' });
    // Nothing to save while the stored zone is shown.
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.selectOptions(select, INDIA);
    await userEvent.click(save);
    expect((await screen.findByTestId('tenant-time-zone-saved')).textContent).toBe(
      'Saved: mails and CSV exports print their times in IST (UTC+05:30).',
    );
    expect(puts(server).map(bodyOf)).toEqual([{ offset: 5.5, name: 'IST' }]);
    expect(select.value).toBe(INDIA);
    expect(screen.getByText(/^Now IST \(UTC\+05:30\)/)).toBeTruthy();
  });

  it("shows the API's refusal and keeps the choice; no success is claimed", async () => {
    render(WRITER, zoneEndpoint({ status: 403, message: 'You cannot change the time zone' }));
    const select = (await screen.findByLabelText(TENANT_TIME_ZONE_LABEL)) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('(UTC) Coordinated Universal Time'));
    await userEvent.selectOptions(select, INDIA);
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot change the time zone');
    expect(screen.queryByTestId('tenant-time-zone-saved')).toBeNull();
    expect(select.value).toBe(INDIA);
    expect(screen.getByText(/^Now UTC \(UTC\+00:00\)/)).toBeTruthy();
  });

  it('readers see the zone without a way to change it', async () => {
    const server = render(READER, zoneEndpoint());
    const select = (await screen.findByLabelText(TENANT_TIME_ZONE_LABEL)) as HTMLSelectElement;
    expect(select.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save time zone' })).toBeNull();
    expect(puts(server)).toEqual([]);
  });

  it('a stored zone the table lacks stays shown as stored', async () => {
    render(WRITER, (request) =>
      request.url.endsWith('/um/tenantTimeZone')
        ? { status: 200, data: { offset: 5.75, name: 'XYZ' } }
        : { status: 404, data: {} },
    );
    const select = (await screen.findByLabelText(TENANT_TIME_ZONE_LABEL)) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('(UTC+05:45) XYZ'));
  });

  it('a failed load says why', async () => {
    render(WRITER, (request) =>
      request.url.endsWith('/um/tenantTimeZone')
        ? { status: 500, data: { statusCode: 500, message: 'The time zone could not be read' } }
        : { status: 404, data: {} },
    );
    expect(await screen.findByText(/The time zone could not be read/)).toBeTruthy();
    expect(screen.queryByLabelText(TENANT_TIME_ZONE_LABEL)).toBeNull();
  });
});

describe('offsetText', () => {
  it.each([
    [0, '+00:00'],
    [5.5, '+05:30'],
    [5.75, '+05:45'],
    [-3.5, '-03:30'],
    [-12, '-12:00'],
  ])('%s hours is %s', (offset, text) => expect(offsetText(offset)).toBe(text));
});
