import { canWriteUsers } from '@common/admin/access';

import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors, tenantTimeZoneSchema } from '../../schemas';
import { setTenantTimeZone, tenantEnvironmentType, tenantTimeZone } from '../../services/tenants';

/** GET /um/captcha/Google (public), GET /um/environmentType and the tenant's time zone (bearer). */
export const settingsRoutes: RoutePlugin = async (app) => {
  app.get(
    '/um/captcha/Google',
    {
      schema: {
        summary: 'reCAPTCHA site id; null when captcha is inactive (then no captchaToken is needed anywhere).',
        response: {
          200: {
            type: 'object',
            properties: { siteId: { type: ['string', 'null'] } },
            required: ['siteId'],
            additionalProperties: false,
          },
        },
      },
    },
    async () => ({ siteId: app.config.backends.captchaSiteId }),
  );

  app.get(
    '/um/environmentType',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: "Environment type: ENVIRONMENT_TYPE when set, else the tenant's own (default 'saas').",
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            properties: { environmentType: { type: 'string' } },
            required: ['environmentType'],
            additionalProperties: false,
          },
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const configured = app.config.backends.environmentType;
      if (configured) return { environmentType: configured };
      const environmentType = await tenantEnvironmentType(app.db, request.auth.tenantId);
      if (environmentType === null) throw new HttpError(404, 'The tenant does not exist.');
      return { environmentType };
    },
  );

  app.get(
    '/um/tenantTimeZone',
    {
      preHandler: app.authenticate(),
      schema: {
        summary: "The tenant's time zone, which mails and CSV exports name their times in (default UTC).",
        security: bearerSecurity,
        response: { 200: tenantTimeZoneSchema, ...errors(401, 403) },
      },
    },
    async (request) => tenantTimeZone(app.db, request.auth.tenantId),
  );

  app.put(
    '/um/tenantTimeZone',
    {
      preHandler: app.authenticate({ allow: canWriteUsers }),
      schema: {
        summary: "Sets the tenant's time zone for mails and CSV exports (user administrators); audited.",
        security: bearerSecurity,
        body: tenantTimeZoneSchema,
        response: { 200: tenantTimeZoneSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const zone = { offset: request.body.offset, name: request.body.name };
      const before = await tenantTimeZone(app.db, auth.tenantId);
      if (!(await setTenantTimeZone(app.db, auth.tenantId, zone)))
        throw new HttpError(404, 'The tenant does not exist.');
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'tenant.timeZone',
        target: auth.tenantId,
        details: { from: before, to: zone },
        ip: request.ip,
      });
      return zone;
    },
  );
};
