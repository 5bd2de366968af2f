import type { FromSchema } from 'json-schema-to-ts';

/** JSON schemas of the user-management routes. */
import { PERMISSION_PATTERN } from '@common/permissions/parsePermission';

import { named } from '../../schemas';

export const LOGIN_METHODS = ['password', 'Google', 'Okta', 'JamfAuth0'] as const;

export const permissionsField = {
  type: 'array',
  items: { type: 'string', pattern: PERMISSION_PATTERN, maxLength: 32 },
  uniqueItems: true,
  maxItems: 100,
  description: 'module#resource#mode strings, e.g. gln#rpt#rw, umg#usr#r',
} as const;

export const userIdParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
  additionalProperties: false,
} as const;

export const adminUserSchema = named('AdminUserView', {
  type: 'object',
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    permissions: { type: 'array', items: { type: 'string' } },
    status: { type: 'string', enum: ['invited', 'active'] },
    disabled: { type: 'boolean' },
    totpEnabled: { type: 'boolean' },
    allowedLoginMethods: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', format: 'date-time' },
    lastLoginAt: { type: ['string', 'null'], format: 'date-time' },
    locked: {
      type: 'boolean',
      description: 'Hard-locked after 100 consecutive failed attempts; enabling the user clears it',
    },
    identities: {
      type: 'array',
      items: { type: 'string' },
      description: "How the user signs in: 'password' when one is set, then linked providers (Google, Okta, JamfAuth0)",
    },
  },
  required: [
    'id',
    'email',
    'permissions',
    'status',
    'disabled',
    'totpEnabled',
    'allowedLoginMethods',
    'createdAt',
    'lastLoginAt',
    'locked',
    'identities',
  ],
  additionalProperties: false,
} as const);
export type AdminUserView = FromSchema<typeof adminUserSchema>;

export const pageQueryProperties = {
  page: { type: 'integer', minimum: 0, maximum: 100000, default: 0 },
  size: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
} as const;

/** Sortable columns of the users table; the e-mail (unique) breaks ties so pages never overlap. */
export const USER_SORTS = ['email', 'status', 'totpEnabled', 'lastLoginAt', 'createdAt'] as const;

export const userListQuery = named('UserListQuery', {
  type: 'object',
  properties: {
    ...pageQueryProperties,
    search: { type: 'string', maxLength: 254 },
    sort: { type: 'string', enum: USER_SORTS, default: 'email' },
    order: { type: 'string', enum: ['asc', 'desc'], default: 'asc' },
  },
  additionalProperties: false,
} as const);
export type UserListQuery = FromSchema<typeof userListQuery>;

export const sessionSchema = named('UserSession', {
  type: 'object',
  properties: {
    id: { type: 'string' },
    provider: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    lastSeenAt: { type: 'string', format: 'date-time' },
    expiresAt: { type: 'string', format: 'date-time' },
    ip: { type: ['string', 'null'] },
    userAgent: { type: ['string', 'null'] },
    current: { type: 'boolean', description: "true for the caller's own session" },
  },
  required: ['id', 'provider', 'createdAt', 'lastSeenAt', 'expiresAt', 'ip', 'userAgent', 'current'],
  additionalProperties: false,
} as const);
export type UserSession = FromSchema<typeof sessionSchema>;

export const auditEventSchema = named('AuditEventView', {
  type: 'object',
  properties: {
    id: { type: 'string' },
    action: { type: 'string' },
    actorId: { type: ['string', 'null'] },
    actorEmail: { type: ['string', 'null'] },
    target: { type: ['string', 'null'] },
    targetName: {
      type: ['string', 'null'],
      description:
        "The target in words when it is the id of one of the tenant's records (a user's e-mail, a device's or rule set's name, an incident's family and device); null otherwise",
    },
    // Free-form by nature: each action records its own details.
    details: { type: 'object', additionalProperties: true },
    ip: { type: ['string', 'null'] },
    createdAt: { type: 'string', format: 'date-time' },
  },
  required: ['id', 'action', 'actorId', 'actorEmail', 'target', 'targetName', 'details', 'ip', 'createdAt'],
  additionalProperties: false,
} as const);
export type AuditEventView = FromSchema<typeof auditEventSchema>;

/** The answer of an invitation (new or resent): the link is shown to the administrator too, for tenants without mail. */
export const invitationAnswerSchema = named('InvitationAnswer', {
  type: 'object',
  properties: {
    user: adminUserSchema,
    invitationExpiresAt: { type: 'string', format: 'date-time' },
    invitationUrl: { type: 'string', description: '${PUBLIC_URL}/invite/{token}, single use' },
  },
  required: ['user', 'invitationExpiresAt', 'invitationUrl'],
  additionalProperties: false,
} as const);
export type InvitationAnswer = FromSchema<typeof invitationAnswerSchema>;

/** A session as the store lists it; the route adds `current` for the caller's own. */
export type SessionView = Omit<UserSession, 'current'>;

/** The audit log's filter: by action prefix, actor e-mail and date range (the page's query and the CSV export's). */
export const auditFilterProperties = {
  action: { type: 'string', maxLength: 100, description: 'Action prefix, e.g. user. or collectorLink.' },
  actor: { type: 'string', maxLength: 254, description: "Part of the actor's e-mail" },
  from: { type: 'string', format: 'date-time', description: 'Inclusive lower bound' },
  to: { type: 'string', format: 'date-time', description: 'Exclusive upper bound' },
} as const;

export const auditFilterQuery = named('AuditFilter', {
  type: 'object',
  properties: auditFilterProperties,
  additionalProperties: false,
} as const);
export type AuditFilter = FromSchema<typeof auditFilterQuery>;
