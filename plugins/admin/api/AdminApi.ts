import type { ApiBody, ApiQuery, ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

/** A user of the tenant as the user-management API answers it. */
export type AdminUser = ApiResponse<'/um/users/{id}', 'get'>;
/** One page of GET /um/users. */
export type UsersPage = ApiResponse<'/um/users', 'get'>;
/** Search, sort and paging of GET /um/users. */
export type UserListQuery = ApiQuery<'/um/users', 'get'>;
export type UserSort = NonNullable<UserListQuery['sort']>;
export type NewInvitation = ApiBody<'/um/users/invitations', 'post'>;
export type LoginMethod = NonNullable<NewInvitation['allowedLoginMethods']>[number];
export type InvitationAnswer = ApiResponse<'/um/users/invitations', 'post'>;
export type UserSession = ApiResponse<'/um/users/{id}/sessions', 'get'>['items'][number];
/** One page of GET /um/auditEvents. */
export type AuditPage = ApiResponse<'/um/auditEvents', 'get'>;
export type AuditEvent = AuditPage['items'][number];
export type AuditQuery = ApiQuery<'/um/auditEvents', 'get'>;
/** The audit log's filter, shared by the table and the CSV export. */
export type AuditFilter = Omit<AuditQuery, 'page' | 'size' | 'after' | 'before'>;
export type OktaConfig = ApiResponse<'/um/oauth2config/okta', 'get'>;
export type OktaSettings = ApiBody<'/um/oauth2config/okta', 'put'>;
export type OktaVerifyAnswer = ApiResponse<'/um/oauth2config/okta/verify', 'post'>;
export type LogoAnswer = ApiResponse<'/um/logo', 'put'>;

/**
 * The administration plugin's calls (user management, audit log, sign-in settings, branding).
 * Writes keep a 403 for the page to show: the API's message says which rule refused.
 */
export interface AdminApi {
  getUsers(query: UserListQuery): Promise<UsersPage>;
  getUser(id: string): Promise<AdminUser>;
  /** Every permission the products declare, each in its widest mode. */
  getPermissionCatalogue(): Promise<string[]>;
  /** Live sessions, newest first (`current` marks the caller's). */
  getUserSessions(userId: string): Promise<UserSession[]>;
  /** Creates the invited user, mails the link and answers it. */
  invite(invitation: NewInvitation): Promise<InvitationAnswer>;
  /** A new link for a pending invitation (the old one stops working). */
  resendInvitation(userId: string): Promise<InvitationAnswer>;
  /** Revokes a pending invitation (the invited user goes). */
  revokeInvitation(userId: string): Promise<void>;
  /** The user's sessions end at once. */
  disableUser(userId: string): Promise<AdminUser>;
  /** Also clears a lockout. */
  enableUser(userId: string): Promise<AdminUser>;
  /** Turns the user's two-factor authentication off. */
  resetMfa(userId: string): Promise<AdminUser>;
  deleteUser(userId: string): Promise<void>;
  /** Replaces the permissions and ends the user's other sessions. */
  setPermissions(userId: string, permissions: string[]): Promise<AdminUser>;
  endSession(userId: string, sessionId: string): Promise<void>;
  /** Ends every session but the caller's current one; answers how many ended. */
  endSessions(userId: string): Promise<number>;
  /** One page, newest first, filtered on the server. */
  getAuditEvents(query: AuditQuery): Promise<AuditPage>;
  /** The filtered log as CSV, through the downloads panel. */
  exportAuditCsv(filter: AuditFilter): Promise<void>;
  /** null when the tenant has none. */
  getOktaConfig(): Promise<OktaConfig | null>;
  /** Does the issuer publish an OpenID configuration? */
  verifyOkta(clientIssuer: string): Promise<OktaVerifyAnswer>;
  saveOktaConfig(settings: OktaSettings): Promise<OktaConfig>;
  /** Okta sign-in stops for the tenant. */
  deleteOktaConfig(): Promise<void>;
  passwordRecoveryEnabled(): Promise<boolean>;
  /** The raw file; the server checks its bytes (PNG, JPEG or SVG, which it sanitises). */
  uploadLogo(file: Blob): Promise<LogoAnswer>;
  /** Back to the product mark. */
  deleteLogo(): Promise<void>;
}

/** Provided by plugins/admin/services/adminServices.ts, loaded with the plugin's pages. */
export const AdminApiToken = createServiceToken<AdminApi>('admin.api');
