import { HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { tenantEnvironmentType } from '../../services/tenants';

/** GET /um/captcha/Google (public) and GET /um/environmentType (bearer). */
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
};
