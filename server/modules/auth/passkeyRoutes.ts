import type { FastifyRequest } from 'fastify';

import { canWriteUsers, hasUserManagementAccess } from '@common/admin/access';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors, tokenAnswerSchema } from '../../schemas';
import { claimOnce, wasClaimed } from '../../services/singleUse';
import { findUserById } from '../../services/users';
import { checkIpBudget, ipBudgetKey, spendIpBudget, whileHeld } from './clientGuards';
import {
  authenticationOptions,
  listPasskeys,
  PasskeyRefused,
  registrationOptions,
  type RelyingParty,
  relyingPartyOf,
  removePasskey,
  renamePasskey,
  requiresPhishingResistant,
  setRequirePhishingResistant,
  verifyAuthentication,
  verifyRegistration,
} from './passkeys';
import { canSignIn, startSession } from './signIn';
import { signInClient, signInDeps } from './signInContext';

const STEP_ALREADY_DONE = 'This sign-in step was already completed; sign in again';

/** A WebAuthn answer as @simplewebauthn/browser sends it; the library checks its inside. */
const credentialJson = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  additionalProperties: true,
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 1400 },
    rawId: { type: 'string', minLength: 1, maxLength: 1400 },
    type: { type: 'string', const: 'public-key' },
    response: { type: 'object', additionalProperties: true },
  },
} as const;

/** Options for navigator.credentials (PublicKeyCredential*OptionsJSON), passed to the browser library as they are. */
const optionsAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['options'],
  properties: { options: { type: 'object', additionalProperties: true } },
} as const;

const passkeySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'createdAt', 'lastUsedAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

const policySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['requirePhishingResistant'],
  properties: { requirePhishingResistant: { type: 'boolean' } },
} as const;

/** The body of a verify call: the credential (large JSON), bounded well under the app's 1 MiB. */
const VERIFY_BODY_LIMIT = 64 * 1024;

