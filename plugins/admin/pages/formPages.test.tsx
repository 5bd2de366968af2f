import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { AxiosInstanceToken } from '@core/http/HttpService';
import { apiFailure, createFakeAxios, createGate, fakeCursorPage, type FakeHandler } from '@core/testing';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { type AdminApi, AdminApiToken } from '../api/AdminApi';
import { adminPlugin } from '../index';
import { adminUser, fakeAdminApi, READER, SELF_ID, WRITER } from '../testing/fakeAdminApi';

// A busy 2-core machine: lazy chunks and modal transitions can take over a second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await Promise.all([
    import('./InvitePage'),
    import('./AuditPage'),
    import('./SignInSettingsPage'),
    import('./BrandingPage'),
  ]);
});

/** `core`: the console's own calls (the header's logo), which no admin client makes. */
function render(
  path: string,
  perms: readonly string[],
  own?: Partial<AdminApi>,
  core: FakeHandler = () => ({ status: 404, data: {} }),
) {
  const api = fakeAdminApi(own);
  const server = createFakeAxios(core);
  return {
    ...renderHost({
      plugins: [adminPlugin],
      token: makeTestToken([...perms], { sub: SELF_ID }),
      path,
      services: [
        [AdminApiToken, api],
        [AxiosInstanceToken, server.axios],
      ],
    }),
    api,
    core: server,
  };
}

