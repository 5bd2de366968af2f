import type { FromSchema } from 'json-schema-to-ts';

import { MFA_PERMISSION } from './modules/auth/signIn';

/**
 * JSON-schema building blocks shared by the routes. Schemas are inlined (no $ref) so the two
 * validators of app.ts (strict body, coercing query/params) compile them alike.
 */

/**
 * Names an answer (or input) shape: `title` is its name in the OpenAPI document and the name of
 * the TypeScript type derived from it next to it (`export type X = FromSchema<typeof xSchema>`),
 * so services return the schema's type and no hand-written twin can drift from the wire.
 * The title is only documentation: validation and the console's generated types are unchanged
 * (server/modules/namedSchemas.test.ts keeps twins from coming back).
 */
export function named<const Title extends string, const Schema extends object>(
  title: Title,
  schema: Schema,
): { readonly title: Title } & Schema {
  return { title, ...schema };
}

export const errorSchema = {
  type: 'object',
  description: 'Error; `message` is the text the console shows (5xx: "Internal Server Error").',
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string' },
    message: { type: 'string' },
  },
  required: ['statusCode', 'error', 'message'],
  additionalProperties: false,
} as const;

/**
 * `{ 400: errorSchema, 401: errorSchema, ... }` for the listed statuses, keyed by the literal
 * statuses so a route's reply type (server/http/routePlugin.ts) knows which codes answer errors.
 */
export function errors<const Statuses extends readonly number[]>(
  ...statuses: Statuses
): { [Status in Statuses[number]]: typeof errorSchema } {
  // Object.fromEntries types its keys as string; the keys are exactly `statuses`.
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as {
    [Status in Statuses[number]]: typeof errorSchema;
  };
}

export const userSchema = named('UserView', {
  type: 'object',
  properties: {
    username: { type: 'string' },
    email: { type: 'string' },
    totpEnabled: { type: 'boolean' },
  },
  required: ['username', 'email', 'totpEnabled'],
  additionalProperties: false,
} as const);
export type UserView = FromSchema<typeof userSchema>;

export const tokenAnswerSchema = named('SignInAnswer', {
  type: 'object',
  description: `A session token (typ access) or, for a user with MFA, a second-factor token (typ mfa, perms [${MFA_PERMISSION}]); mfaRequired says which.`,
  properties: {
    token: { type: 'string' },
    user: userSchema,
    mfaRequired: {
      type: 'boolean',
      description:
        'true exactly when token is a second-factor (typ mfa) token: send it to /um/mfa/totp/validateCode or validateRecoveryCode',
    },
    rememberToken: { type: 'string' },
    mfaMethods: {
      type: 'array',
      items: { type: 'string', enum: ['totp', 'passkey'] },
      description:
        'With mfaRequired: the second factors the token accepts (recovery codes always); passkey: /um/mfa/passkey/options and /um/mfa/passkey/validate',
    },
    passkeyRequired: {
      type: 'boolean',
      description:
        'true when the tenant requires a phishing-resistant method and the user has no passkey yet: the console asks them to add one',
    },
  },
  required: ['token', 'user', 'mfaRequired'],
  additionalProperties: false,
} as const);
export type SignInAnswer = FromSchema<typeof tokenAnswerSchema>;

export const bearerSecurity = [{ bearer: [] }];

/** A password as typed: bounded so argon2 is never fed megabytes. */
export const passwordField = { type: 'string', minLength: 1, maxLength: 1024 } as const;
export const captchaField = { type: 'string', maxLength: 4096 } as const;

/** The keyset cursors a flat list (server/services/listQuery.ts keysetPage) accepts: opaque, from its last answer. */
export const cursorQuery = {
  after: { type: 'string', maxLength: 200, description: "The page after this cursor (a previous answer's nextCursor)" },
  before: {
    type: 'string',
    maxLength: 200,
    description: "The page before this cursor (a previous answer's prevCursor)",
  },
} as const;

/** The cursors of the pages around the one answered: null at the list's ends. */
export const cursorAnswer = {
  nextCursor: { type: ['string', 'null'], description: 'Pass as `after` for the next page; null on the last page' },
  prevCursor: {
    type: ['string', 'null'],
    description: 'Pass as `before` for the previous page; null on the first page',
  },
} as const;

/** A tenant's time zone, as mails and CSV exports name it. */
export const tenantTimeZoneSchema = named('TenantTimeZone', {
  type: 'object',
  properties: {
    // Hours from UTC, in quarter hours (+05:30, +05:45, -03:30), as the console's zone table has them.
    offset: { type: 'number', minimum: -12, maximum: 14, multipleOf: 0.25 },
    // The zone's abbreviation, as mails print it: "IST", "UTC", "CEDT".
    name: { type: 'string', minLength: 1, maxLength: 12, pattern: '^[A-Za-z][A-Za-z0-9+-]*$' },
  },
  required: ['offset', 'name'],
  additionalProperties: false,
} as const);
export type TenantTimeZone = FromSchema<typeof tenantTimeZoneSchema>;
