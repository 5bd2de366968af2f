import type { FromSchema } from 'json-schema-to-ts';

import { named } from '../../schemas';

/** Request and answer schemas of the identity-provider routes (inlined, no $ref). */

export const providerField = { type: 'string', enum: ['Google', 'Okta', 'JamfAuth0'] } as const;
export const nonceField = {
  type: 'string',
  minLength: 1,
  maxLength: 2048,
  description: 'The nonce issued by a provider look-up (API-signed, 10 minutes, single use).',
} as const;
export const issuerUrlField = { type: 'string', minLength: 1, maxLength: 2048 } as const;

/** Fields of both sign-in body shapes: `{ idToken }` or `{ code, codeVerifier, redirectUri }`. */
export const providerProofProperties = {
  provider: providerField,
  idToken: {
    type: 'string',
    minLength: 1,
    maxLength: 16384,
    description: 'ID token the console obtained (Google, Okta).',
  },
  code: {
    type: 'string',
    minLength: 1,
    maxLength: 2048,
    description: 'Authorization code for the API to exchange (JamfAuth0; also Google, Okta).',
  },
  codeVerifier: { type: 'string', pattern: '^[A-Za-z0-9._~-]{43,128}$', description: 'PKCE verifier (RFC 7636).' },
  redirectUri: {
    type: 'string',
    minLength: 1,
    maxLength: 2048,
    description: 'Must be `${PUBLIC_URL}/login/callback`.',
  },
  nonce: nonceField,
  email: {
    type: 'string',
    minLength: 1,
    maxLength: 320,
    description: 'When sent, must equal the e-mail of the ID token.',
  },
} as const;

/** The two body shapes of the sign-in protocol (docs/sign-in-protocol.md), as MFA re-validation takes them. */
export const providerProofSchema = named('ProviderProof', {
  type: 'object',
  properties: providerProofProperties,
  required: ['provider'],
  additionalProperties: false,
} as const);
export type ProviderProof = FromSchema<typeof providerProofSchema>;

export const signInBodySchema = {
  type: 'object',
  properties: {
    ...providerProofProperties,
    rememberToken: { type: 'string', maxLength: 4096 },
    captchaToken: {
      type: ['string', 'null'],
      maxLength: 4096,
      description: 'reCAPTCHA token; required while captcha is active (GET /um/captcha/Google answers a site id).',
    },
  },
  required: ['provider', 'nonce'],
  additionalProperties: false,
} as const;

export const endpointsProperties = {
  authorizationEndpoint: { type: 'string' },
  tokenEndpoint: { type: 'string' },
  nonce: { type: 'string' },
} as const;

export const googlePublicIdSchema = {
  type: 'object',
  properties: { publicId: { type: 'string' }, ...endpointsProperties },
  required: ['publicId', 'authorizationEndpoint', 'tokenEndpoint', 'nonce'],
  additionalProperties: false,
} as const;

export const oktaPublicIdSchema = {
  type: 'object',
  properties: { clientIssuer: { type: 'string' }, publicId: { type: 'string' }, ...endpointsProperties },
  required: ['clientIssuer', 'publicId', 'authorizationEndpoint', 'tokenEndpoint', 'nonce'],
  additionalProperties: false,
} as const;

export const oktaDetailsSchema = {
  type: 'object',
  properties: { clientIssuer: { type: 'string' }, clientId: { type: 'string' }, ...endpointsProperties },
  required: ['clientIssuer', 'clientId', 'authorizationEndpoint', 'tokenEndpoint', 'nonce'],
  additionalProperties: false,
} as const;

export const oktaConfigSchema = {
  type: 'object',
  description: "The tenant's Okta application (an OIDC public client using PKCE).",
  properties: {
    clientIssuer: {
      type: 'string',
      description: 'Okta authorization server issuer, e.g. https://acme.okta.com/oauth2/default',
    },
    clientId: { type: 'string', description: 'Client id of the Okta application' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  required: ['clientIssuer', 'clientId', 'updatedAt'],
  additionalProperties: false,
} as const;

export const oktaConfigBodySchema = {
  type: 'object',
  properties: {
    clientIssuer: issuerUrlField,
    clientId: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,255}$' },
  },
  required: ['clientIssuer', 'clientId'],
  additionalProperties: false,
} as const;

export const oktaVerifyBodySchema = {
  type: 'object',
  description: 'Without clientIssuer, the stored configuration is verified.',
  properties: { clientIssuer: issuerUrlField },
  additionalProperties: false,
} as const;

export const oktaVerifyAnswerSchema = {
  type: 'object',
  properties: { ok: { type: 'boolean' }, clientIssuer: { type: 'string' }, authorizationEndpoint: { type: 'string' } },
  required: ['ok', 'clientIssuer', 'authorizationEndpoint'],
  additionalProperties: false,
} as const;

export const jamfInfoSchema = {
  type: 'object',
  properties: {
    domain: { type: 'string' },
    publicId: { type: 'string' },
    state: { type: 'string' },
    nonce: { type: 'string' },
    connectionName: { type: ['string', 'null'] },
    customIdp: { type: 'boolean' },
    authorizationEndpoint: { type: 'string' },
  },
  required: ['domain', 'publicId', 'state', 'nonce', 'connectionName', 'customIdp', 'authorizationEndpoint'],
  additionalProperties: false,
} as const;

export const recoveryTokenSchema = {
  type: 'object',
  properties: { token: { type: 'string', description: 'typ recovery, 10 minutes' } },
  required: ['token'],
  additionalProperties: false,
} as const;
