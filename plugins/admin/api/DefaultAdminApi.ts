import type { DownloadService } from '@core/downloads/DownloadService';
import type { HttpService } from '@core/http/HttpService';

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

const user = (id: string) => `/um/users/${encodeURIComponent(id)}`;
/** Refusals of a write are the page's to show (which rule refused), not the global toast's. */
const OWN_403 = { skipGlobalErrors: [403] } as const;

/** The query without empty values (the API reads an empty `search` as a search). */
function params(query: AuditQuery | UserListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') out[key] = value as string | number;
  return out;
}

/** AdminApi over the console's HTTP service (and the downloads panel for the CSV export). */
export class DefaultAdminApi implements AdminApi {
  constructor(
    private readonly http: HttpService,
    private readonly downloads: DownloadService,
  ) {}

  async getUsers(query: UserListQuery): Promise<UsersPage> {
    return (await this.http.get<UsersPage>('/um/users', { params: params(query) })).data;
  }
  async getUser(id: string): Promise<AdminUser> {
    return (await this.http.get<AdminUser>(user(id), OWN_403)).data;
  }
  async getPermissionCatalogue(): Promise<string[]> {
    return (await this.http.get<{ items: string[] }>('/um/permissions')).data.items;
  }
  async getUserSessions(userId: string): Promise<UserSession[]> {
    return (await this.http.get<{ items: UserSession[] }>(`${user(userId)}/sessions`)).data.items;
  }
  async invite(invitation: NewInvitation): Promise<InvitationAnswer> {
    return (await this.http.post<InvitationAnswer>('/um/users/invitations', invitation, OWN_403)).data;
  }
  async resendInvitation(userId: string): Promise<InvitationAnswer> {
    return (await this.http.post<InvitationAnswer>(`${user(userId)}/invitation`, undefined, OWN_403)).data;
  }
  async revokeInvitation(userId: string): Promise<void> {
    await this.http.delete(`${user(userId)}/invitation`, OWN_403);
  }
  async disableUser(userId: string): Promise<AdminUser> {
    return (await this.http.post<AdminUser>(`${user(userId)}/disable`, undefined, OWN_403)).data;
  }
  async enableUser(userId: string): Promise<AdminUser> {
    return (await this.http.post<AdminUser>(`${user(userId)}/enable`, undefined, OWN_403)).data;
  }
  async resetMfa(userId: string): Promise<AdminUser> {
    return (await this.http.delete<AdminUser>(`${user(userId)}/mfa`, OWN_403)).data;
  }
  async deleteUser(userId: string): Promise<void> {
    await this.http.delete(user(userId), OWN_403);
  }
  async setPermissions(userId: string, permissions: string[]): Promise<AdminUser> {
    return (await this.http.put<AdminUser>(`${user(userId)}/permissions`, { permissions }, OWN_403)).data;
  }
  async endSession(userId: string, sessionId: string): Promise<void> {
    await this.http.delete(`${user(userId)}/sessions/${encodeURIComponent(sessionId)}`, OWN_403);
  }
  async endSessions(userId: string): Promise<number> {
    return (await this.http.delete<{ revoked: number }>(`${user(userId)}/sessions`, OWN_403)).data.revoked;
  }
  async getAuditEvents(query: AuditQuery): Promise<AuditPage> {
    return (await this.http.get<AuditPage>('/um/auditEvents', { params: params(query) })).data;
  }
  exportAuditCsv(filter: AuditFilter): Promise<void> {
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Audit log (CSV)',
      request: { method: 'GET', url: '/um/auditEvents/export', params: params(filter) },
      fileName: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
    });
  }
  async getOktaConfig(): Promise<OktaConfig | null> {
    const response = await this.http.get<OktaConfig>('/um/oauth2config/okta', {
      validateStatus: (s) => s === 200 || s === 404,
    });
    return response.status === 404 ? null : response.data;
  }
  async verifyOkta(clientIssuer: string): Promise<OktaVerifyAnswer> {
    return (await this.http.post<OktaVerifyAnswer>('/um/oauth2config/okta/verify', { clientIssuer }, OWN_403)).data;
  }
  async saveOktaConfig(settings: OktaSettings): Promise<OktaConfig> {
    return (await this.http.put<OktaConfig>('/um/oauth2config/okta', settings, OWN_403)).data;
  }
  async deleteOktaConfig(): Promise<void> {
    await this.http.delete('/um/oauth2config/okta', OWN_403);
  }
  async passwordRecoveryEnabled(): Promise<boolean> {
    return (
      await this.http.get<{ passwordRecoveryEnabled: boolean }>('/um/passwordRecovery/enabled', {
        authMode: { kind: 'public' },
      })
    ).data.passwordRecoveryEnabled;
  }
  async uploadLogo(file: Blob): Promise<LogoAnswer> {
    const type =
      file.type === 'image/png' || file.type === 'image/jpeg' || file.type === 'image/svg+xml'
        ? file.type
        : 'application/octet-stream';
    return (
      await this.http.put<LogoAnswer>('/um/logo', file, { headers: { 'Content-Type': type }, skipGlobalErrors: [403] })
    ).data;
  }
  async deleteLogo(): Promise<void> {
    await this.http.delete('/um/logo', { skipGlobalErrors: [403, 404] });
  }
}
