import { isAnyUser } from '@common/admin/access';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors, tokenAnswerSchema } from '../../schemas';
import { hashToken } from '../../services/secrets';
import { RECOVERY_TOKEN_TTL_S } from '../../services/sessionLimits';
import { authUserOf } from '../../services/users';
import { checkCaptcha, checkIpBudget, completeSignIn, signInClient, signInDeps, spendIpBudget } from '../auth/public';
import { assertInvitationOpen, findInvitation, invitationAllows } from '../invitations/public';
import { providerProofSchema, recoveryTokenSchema, signInBodySchema } from './idpSchemas';
import type { OAuthProvider } from './nonces';
import { providerDeps } from './providerDeps';
import {
  acceptInvitationWithIdentity,
  authenticateAtProvider,
  identityOwner,
  matchUser,
  sessionProviderData,
} from './providerSignIn';

/** The provider signed the user in but has not verified the address the invitation was sent to. */
export const UNVERIFIED_EMAIL =
  'The identity provider has not verified the e-mail of this account; verify it there, then try again.';

/** Sign-in, invitation activation and MFA re-validation through an identity provider. */
export const signInRoutes: RoutePlugin = async (app) => {
  app.post(
    '/um/oauth2Login',
    {
      schema: {
        summary: 'Sign in with an identity provider (public)',
        description:
          'Body `{ provider: Google|Okta, idToken, nonce, email?, rememberToken?, captchaToken? }` (the console exchanged the code) or ' +
          '`{ provider, code, codeVerifier, redirectUri, nonce, rememberToken? }` (the API exchanges it; the only way for JamfAuth0). ' +
          'The ID token is verified against the provider keys (issuer, audience, nonce, expiry); the user is matched by (provider, subject) ' +
          'or, the first time, by verified e-mail. Answers like /um/login (MFA users get a typ mfa token and mfaRequired true). Unknown or disabled user: 401 "User not found".',
        body: signInBodySchema,
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 404, 429, 502, 503) },
      },
    },
    async (request) => {
      await checkIpBudget(app, request);
      await checkCaptcha(app, request, request.body.captchaToken ?? undefined);
      try {
        const auth = await authenticateAtProvider(providerDeps(app), request.body);
        const user = await matchUser(app.db, auth).catch(async (error: unknown) => {
          if (error instanceof HttpError) {
            await app.audit({
              tenantId: auth.binding.tenantId ?? null,
              actorId: null,
              action: 'login.oauth2.failed',
              details: { provider: auth.binding.provider, reason: error.message },
              ip: request.ip,
            });
          }
          throw error;
        });
        return await completeSignIn(signInDeps(app), signInClient(request), authUserOf(user), {
          provider: auth.binding.provider,
          providerData: sessionProviderData(auth),
          rememberToken: request.body.rememberToken ?? null,
        });
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) await spendIpBudget(app, request);
        throw error;
      }
    },
  );

  app.post(
    '/um/invite/:token/setOAuth2',
    {
      schema: {
        summary: 'Accept an invitation with an identity-provider account (public, single use)',
        description:
          "Same body shapes as /um/oauth2Login. The provider must be allowed by the invitation (403), the verified e-mail must equal the invitation's (401); " +
          'the invited user becomes active with that identity linked and is signed in. Unknown invitation 404, used or expired 410.',
        params: {
          type: 'object',
          properties: {
            token: { type: 'string', minLength: 1, maxLength: 256, description: 'The invitation id of the link' },
          },
          required: ['token'],
          additionalProperties: false,
        },
        body: signInBodySchema,
        response: { 200: tokenAnswerSchema, ...errors(400, 401, 403, 404, 409, 410, 429, 502, 503) },
      },
    },
    async (request) => {
      await checkIpBudget(app, request);
      await checkCaptcha(app, request, request.body.captchaToken ?? undefined);
      const { token } = request.params;
      const provider: OAuthProvider = request.body.provider;
      const invitation = await findInvitation(app.db, token);
      assertInvitationOpen(invitation);
      if (!invitationAllows(invitation, provider))
        throw new HttpError(403, `This invitation does not allow sign-in with ${provider}`);
      const auth = await authenticateAtProvider(providerDeps(app), request.body).catch(async (error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) await spendIpBudget(app, request);
        throw error;
      });
      const { binding, identity } = auth;
      // A nonce issued for another invitation or tenant is not accepted here.
      if (binding.tenantId && binding.tenantId !== invitation.tenant_id) throw new HttpError(401, 'Invalid nonce');
      if (binding.invitation && binding.invitation !== hashToken(token)) throw new HttpError(401, 'Invalid nonce');
      if (!identity.email || identity.email !== invitation.email.toLowerCase()) {
        throw new HttpError(401, 'The e-mail of this account does not match the invitation');
      }
      // The addresses match, but the provider does not vouch for it: say so, not "does not match".
      if (!identity.emailVerified) throw new HttpError(401, UNVERIFIED_EMAIL);
      const user = await acceptInvitationWithIdentity(app.db, token, provider, identity);
      await app.audit({
        tenantId: invitation.tenant_id,
        actorId: user.id,
        action: 'invitation.accepted',
        target: user.email,
        details: { provider },
        ip: request.ip,
      });
      return completeSignIn(signInDeps(app), signInClient(request), authUserOf(user), {
        provider,
        providerData: sessionProviderData(auth),
      });
    },
  );

  app.post(
    '/um/mfa/validateOAuth2',
    {
      preHandler: app.authenticate({ allow: isAnyUser }),
      schema: {
        summary: 'Re-validate with the identity provider for MFA set-up; answers a recovery token',
        description:
          'Bearer: access token. Body `{ provider, idToken, nonce? }` or `{ provider, code, codeVerifier, redirectUri, nonce? }`; the ID token must be fresh ' +
          '(issued < 15 min ago) and its identity linked to the signed-in user. Answers a recovery token (typ recovery, 10 min, bound to the session) like validatePassword.',
        security: bearerSecurity,
        body: providerProofSchema,
        response: { 200: recoveryTokenSchema, ...errors(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const { userId, tenantId, sessionId } = request.auth;
      const proof = request.body;
      // Okta settings are the signed-in user's tenant's, whatever the nonce says.
      const auth = await authenticateAtProvider(providerDeps(app), proof, { nonceRequired: false, tenantId });
      if ((await identityOwner(app.db, proof.provider, auth.identity.subject)) !== userId)
        throw new HttpError(401, 'This account is not linked to your user');
      const token = await app.tokens.sign(
        'recovery',
        { sub: userId, tenant: tenantId, sid: sessionId, perms: [] },
        RECOVERY_TOKEN_TTL_S,
      );
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'mfa.revalidated',
        details: { provider: proof.provider },
        ip: request.ip,
      });
      return { token };
    },
  );
};
