import { describe, expect, it, vi } from 'vitest';

import { DefaultApiClient } from '@core/api/DefaultApiClient';
import type { DownloadRequest, DownloadService } from '@core/downloads/DownloadService';
import { createFakeHttpService, type FakeReply, type FakeRequest } from '@core/testing';

import { adminUser } from '../testing/fakeAdminApi';
import type { AdminApi } from './AdminApi';
import { DefaultAdminApi } from './DefaultAdminApi';

/** What the API received: method, URL, query, body and the console's own options. */
const sent = (r: FakeRequest) => ({
  method: r.method,
  url: r.url,
  params: r.config.params as unknown,
  data: r.data,
  skipGlobalErrors: (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
  authMode: (r.config as { authMode?: unknown }).authMode,
});

function client(reply: FakeReply = { status: 200, data: {} }) {
  const { http, requests } = createFakeHttpService(() => reply);
  const downloads = {
    start: vi.fn(async (_request: DownloadRequest) => undefined),
    dismiss: vi.fn(),
    items$: undefined as never,
  } satisfies DownloadService;
  return { api: new DefaultAdminApi(new DefaultApiClient(http), downloads), requests, downloads };
}

const ID = 'a b/c';
const ENC = 'a%20b%2Fc';
const OWN_403 = [403];

describe('DefaultAdminApi', () => {
  it.each<[string, (api: AdminApi) => Promise<unknown>, FakeReply, ReturnType<typeof sent>, unknown]>([
    [
      'getUsers',
      (api) => api.getUsers({ page: 2, size: 25, search: '', sort: 'email', order: 'asc' }),
      { status: 200, data: { items: [], total: 0, page: 2, size: 25 } },
      {
        method: 'GET',
        url: '/um/users',
        params: { page: 2, size: 25, sort: 'email', order: 'asc' },
        data: undefined,
        skipGlobalErrors: undefined,
        authMode: undefined,
      },
      { items: [], total: 0, page: 2, size: 25 },
    ],
    [
      'getUser',
      (api) => api.getUser(ID),
      { status: 200, data: adminUser() },
      {
        method: 'GET',
        url: `/um/users/${ENC}`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      adminUser(),
    ],
    [
      'getPermissionCatalogue',
      (api) => api.getPermissionCatalogue(),
      { status: 200, data: { items: ['gln#rpt#rw'] } },
      {
        method: 'GET',
        url: '/um/permissions',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
        authMode: undefined,
      },
      ['gln#rpt#rw'],
    ],
    [
      'getUserSessions',
      (api) => api.getUserSessions(ID),
      { status: 200, data: { items: [] } },
      {
        method: 'GET',
        url: `/um/users/${ENC}/sessions`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
        authMode: undefined,
      },
      [],
    ],
    [
      'invite',
      (api) => api.invite({ email: 'x@example.com', permissions: [], allowedLoginMethods: ['password'] }),
      { status: 201, data: { user: adminUser(), invitationUrl: 'u', invitationExpiresAt: 't' } },
      {
        method: 'POST',
        url: '/um/users/invitations',
        params: undefined,
        data: { email: 'x@example.com', permissions: [], allowedLoginMethods: ['password'] },
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      { user: adminUser(), invitationUrl: 'u', invitationExpiresAt: 't' },
    ],
    [
      'resendInvitation',
      (api) => api.resendInvitation(ID),
      { status: 201, data: { user: adminUser() } },
      {
        method: 'POST',
        url: `/um/users/${ENC}/invitation`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      { user: adminUser() },
    ],
    [
      'revokeInvitation',
      (api) => api.revokeInvitation(ID),
      { status: 204 },
      {
        method: 'DELETE',
        url: `/um/users/${ENC}/invitation`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      undefined,
    ],
    [
      'disableUser',
      (api) => api.disableUser(ID),
      { status: 200, data: adminUser({ disabled: true }) },
      {
        method: 'POST',
        url: `/um/users/${ENC}/disable`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      adminUser({ disabled: true }),
    ],
    [
      'enableUser',
      (api) => api.enableUser(ID),
      { status: 200, data: adminUser() },
      {
        method: 'POST',
        url: `/um/users/${ENC}/enable`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      adminUser(),
    ],
    [
      'resetMfa',
      (api) => api.resetMfa(ID),
      { status: 200, data: adminUser({ totpEnabled: false }) },
      {
        method: 'DELETE',
        url: `/um/users/${ENC}/mfa`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      adminUser({ totpEnabled: false }),
    ],
    [
      'deleteUser',
      (api) => api.deleteUser(ID),
      { status: 204 },
      {
        method: 'DELETE',
        url: `/um/users/${ENC}`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      undefined,
    ],
    [
      'setPermissions',
      (api) => api.setPermissions(ID, ['gln#rpt#r']),
      { status: 200, data: adminUser() },
      {
        method: 'PUT',
        url: `/um/users/${ENC}/permissions`,
        params: undefined,
        data: { permissions: ['gln#rpt#r'] },
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      adminUser(),
    ],
    [
      'endSession',
      (api) => api.endSession(ID, 's 1'),
      { status: 204 },
      {
        method: 'DELETE',
        url: `/um/users/${ENC}/sessions/s%201`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      undefined,
    ],
    [
      'endSessions',
      (api) => api.endSessions(ID),
      { status: 200, data: { revoked: 3 } },
      {
        method: 'DELETE',
        url: `/um/users/${ENC}/sessions`,
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      3,
    ],
    [
      'getAuditEvents (after a cursor; unset values are not sent)',
      (api) => api.getAuditEvents({ actor: 'boss', action: '', size: 50, after: 'abc', before: undefined }),
      { status: 200, data: { items: [], total: 0, page: 0, size: 50 } },
      {
        method: 'GET',
        url: '/um/auditEvents',
        params: { actor: 'boss', size: 50, after: 'abc' },
        data: undefined,
        skipGlobalErrors: undefined,
        authMode: undefined,
      },
      { items: [], total: 0, page: 0, size: 50 },
    ],
    [
      'getOktaConfig',
      (api) => api.getOktaConfig(),
      { status: 200, data: { clientIssuer: 'i', clientId: 'c', updatedAt: 't' } },
      {
        method: 'GET',
        url: '/um/oauth2config/okta',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
        authMode: undefined,
      },
      { clientIssuer: 'i', clientId: 'c', updatedAt: 't' },
    ],
    [
      'getOktaConfig (none)',
      (api) => api.getOktaConfig(),
      { status: 404, data: { message: 'Okta is not configured' } },
      {
        method: 'GET',
        url: '/um/oauth2config/okta',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
        authMode: undefined,
      },
      null,
    ],
    [
      'verifyOkta',
      (api) => api.verifyOkta('https://acme.okta.com'),
      { status: 200, data: { ok: true, clientIssuer: 'https://acme.okta.com', authorizationEndpoint: 'a' } },
      {
        method: 'POST',
        url: '/um/oauth2config/okta/verify',
        params: undefined,
        data: { clientIssuer: 'https://acme.okta.com' },
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      { ok: true, clientIssuer: 'https://acme.okta.com', authorizationEndpoint: 'a' },
    ],
    [
      'saveOktaConfig',
      (api) => api.saveOktaConfig({ clientIssuer: 'i', clientId: 'c' }),
      { status: 200, data: { clientIssuer: 'i', clientId: 'c', updatedAt: 't' } },
      {
        method: 'PUT',
        url: '/um/oauth2config/okta',
        params: undefined,
        data: { clientIssuer: 'i', clientId: 'c' },
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      { clientIssuer: 'i', clientId: 'c', updatedAt: 't' },
    ],
    [
      'deleteOktaConfig',
      (api) => api.deleteOktaConfig(),
      { status: 204 },
      {
        method: 'DELETE',
        url: '/um/oauth2config/okta',
        params: undefined,
        data: undefined,
        skipGlobalErrors: OWN_403,
        authMode: undefined,
      },
      undefined,
    ],
    [
      'passwordRecoveryEnabled',
      (api) => api.passwordRecoveryEnabled(),
      { status: 200, data: { passwordRecoveryEnabled: true } },
      {
        method: 'GET',
        url: '/um/passwordRecovery/enabled',
        params: undefined,
        data: undefined,
        skipGlobalErrors: undefined,
        authMode: { kind: 'public' },
      },
      true,
    ],
    [
      'deleteLogo',
      (api) => api.deleteLogo(),
      { status: 204 },
      {
        method: 'DELETE',
        url: '/um/logo',
        params: undefined,
        data: undefined,
        skipGlobalErrors: [403, 404],
        authMode: undefined,
      },
      undefined,
    ],
  ])('%s sends its request and answers the body', async (_name, call, reply, request, answer) => {
    const { api, requests } = client(reply);
    expect(await call(api)).toEqual(answer);
    expect(requests.map(sent)).toEqual([request]);
  });

  it('uploadLogo sends the raw file with its image type (anything else as octet-stream)', async () => {
    const { api, requests } = client({ status: 200, data: { contentType: 'image/png', size: 3 } });
    expect(await api.uploadLogo(new Blob(['png'], { type: 'image/png' }))).toEqual({
      contentType: 'image/png',
      size: 3,
    });
    await api.uploadLogo(new Blob(['x'], { type: 'image/gif' }));
    expect(
      requests.map((r) => [
        r.method,
        r.url,
        r.headers['Content-Type'],
        (r.config as { skipGlobalErrors?: unknown }).skipGlobalErrors,
      ]),
    ).toEqual([
      ['PUT', '/um/logo', 'image/png', [403]],
      ['PUT', '/um/logo', 'application/octet-stream', [403]],
    ]);
    expect(requests[0]!.data).toBeInstanceOf(Blob);
  });

  it('exportAuditCsv hands the filtered export to the downloads panel', async () => {
    const { api, downloads, requests } = client();
    await api.exportAuditCsv({ actor: 'boss', action: 'user.', from: undefined, to: '2026-12-01T00:00:00.000Z' });
    expect(requests).toEqual([]);
    const started = downloads.start.mock.calls[0]![0];
    expect(started).toMatchObject({
      type: 'file',
      titleMessage: 'Audit log (CSV)',
      request: {
        method: 'GET',
        url: '/um/auditEvents/export',
        params: { actor: 'boss', action: 'user.', to: '2026-12-01T00:00:00.000Z' },
      },
    });
    expect(started.fileName).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it('passes a refusal on to the page (with the API message)', async () => {
    const { api } = client({ status: 409, data: { message: 'A user with this e-mail address already exists' } });
    await expect(api.invite({ email: 'x@example.com', permissions: [] })).rejects.toMatchObject({
      response: { status: 409, data: { message: 'A user with this e-mail address already exists' } },
    });
  });
});