export const passkeyRoutes: RoutePlugin = async (app) => {
  const rp: RelyingParty = relyingPartyOf(app.config.publicUrl);

  /** A refused WebAuthn answer spends the IP's failure budget (a public route) and is audited. */
  async function refuse(
    request: FastifyRequest,
    err: unknown,
    who: { tenantId: string | null; userId: string | null },
    action: string,
  ): Promise<never> {
    if (!(err instanceof PasskeyRefused)) throw err;
    await spendIpBudget(app, request);
    await app.audit({
      tenantId: who.tenantId,
      actorId: who.userId,
      action,
      details: { reason: err.message },
      ip: request.ip,
    });
    throw new HttpError(400, err.message);
  }

  app.get(
    '/um/passkeys',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: "The signed-in user's passkeys",
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['passkeys', 'required'],
            properties: {
              passkeys: { type: 'array', items: passkeySchema },
              required: { type: 'boolean', description: 'The tenant requires a phishing-resistant method (a passkey)' },
            },
          },
          ...errors(401),
        },
      },
    },
    async (request) => ({
      passkeys: await listPasskeys(app.db, request.auth.userId),
      required: await requiresPhishingResistant(app.db, request.auth.tenantId),
    }),
  );

  app.post(
    '/um/passkeys/registration/options',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: 'Start adding a passkey',
        description:
          'Bearer: access token. Options for navigator.credentials.create (user verification required, discoverable, attestation none); the challenge is single-use and expires after 5 minutes.',
        security: bearerSecurity,
        response: { 200: optionsAnswer, ...errors(401) },
      },
    },
    async (request) => {
      const user = request.auth.user;
      if (!user) throw new HttpError(401, 'Session expired');
      return { options: { ...(await registrationOptions(app.db, rp, user)) } };
    },
  );

  app.post(
    '/um/passkeys/registration/verify',
    {
      preHandler: app.authenticate(),
      bodyLimit: VERIFY_BODY_LIMIT,
      schema: {
        summary: 'Finish adding a passkey',
        description:
          'Bearer: access token. The answer of navigator.credentials.create to the last options, and a name.',
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['name', 'credential'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, credential: credentialJson },
        },
        response: { 201: passkeySchema, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { userId, tenantId } = request.auth;
      const name = request.body.name.trim();
      if (!name) throw new HttpError(400, 'Give the passkey a name.');
      const passkey = await whileHeld(app, [ipBudgetKey(request)], async ([ipInFlight]) => {
        await checkIpBudget(app, request, ipInFlight);
        try {
          // The schema checked the outside; the library reads the rest.
          return await verifyRegistration(app.db, rp, userId, name, request.body.credential as never);
        } catch (err) {
          return refuse(request, err, { tenantId, userId }, 'passkey.register-failed');
        }
      });
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'passkey.register',
        target: passkey.id,
        details: { name: passkey.name },
        ip: request.ip,
      });
      return reply.code(201).send(passkey);
    },
  );

  app.delete(
    '/um/passkeys/:id',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: 'Remove one of your passkeys',
        security: bearerSecurity,
        params: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'string', format: 'uuid' } },
        },
        response: { 204: { type: 'null' }, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { userId, tenantId } = request.auth;
      const name = await removePasskey(app.db, userId, request.params.id);
      if (name === null) throw new HttpError(404, 'This passkey does not exist.');
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'passkey.remove',
        target: request.params.id,
        details: { name },
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/um/passkeys/:id',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: 'Rename one of your passkeys',
        security: bearerSecurity,
        params: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'string', format: 'uuid' } },
        },
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: { 200: passkeySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { userId, tenantId } = request.auth;
      const name = request.body.name.trim();
      if (!name) throw new HttpError(400, 'Give the passkey a name.');
      const passkey = await renamePasskey(app.db, userId, request.params.id, name);
      if (passkey === null) throw new HttpError(404, 'This passkey does not exist.');
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'passkey.rename',
        target: passkey.id,
        details: { name },
        ip: request.ip,
      });
      return passkey;
    },
  );

  app.post(
    '/um/passkeys/signIn/options',
    {
      schema: {
        summary: 'Start signing in with a passkey',
        description:
          'No bearer. Options for navigator.credentials.get without allowed credentials: the browser offers the passkeys it holds for this site (also as autofill, conditional UI).',
        response: { 200: optionsAnswer, ...errors(429) },
      },
    },
    async (request) => {
      await checkIpBudget(app, request);
      return { options: { ...(await authenticationOptions(app.db, rp, 'sign-in', null)) } };
    },
  );

  app.post(
    '/um/passkeys/signIn',
    {
      bodyLimit: VERIFY_BODY_LIMIT,
      schema: {
        summary: 'Sign in with a passkey',
        description:
          'No bearer. The answer of navigator.credentials.get to the last sign-in options. A passkey with user verification is both factors: the answer is a session token (mfaRequired false). Refused: 400.',
        body: {
          type: 'object',
          required: ['credential'],
          additionalProperties: false,
          properties: { credential: credentialJson },
        },
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const verified = await whileHeld(app, [ipBudgetKey(request)], async ([ipInFlight]) => {
        await checkIpBudget(app, request, ipInFlight);
        try {
          return await verifyAuthentication(app.db, rp, 'sign-in', null, request.body.credential as never);
        } catch (err) {
          return refuse(request, err, { tenantId: null, userId: null }, 'passkey.sign-in-failed');
        }
      });
      const row = await findUserById(app.db, verified.userId);
      if (!canSignIn(row)) throw new HttpError(401, 'This account cannot sign in.');
      const user = {
        id: row.id,
        tenantId: row.tenant_id,
        email: row.email,
        permissions: row.permissions,
        totpEnabled: row.totp_enabled,
      };
      await app.audit({
        tenantId: user.tenantId,
        actorId: user.id,
        action: 'passkey.sign-in',
        target: verified.passkeyId,
        ip: request.ip,
      });
      return startSession(signInDeps(app), signInClient(request), user, { provider: 'passkey' }, null);
    },
  );

  /** The mfa token's id (every token we sign has one). */
  function mfaTokenId(request: FastifyRequest): string {
    const { jti } = request.auth.claims;
    if (typeof jti !== 'string') throw new HttpError(401, 'Invalid token');
    return jti;
  }

  app.post(
    '/um/mfa/passkey/options',
    {
      preHandler: app.authenticate({ typ: 'mfa' }),
      schema: {
        summary: 'Second sign-in step with a passkey: options',
        description: "Bearer: the mfa token. Options for navigator.credentials.get limited to the user's passkeys.",
        security: bearerSecurity,
        response: { 200: optionsAnswer, ...errors(401) },
      },
    },
    async (request) => {
      if (await wasClaimed(app.db, 'mfa', mfaTokenId(request))) throw new HttpError(401, STEP_ALREADY_DONE);
      return { options: { ...(await authenticationOptions(app.db, rp, 'second-factor', request.auth.userId)) } };
    },
  );

  app.post(
    '/um/mfa/passkey/validate',
    {
      preHandler: app.authenticate({ typ: 'mfa' }),
      bodyLimit: VERIFY_BODY_LIMIT,
      schema: {
        summary: 'Second sign-in step with a passkey',
        description:
          'Bearer: the mfa token. The answer of navigator.credentials.get to the last second-factor options; opens the session.',
        security: bearerSecurity,
        body: {
          type: 'object',
          required: ['credential'],
          additionalProperties: false,
          properties: { credential: credentialJson },
        },
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const user = request.auth.user;
      if (!user) throw new HttpError(401, 'Session expired');
      if (await wasClaimed(app.db, 'mfa', mfaTokenId(request))) throw new HttpError(401, STEP_ALREADY_DONE);
      const verified = await whileHeld(app, [ipBudgetKey(request)], async ([ipInFlight]) => {
        await checkIpBudget(app, request, ipInFlight);
        try {
          return await verifyAuthentication(app.db, rp, 'second-factor', user.id, request.body.credential as never);
        } catch (err) {
          return refuse(request, err, { tenantId: user.tenantId, userId: user.id }, 'mfa.failed');
        }
      });
      const { exp, prov, pdata } = request.auth.claims;
      if (!(await claimOnce(app.db, 'mfa', mfaTokenId(request), new Date(exp * 1000))))
        throw new HttpError(401, STEP_ALREADY_DONE);
      await app.audit({
        tenantId: user.tenantId,
        actorId: user.id,
        action: 'mfa.passkey',
        target: verified.passkeyId,
        ip: request.ip,
      });
      return startSession(
        signInDeps(app),
        signInClient(request),
        user,
        {
          provider: typeof prov === 'string' ? prov : 'password',
          ...(pdata === undefined ? {} : { providerData: pdata }),
        },
        null,
      );
    },
  );

  app.get(
    '/um/signInPolicy',
    {
      preHandler: app.authenticate({ allow: hasUserManagementAccess }),
      schema: {
        summary: "The tenant's sign-in policy",
        security: bearerSecurity,
        response: { 200: policySchema, ...errors(401, 403) },
      },
    },
    async (request) => ({ requirePhishingResistant: await requiresPhishingResistant(app.db, request.auth.tenantId) }),
  );

  app.put(
    '/um/signInPolicy',
    {
      preHandler: app.authenticate({ allow: canWriteUsers }),
      schema: {
        summary: "Sets the tenant's sign-in policy",
        description:
          'requirePhishingResistant: users with a passkey must use it (password + TOTP no longer suffices); users without one are asked to add one at sign-in. Recovery codes keep working.',
        security: bearerSecurity,
        body: policySchema,
        response: { 200: policySchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { tenantId, userId } = request.auth;
      await setRequirePhishingResistant(app.db, tenantId, request.body.requirePhishingResistant);
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'signInPolicy.update',
        details: { requirePhishingResistant: request.body.requirePhishingResistant },
        ip: request.ip,
      });
      return { requirePhishingResistant: request.body.requirePhishingResistant };
    },
  );
};
