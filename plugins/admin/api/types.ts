/** Answers of the user-management API (server/routes/users, server/routes/idp/oktaConfig.ts). */

export type LoginMethod = 'password' | 'Google' | 'Okta' | 'JamfAuth0';
export const LOGIN_METHODS: readonly LoginMethod[] = ['password', 'Google', 'Okta', 'JamfAuth0'];

export interface AdminUser {
  id: string;
  email: string;
  permissions: string[];
  status: 'invited' | 'active';
  disabled: boolean;
  totpEnabled: boolean;
  allowedLoginMethods: string[];
  createdAt: string;
  lastLoginAt: string | null;
  locked: boolean;
  /** 'password' when one is set, then linked providers. */
  identities: string[];
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

export type UserSort = 'email' | 'status' | 'totpEnabled' | 'lastLoginAt' | 'createdAt';

export interface UserListQuery {
  page: number;
  size: number;
  search?: string;
  sort?: UserSort;
  order?: 'asc' | 'desc';
}

export interface InvitationAnswer {
  user: AdminUser;
  invitationExpiresAt: string;
  invitationUrl: string;
}

export interface UserSession {
  id: string;
  provider: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

export interface AuditEvent {
  id: string;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  target: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

export interface AuditFilter {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
}

export interface OktaConfig {
  clientIssuer: string;
  clientId: string;
  updatedAt: string;
}

export interface OktaVerifyAnswer {
  ok: boolean;
  clientIssuer: string;
  authorizationEndpoint: string;
}
