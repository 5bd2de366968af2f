import type { ApiClient } from '@core/api/ApiClient';
import type { DownloadService } from '@core/downloads/DownloadService';

import type {
  AdminApi,
  AdminUser,
  AuditFilter,
  AuditPage,
  AuditQuery,
  InvitationAnswer,
  LogoAnswer,
  NewInvitation,
  OktaConfig,
  OktaSettings,
  OktaVerifyAnswer,
  UserListQuery,
  UserSession,
  UsersPage,
} from './AdminApi';

/** Refusals of a write are the page's to show (which rule refused), not the global toast's. */
const OWN_403 = [403];

/** The query without empty values (the API reads an empty `search` as a search). */
function given<Q extends object>(query: Q): Partial<Q> {
  const out: Partial<Q> = {};
  for (const key of Object.keys(query) as Array<keyof Q>) {
    const value = query[key];
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/** The upload's Content-Type: one of the image types the API stores, anything else for the API to refuse. */
function logoType(file: Blob): string {
  return file.type === 'image/png' || file.type === 'image/jpeg' || file.type === 'image/svg+xml'
    ? file.type
    : 'application/octet-stream';
}

/**
 * AdminApi over the console's typed API client (each path, parameter, body and answer checked
 * against the API document) and the downloads panel for the CSV export; tested in
 * DefaultAdminApi.test.ts.
 */
export class DefaultAdminApi implements AdminApi {
  constructor(
    private readonly api: ApiClient,
    private readonly downloads: DownloadService,
  ) {}

  getUsers(query: UserListQuery): Promise<UsersPage> {
    return this.api.get('/um/users', { query: given(query) });
  }
  getUser(id: string): Promise<AdminUser> {
    return this.api.get('/um/users/{id}', { path: { id }, skipGlobalErrors: OWN_403 });
  }
  async getPermissionCatalogue(): Promise<string[]> {
    return (await this.api.get('/um/permissions')).items;
  }
  async getUserSessions(userId: string): Promise<UserSession[]> {
    return (await this.api.get('/um/users/{id}/sessions', { path: { id: userId } })).items;
  }
  invite(invitation: NewInvitation): Promise<InvitationAnswer> {
    return this.api.post('/um/users/invitations', { body: invitation, skipGlobalErrors: OWN_403 });
  }
  resendInvitation(userId: string): Promise<InvitationAnswer> {
    return this.api.post('/um/users/{id}/invitation', { path: { id: userId }, skipGlobalErrors: OWN_403 });
  }
  async revokeInvitation(userId: string): Promise<void> {
    await this.api.delete('/um/users/{id}/invitation', { path: { id: userId }, skipGlobalErrors: OWN_403 });
  }
  disableUser(userId: string): Promise<AdminUser> {
    return this.api.post('/um/users/{id}/disable', { path: { id: userId }, skipGlobalErrors: OWN_403 });
  }
  enableUser(userId: string): Promise<AdminUser> {
    return this.api.post('/um/users/{id}/enable', { path: { id: userId }, skipGlobalErrors: OWN_403 });
  }
  resetMfa(userId: string): Promise<AdminUser> {
    return this.api.delete('/um/users/{id}/mfa', { path: { id: userId }, skipGlobalErrors: OWN_403 });
  }
  async deleteUser(userId: string): Promise<void> {
    await this.api.delete('/um/users/{id}', { path: { id: userId }, skipGlobalErrors: OWN_403 });
  }
  setPermissions(userId: string, permissions: string[]): Promise<AdminUser> {
    return this.api.put('/um/users/{id}/permissions', {
      path: { id: userId },
      body: { permissions },
      skipGlobalErrors: OWN_403,
    });
  }
  async endSession(userId: string, sessionId: string): Promise<void> {
    await this.api.delete('/um/users/{id}/sessions/{sessionId}', {
      path: { id: userId, sessionId },
      skipGlobalErrors: OWN_403,
    });
  }
  async endSessions(userId: string): Promise<number> {
    return (await this.api.delete('/um/users/{id}/sessions', { path: { id: userId }, skipGlobalErrors: OWN_403 }))
      .revoked;
  }
  getAuditEvents(query: AuditQuery): Promise<AuditPage> {
    return this.api.get('/um/auditEvents', { query: given(query) });
  }
  exportAuditCsv(filter: AuditFilter): Promise<void> {
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Audit log (CSV)',
      request: this.api.requestConfig('get', '/um/auditEvents/export', { query: given(filter) }),
      fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
    });
  }
  async getOktaConfig(): Promise<OktaConfig | null> {
    // No configuration is the usual case for a tenant, not an error the global rules should report.
    const response = await this.api.send('get', '/um/oauth2config/okta', {
      validateStatus: (s) => s === 200 || s === 404,
    });
    return response.status === 404 ? null : response.data;
  }
  verifyOkta(clientIssuer: string): Promise<OktaVerifyAnswer> {
    return this.api.post('/um/oauth2config/okta/verify', { body: { clientIssuer }, skipGlobalErrors: OWN_403 });
  }
  saveOktaConfig(settings: OktaSettings): Promise<OktaConfig> {
    return this.api.put('/um/oauth2config/okta', { body: settings, skipGlobalErrors: OWN_403 });
  }
  async deleteOktaConfig(): Promise<void> {
    await this.api.delete('/um/oauth2config/okta', { skipGlobalErrors: OWN_403 });
  }
  async passwordRecoveryEnabled(): Promise<boolean> {
    return (await this.api.get('/um/passwordRecovery/enabled', { authMode: { kind: 'public' } }))
      .passwordRecoveryEnabled;
  }
  uploadLogo(file: Blob): Promise<LogoAnswer> {
    return this.api.put('/um/logo', {
      raw: file,
      headers: { 'Content-Type': logoType(file) },
      skipGlobalErrors: OWN_403,
    });
  }
  async deleteLogo(): Promise<void> {
    await this.api.delete('/um/logo', { skipGlobalErrors: [403, 404] });
  }
}
