import { canWriteUsers, hasUserManagementAccess } from '@common/admin/access';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { discover, DiscoveryError } from './discovery';
import { oktaConfigBodySchema, oktaConfigSchema, oktaVerifyAnswerSchema, oktaVerifyBodySchema } from './idpSchemas';
import { normaliseOktaUrl } from './oktaIssuer';
import { deleteOktaSettings, findOktaSettings, saveOktaSettings } from './providerClients';

const INVALID = 'Invalid Okta domain';

function view(row: { issuer: string; client_id: string; updated_at: Date }) {
  return { clientIssuer: row.issuer, clientId: row.client_id, updatedAt: new Date(row.updated_at).toISOString() };
}

/** The signed-in tenant's Okta configuration: read with any umg#usr# permission, written with umg#usr#rw. */
export const oktaConfigRoutes: RoutePlugin = async (app) => {
  const allowLoopbackHttp = app.config.nodeEnv !== 'production';

  app.get(
    '/um/oauth2config/okta',
    {
      preHandler: app.authenticate({ allow: hasUserManagementAccess }),
      schema: {
        summary: "The tenant's Okta configuration",
        security: bearerSecurity,
        response: { 200: oktaConfigSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const row = await findOktaSettings(app.db, request.auth.tenantId);
      if (!row) throw new HttpError(404, 'Okta is not configured');
      return view(row);
    },
  );

  app.put(
    '/um/oauth2config/okta',
    {
      preHandler: app.authenticate({ allow: canWriteUsers }),
      schema: {
        summary: "Sets the tenant's Okta configuration (issuer and client id of a PKCE public client)",
        security: bearerSecurity,
        body: oktaConfigBodySchema,
        response: { 200: oktaConfigSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const issuer = normaliseOktaUrl(request.body.clientIssuer, { allowLoopbackHttp });
      if (!issuer) throw new HttpError(400, INVALID);
      const { tenantId, userId } = request.auth;
      const row = await saveOktaSettings(app.db, tenantId, issuer, request.body.clientId);
      await app.audit({
        tenantId,
        actorId: userId,
        action: 'okta-config.update',
        details: { clientIssuer: issuer, clientId: request.body.clientId },
        ip: request.ip,
      });
      return view(row);
    },
  );

  app.delete(
    '/um/oauth2config/okta',
    {
      preHandler: app.authenticate({ allow: canWriteUsers }),
      schema: {
        summary: "Removes the tenant's Okta configuration (Okta sign-in stops for the tenant)",
        security: bearerSecurity,
        response: { 204: { type: 'null', description: 'Removed' }, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { tenantId, userId } = request.auth;
      if (!(await deleteOktaSettings(app.db, tenantId))) throw new HttpError(404, 'Okta is not configured');
      await app.audit({ tenantId, actorId: userId, action: 'okta-config.delete', ip: request.ip });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/um/oauth2config/okta/verify',
    {
      preHandler: app.authenticate({ allow: canWriteUsers }),
      schema: {
        summary: 'Checks that an Okta issuer (or the stored one) publishes an OpenID configuration',
        security: bearerSecurity,
        body: oktaVerifyBodySchema,
        response: { 200: oktaVerifyAnswerSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      let raw = request.body?.clientIssuer;
      if (raw === undefined) {
        const row = await findOktaSettings(app.db, request.auth.tenantId);
        if (!row) throw new HttpError(400, INVALID);
        raw = row.issuer;
      }
      const issuer = normaliseOktaUrl(raw, { allowLoopbackHttp });
      if (!issuer) throw new HttpError(400, INVALID);
      try {
        const metadata = await discover(issuer, { fresh: true });
        return { ok: true, clientIssuer: issuer, authorizationEndpoint: metadata.authorization_endpoint };
      } catch (error) {
        if (error instanceof DiscoveryError) throw new HttpError(400, INVALID);
        throw error;
      }
    },
  );
};