describe('invite page', () => {
  it('validates the e-mail as the API does, shows the API message and keeps what was typed', async () => {
    // The refusal waits until both clicks of the double click are done: the second must meet the request in flight.
    const refusal = createGate();
    const { api } = render('/admin/users/invite', WRITER, {
      invite: () =>
        refusal.opened.then(() =>
          Promise.reject(apiFailure(409, { message: 'A user with this e-mail address already exists' })),
        ),
    });
    const email = await screen.findByLabelText('Email');
    // Pasted, not typed: each key re-rendered the whole form with its permission grid, and 29 of
    // them took this test past its 15 s at load 18 (the next test then met its leftovers).
    await userEvent.click(email);
    await userEvent.paste('not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.invite).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await userEvent.paste('taken@example.com');
    await userEvent.click(screen.getByLabelText('Google'));
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.click(await screen.findByRole('button', { name: 'Uploader' }));
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send invitation' }));
    refusal.open();
    expect((await screen.findByRole('alert')).textContent).toBe('A user with this e-mail address already exists');
    expect(api.invite.mock.calls).toEqual([
      [{ email: 'taken@example.com', allowedLoginMethods: ['Google'], permissions: ['gln#upl#rw'] }],
    ]);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('taken@example.com');
  });

  it('sends the sign-in methods in the order shown, not the order ticked (the invite page offers the first)', async () => {
    const { api } = render('/admin/users/invite', WRITER, {
      invite: () => Promise.reject(apiFailure(409, { message: 'A user with this e-mail address already exists' })),
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'new@example.com');
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByLabelText('Okta'));
    await userEvent.click(screen.getByLabelText('Google'));
    // The form says which method the invitee will be offered: the first in the order shown.
    expect(screen.getByText('The invite page offers the first one ticked, in this order: Google.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Password'));
    expect(screen.getByText('The invite page offers the first one ticked, in this order: Password.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.invite).toHaveBeenCalledTimes(1));
    expect(api.invite.mock.calls[0]![0].allowedLoginMethods).toEqual(['password', 'Google', 'Okta']);
  });

  it('shows the invitation link after sending (for tenants without mail)', async () => {
    render('/admin/users/invite', WRITER, {
      invite: async () => ({
        user: adminUser({ email: 'new@example.com', status: 'invited' }),
        invitationExpiresAt: '2026-11-30T10:00:00Z',
        invitationUrl: 'http://127.0.0.1:8080/invite/abc',
      }),
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByTestId('invitation-url')).textContent).toBe('http://127.0.0.1:8080/invite/abc');
  });

  it('Invite another starts from an empty e-mail and keeps the methods and permissions chosen', async () => {
    const { api } = render('/admin/users/invite', WRITER, {
      invite: async (invitation) => ({
        user: adminUser({ email: invitation.email, status: 'invited' }),
        invitationExpiresAt: '2026-11-30T10:00:00Z',
        invitationUrl: 'http://127.0.0.1:8080/invite/abc',
      }),
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'new@example.com');
    await userEvent.click(screen.getByLabelText('Okta'));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite another' }));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Okta') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Email is required')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(api.invite).toHaveBeenCalledTimes(1);
  });

  it('a reader cannot invite', async () => {
    render('/admin/users/invite', READER);
    const refusal = await screen.findByText(/Inviting users needs/);
    expect(refusal.textContent).toBe('Inviting users needs the permission “Users and permissions: View and change”.');
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });
});

describe('audit page', () => {
  const events: Partial<AdminApi> = {
    getAuditEvents: async () => ({
      items: [
        {
          id: 'e1',
          action: 'user.invite',
          actorId: SELF_ID,
          actorEmail: 'boss@example.com',
          target: 'new@example.com',
          targetName: null,
          details: {},
          ip: '10.0.0.1',
          createdAt: '2026-11-20T10:00:00Z',
        },
        {
          id: 'e2',
          action: 'user.sessionRevoke',
          actorId: SELF_ID,
          actorEmail: 'boss@example.com',
          target: '3f2b8c1e-0d4a-4e6b-9a7c-1b2c3d4e5f60',
          targetName: 'colleague@example.com',
          details: {},
          ip: '10.0.0.1',
          createdAt: '2026-11-20T09:00:00Z',
        },
        {
          id: 'e3',
          action: 'login.first-factor',
          actorId: SELF_ID,
          actorEmail: 'boss@example.com',
          target: '7f2da778-3404-4277-aae4-916bcc9e43ae',
          targetName: null,
          details: {},
          ip: '10.0.0.1',
          createdAt: '2026-11-20T08:00:00Z',
        },
      ],
      total: 120,
      page: 0,
      size: 50,
    }),
  };

  it('filters by actor, action and dates through the query string and exports the same filter as CSV', async () => {
    // The CSV's request and file name are DefaultAdminApi's (DefaultAdminApi.test.ts): here, that the export gets the table's filter.
    const { api, navigation } = render('/admin/audit?action=user.&from=2026-11-01&to=2026-11-30', READER, {
      ...events,
      exportAuditCsv: async () => undefined,
    });
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    // A target the API names is shown by its name, the id in the tooltip.
    const named = screen.getByText('colleague@example.com');
    expect(named.getAttribute('title')).toBe('3f2b8c1e-0d4a-4e6b-9a7c-1b2c3d4e5f60');
    expect(screen.queryByText('3f2b8c1e-0d4a-4e6b-9a7c-1b2c3d4e5f60')).toBeNull();
    // An id nothing names (a session's) is a machine value: code, which a narrow card breaks anywhere; an e-mail is text.
    expect(screen.getByText('7f2da778-3404-4277-aae4-916bcc9e43ae').tagName).toBe('CODE');
    expect(screen.getByText('new@example.com').tagName).toBe('TD');
    // Actions in words, the identifier in the tooltip.
    expect(screen.getByText('Invited a user').getAttribute('title')).toBe('user.invite');
    expect(screen.getByText('Signed out one session of a user').getAttribute('title')).toBe('user.sessionRevoke');
    expect(screen.queryByText('user.invite')).toBeNull();
    const first = api.getAuditEvents.mock.calls[0]![0];
    expect(first.action).toBe('user.');
    expect(new Date(first.from!).getDate()).toBe(1);
    expect(new Date(first.to!).getDate()).toBe(1); // the day after the 30th: the upper bound is exclusive
    await userEvent.type(screen.getByLabelText('Actor'), 'boss');
    await waitFor(() => expect(navigation.search()).toContain('actor=boss'));
    await waitFor(() => expect(api.getAuditEvents.mock.calls.at(-1)![0].actor).toBe('boss'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(api.exportAuditCsv).toHaveBeenCalledTimes(1));
    expect(api.exportAuditCsv.mock.calls[0]![0]).toMatchObject({
      actor: 'boss',
      action: 'user.',
      from: first.from,
      to: first.to,
    });
  });

  it('pages by cursor past the capped count to the oldest event and back, kept in the URL; a new filter starts on the first page', async () => {
    const all = Array.from({ length: 130 }, (_, i) => ({
      id: `e${i}`,
      action: 'user.login',
      actorId: null,
      actorEmail: `u${i}@example.com`,
      target: null,
      targetName: null,
      details: {},
      ip: null,
      createdAt: '2026-11-20T10:00:00Z',
    }));
    // The server counts to 100 here (10,000 in the API).
    const { api, navigation } = render('/admin/audit', READER, {
      getAuditEvents: async (query) => ({
        ...fakeCursorPage(all, { size: query.size ?? 50, after: query.after, before: query.before }),
        total: 100,
        totalCapped: true,
      }),
    });
    expect(await screen.findByText('1–50 of 100+')).toBeTruthy();
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    expect(button('Previous').disabled).toBe(true);
    await userEvent.click(button('Next'));
    expect(await screen.findByText('51–100 of 100+')).toBeTruthy();
    await userEvent.click(button('Next'));
    expect(await screen.findByText('101–130 of more than 100')).toBeTruthy();
    expect(screen.getByText('u129@example.com')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(navigation.search()).toContain('page=2');
    expect(navigation.search()).toContain('after=c%3A100');
    await userEvent.click(button('Previous'));
    expect(await screen.findByText('51–100 of 100+')).toBeTruthy();
    expect(api.getAuditEvents.mock.calls.at(-1)![0]).toMatchObject({ before: 'c:100' });
    await userEvent.type(screen.getByLabelText('Actor'), 'u1');
    expect(await screen.findByText('1–50 of 100+')).toBeTruthy();
    await waitFor(() =>
      expect(api.getAuditEvents.mock.calls.at(-1)![0]).toMatchObject({
        actor: 'u1',
        after: undefined,
        before: undefined,
      }),
    );
    expect(navigation.search()).not.toContain('page=');
  });

  it('refuses an inverted date range before asking the server', async () => {
    const { api } = render('/admin/audit?from=2026-11-30&to=2026-11-01', READER, events);
    expect((await screen.findByRole('alert')).textContent).toBe('The start of the date range must be before its end.');
    expect(api.getAuditEvents).not.toHaveBeenCalled();
  });
});

/** A fake request's JSON body (axios may hand the adapter a string or the object). */
const bodyOf = (request: { data: unknown }) =>
  (typeof request.data === 'string' ? JSON.parse(request.data) : request.data) as { requirePhishingResistant: boolean };

describe('sign-in settings', () => {
  const okta = { clientIssuer: 'https://acme.okta.com', clientId: 'client-1', updatedAt: '2026-11-01T10:00:00Z' };

  it('Save waits for a successful Verify of the domain typed; the verify answer is shown', async () => {
    const { api } = render('/admin/sign-in', WRITER, {
      getOktaConfig: async () => null,
      passwordRecoveryEnabled: async () => true,
      verifyOkta: async (issuer) => {
        if (issuer.includes('bad')) throw apiFailure(400, { message: 'Invalid Okta domain' });
        return { ok: true, clientIssuer: issuer, authorizationEndpoint: `${issuer}/authorize` };
      },
      saveOktaConfig: async (settings) => ({ ...okta, ...settings }),
    });
    expect(await screen.findByText(/Not configured/)).toBeTruthy();
    expect((await screen.findByTestId('password-recovery')).textContent).toMatch(/^Enabled/);
    await userEvent.type(screen.getByLabelText('Okta domain (issuer)'), 'https://bad.example');
    await userEvent.type(screen.getByLabelText('Client id'), 'client-1');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid Okta domain');
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(screen.getByLabelText('Okta domain (issuer)'));
    await userEvent.type(screen.getByLabelText('Okta domain (issuer)'), 'https://acme.okta.com');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('okta-verified')).textContent).toContain('https://acme.okta.com/authorize');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saveOktaConfig).toHaveBeenCalledTimes(1));
    expect(api.saveOktaConfig.mock.calls[0]![0]).toEqual({
      clientIssuer: 'https://acme.okta.com',
      clientId: 'client-1',
    });
    expect(await screen.findByText(/^Configured/)).toBeTruthy();
  });

  it("shows the fields' errors once Verify is tried, not when a field is left; Verify sends nothing then", async () => {
    const { api } = render('/admin/sign-in', WRITER, {
      getOktaConfig: async () => null,
      passwordRecoveryEnabled: async () => true,
    });
    await userEvent.click(await screen.findByLabelText('Okta domain (issuer)'));
    await userEvent.tab();
    expect(screen.queryByText('Okta domain is required')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Okta domain is required')).toBeTruthy();
    expect(screen.getByText('Client id is required')).toBeTruthy();
    expect(api.verifyOkta).not.toHaveBeenCalled();
  });

  it('turns on the passkey requirement (the switch shows what the API answered); readers cannot', async () => {
    let required = false;
    const { core } = render(
      '/admin/sign-in',
      WRITER,
      { getOktaConfig: async () => null, passwordRecoveryEnabled: async () => true },
      (request) => {
        if (!request.url.endsWith('/um/signInPolicy')) return { status: 404, data: {} };
        if (request.method.toLowerCase() === 'put') required = bodyOf(request).requirePhishingResistant;
        return { status: 200, data: { requirePhishingResistant: required } };
      },
    );
    const toggle = await screen.findByLabelText('Require a phishing-resistant method (passkey)');
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(core.requests.filter((r) => r.method.toLowerCase() === 'put').map((r) => bodyOf(r))).toEqual([
      { requirePhishingResistant: true },
    ]);
  });

  it('readers see the configuration without Verify, Save or Remove', async () => {
    render('/admin/sign-in', READER, { getOktaConfig: async () => okta, passwordRecoveryEnabled: async () => false });
    await waitFor(() =>
      expect((screen.getByLabelText('Okta domain (issuer)') as HTMLInputElement).value).toBe('https://acme.okta.com'),
    );
    for (const name of ['Verify', 'Save', 'Remove']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect((await screen.findByTestId('password-recovery')).textContent).toMatch(/^Disabled/);
    expect(screen.queryByLabelText(/phishing-resistant/)?.hasAttribute('disabled') ?? true).toBe(true);
  });
});

describe('branding', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10" onclick="x()"/></svg>';

  it('previews an SVG through the sanitiser, uploads it and reloads the header logo', async () => {
    let stored: Blob | null = null;
    // The header's logo is the console's own call (BrandingService); the upload is the admin client's.
    const { api, core } = render(
      '/admin/branding',
      WRITER,
      {
        uploadLogo: async () => {
          stored = new Blob([svg], { type: 'image/svg+xml' });
          return { contentType: 'image/svg+xml', size: svg.length };
        },
      },
      (r) =>
        r.url === '/um/logo' && r.method === 'GET' && stored
          ? { status: 200, data: stored, headers: { 'content-type': 'image/svg+xml' } }
          : { status: 404, data: new Blob(['{}']) },
    );
    expect(await screen.findByText('No logo: the header shows the product mark.')).toBeTruthy();
    expect(screen.getByText(/at most 512 KiB/)).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Logo file'), new File([svg], 'logo.svg', { type: 'image/svg+xml' }));
    const preview = await screen.findByTestId('logo-preview');
    await waitFor(() => expect(preview.querySelector('rect')).not.toBeNull());
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('rect')!.hasAttribute('onclick')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByTestId('current-logo').querySelector('rect')).not.toBeNull());
    expect(api.uploadLogo).toHaveBeenCalledTimes(1);
    expect(core.requests.filter((r) => r.method === 'GET' && r.url === '/um/logo').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a file over the limit before uploading; readers get no upload', async () => {
    const { api } = render('/admin/branding', WRITER, {}, () => ({ status: 404, data: new Blob(['{}']) }));
    await userEvent.upload(
      await screen.findByLabelText('Logo file'),
      new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The file is 600 KiB; the limit is 512 KiB.');
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    expect(api.uploadLogo).not.toHaveBeenCalled();
  });
});
