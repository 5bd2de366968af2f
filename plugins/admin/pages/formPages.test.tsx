import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { captureSavedFiles, createGate } from '@core/testing';
import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { adminPlugin } from '../index';
import { adminUser, fakeAdminApi, READER, SELF_ID, WRITER, type Route } from '../testing/fakeAdminApi';

// A busy 2-core machine: lazy chunks and modal transitions can take over a second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await Promise.all([import('./InvitePage'), import('./AuditPage'), import('./SignInSettingsPage'), import('./BrandingPage')]);
});

function render(path: string, perms: readonly string[], route?: Route) {
  const api = fakeAdminApi(route);
  return { ...renderHost({ plugins: [adminPlugin], token: makeTestToken([...perms], { sub: SELF_ID }), path, services: [[AxiosInstanceToken, api.axios]] }), api };
}

describe('invite page', () => {
  it('validates the e-mail as the API does, shows the API message and keeps what was typed', async () => {
    // The refusal waits until both clicks of the double click are done: the second must meet the request in flight.
    const refusal = createGate();
    const { api } = render('/admin/users/invite', WRITER, (r) => (r.url === '/um/users/invitations' ? refusal.opened.then(() => ({ status: 409, data: { message: 'A user with this e-mail address already exists' } })) : undefined));
    const email = await screen.findByLabelText('Email');
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(api.calls('POST', '/um/users/invitations')).toHaveLength(0);
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.click(screen.getByLabelText('Google'));
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.click(await screen.findByRole('button', { name: 'Uploader' }));
    await userEvent.dblClick(screen.getByRole('button', { name: 'Send invitation' }));
    refusal.open();
    expect((await screen.findByRole('alert')).textContent).toBe('A user with this e-mail address already exists');
    expect(api.calls('POST', '/um/users/invitations')).toHaveLength(1);
    expect(api.calls('POST', '/um/users/invitations')[0]!.data).toEqual({ email: 'taken@example.com', allowedLoginMethods: ['Google'], permissions: ['gln#upl#rw'] });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('taken@example.com');
  });

  it('sends the sign-in methods in the order shown, not the order ticked (the invite page offers the first)', async () => {
    const { api } = render('/admin/users/invite', WRITER, (r) => (r.url === '/um/users/invitations' ? { status: 409, data: { message: 'A user with this e-mail address already exists' } } : undefined));
    await userEvent.type(await screen.findByLabelText('Email'), 'new@example.com');
    await userEvent.click(screen.getByLabelText('Password'));
    await userEvent.click(screen.getByLabelText('Okta'));
    await userEvent.click(screen.getByLabelText('Google'));
    // The form says which method the invitee will be offered: the first in the order shown.
    expect(screen.getByText('The invite page offers the first one ticked, in this order: Google.')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Password'));
    expect(screen.getByText('The invite page offers the first one ticked, in this order: Password.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.calls('POST', '/um/users/invitations')).toHaveLength(1));
    expect((api.calls('POST', '/um/users/invitations')[0]!.data as { allowedLoginMethods: string[] }).allowedLoginMethods).toEqual(['password', 'Google', 'Okta']);
  });

  it('shows the invitation link after sending (for tenants without mail)', async () => {
    render('/admin/users/invite', WRITER, (r) =>
      r.url === '/um/users/invitations' ? { status: 201, data: { user: adminUser({ email: 'new@example.com', status: 'invited' }), invitationExpiresAt: '2026-11-30T10:00:00Z', invitationUrl: 'http://127.0.0.1:8080/invite/abc' } } : undefined,
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByTestId('invitation-url')).textContent).toBe('http://127.0.0.1:8080/invite/abc');
  });

  it('a reader cannot invite', async () => {
    render('/admin/users/invite', READER);
    expect(await screen.findByText(/Inviting users needs the user write permission/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });
});

describe('audit page', () => {
  const events = { status: 200, data: { items: [{ id: 'e1', action: 'user.invite', actorId: SELF_ID, actorEmail: 'boss@example.com', target: 'new@example.com', details: {}, ip: '10.0.0.1', createdAt: '2026-11-20T10:00:00Z' }], total: 120, page: 0, size: 50 } };

  it('filters by actor, action and dates through the query string and exports the same filter as CSV', async () => {
    const saved = captureSavedFiles();
    const { api, navigation } = render('/admin/audit?action=user.&from=2026-11-01&to=2026-11-30', READER, (r) => {
      if (r.url === '/um/auditEvents') return events;
      if (r.url === '/um/auditEvents/export') return { status: 200, data: new Blob(['time,action\r\n']), headers: { 'content-disposition': 'attachment; filename="audit-log-2026-11-23.csv"' } };
      return undefined;
    });
    expect(await screen.findByText('new@example.com')).toBeTruthy();
    const first = api.calls('GET', '/um/auditEvents')[0]!.config.params as Record<string, string>;
    expect(first.action).toBe('user.');
    expect(new Date(first.from!).getDate()).toBe(1);
    expect(new Date(first.to!).getDate()).toBe(1); // the day after the 30th: the upper bound is exclusive
    await userEvent.type(screen.getByLabelText('Actor'), 'boss');
    await waitFor(() => expect(navigation.search()).toContain('actor=boss'));
    await waitFor(() => expect((api.calls('GET', '/um/auditEvents').at(-1)!.config.params as Record<string, string>).actor).toBe('boss'));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['audit-log-2026-11-23.csv']));
    expect(api.calls('GET', '/um/auditEvents/export')[0]!.config.params).toMatchObject({ actor: 'boss', action: 'user.' });
    vi.restoreAllMocks();
  });

  it('refuses an inverted date range before asking the server', async () => {
    const { api } = render('/admin/audit?from=2026-11-30&to=2026-11-01', READER, (r) => (r.url === '/um/auditEvents' ? events : undefined));
    expect((await screen.findByRole('alert')).textContent).toBe('The start of the date range must be before its end.');
    expect(api.calls('GET', '/um/auditEvents')).toHaveLength(0);
  });
});

describe('sign-in settings', () => {
  const okta = { clientIssuer: 'https://acme.okta.com', clientId: 'client-1', updatedAt: '2026-11-01T10:00:00Z' };

  it('Save waits for a successful Verify of the domain typed; the verify answer is shown', async () => {
    const { api } = render('/admin/sign-in', WRITER, (r) => {
      if (r.url === '/um/oauth2config/okta' && r.method === 'GET') return { status: 404, data: { message: 'Okta is not configured' } };
      if (r.url === '/um/passwordRecovery/enabled') return { status: 200, data: { passwordRecoveryEnabled: true } };
      if (r.url === '/um/oauth2config/okta/verify') {
        const issuer = (r.data as { clientIssuer: string }).clientIssuer;
        return issuer.includes('bad') ? { status: 400, data: { message: 'Invalid Okta domain' } } : { status: 200, data: { ok: true, clientIssuer: issuer, authorizationEndpoint: `${issuer}/authorize` } };
      }
      if (r.url === '/um/oauth2config/okta' && r.method === 'PUT') return { status: 200, data: { ...okta, ...(r.data as object) } };
      return undefined;
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
    await waitFor(() => expect(api.calls('PUT', '/um/oauth2config/okta')).toHaveLength(1));
    expect(api.calls('PUT', '/um/oauth2config/okta')[0]!.data).toEqual({ clientIssuer: 'https://acme.okta.com', clientId: 'client-1' });
    expect(await screen.findByText(/^Configured/)).toBeTruthy();
  });

  it('readers see the configuration without Verify, Save or Remove', async () => {
    render('/admin/sign-in', READER, (r) => (r.url === '/um/oauth2config/okta' ? { status: 200, data: okta } : r.url === '/um/passwordRecovery/enabled' ? { status: 200, data: { passwordRecoveryEnabled: false } } : undefined));
    await waitFor(() => expect((screen.getByLabelText('Okta domain (issuer)') as HTMLInputElement).value).toBe('https://acme.okta.com'));
    for (const name of ['Verify', 'Save', 'Remove']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect((await screen.findByTestId('password-recovery')).textContent).toMatch(/^Disabled/);
  });
});

describe('branding', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10" onclick="x()"/></svg>';

  it('previews an SVG through the sanitiser, uploads it and reloads the header logo', async () => {
    let stored: Blob | null = null;
    const { api } = render('/admin/branding', WRITER, (r) => {
      if (r.url === '/um/logo' && r.method === 'GET') return stored ? { status: 200, data: stored, headers: { 'content-type': 'image/svg+xml' } } : { status: 404, data: new Blob(['{}']) };
      if (r.url === '/um/logo' && r.method === 'PUT') return (stored = new Blob([svg], { type: 'image/svg+xml' })), { status: 200, data: { contentType: 'image/svg+xml', size: svg.length } };
      return undefined;
    });
    expect(await screen.findByText('No logo: the header shows the product mark.')).toBeTruthy();
    expect(screen.getByText(/at most 512 KiB/)).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Logo file'), new File([svg], 'logo.svg', { type: 'image/svg+xml' }));
    const preview = await screen.findByTestId('logo-preview');
    await waitFor(() => expect(preview.querySelector('rect')).not.toBeNull());
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('rect')!.hasAttribute('onclick')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByTestId('current-logo').querySelector('rect')).not.toBeNull());
    expect(api.calls('PUT', '/um/logo')).toHaveLength(1);
    expect(api.calls('GET', '/um/logo').length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a file over the limit before uploading; readers get no upload', async () => {
    const { api } = render('/admin/branding', WRITER, (r) => (r.url === '/um/logo' ? { status: 404, data: new Blob(['{}']) } : undefined));
    await userEvent.upload(await screen.findByLabelText('Logo file'), new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file is 600 KiB; the limit is 512 KiB.');
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    expect(api.calls('PUT', '/um/logo')).toHaveLength(0);
  });
});
