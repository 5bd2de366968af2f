import { HttpError } from '../../../contracts';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { tenantExists } from '../../../services/tenants';
import { findInstaller, INSTALLER_OS, type InstallerOs } from './installers';
import { fileAnswerSchema, sendInstaller } from './sendInstaller';

/**
 * GET /gluon-backend/extractors/quickdownload with `Authorization: Bearer <quick-link token>`
 * (typ 'quick-link', claims tenant and os): streams that OS's installer. The token expires
 * (default 7 days) but is not single-use, so a broken download can be retried.
 */
export const quickDownloadRoute: RoutePlugin = async (app) => {
  app.get(
    '/gluon-backend/extractors/quickdownload',
    {
      // A quick-link token is checked for signature, type and expiry only (no session).
      preHandler: app.authenticate({ typ: 'quick-link' }),
      schema: {
        summary:
          'Streams the installer for the OS named in the quick-link token (Authorization: Bearer <quick-link token>).',
        security: bearerSecurity,
        response: { 200: fileAnswerSchema, ...errors(400, 401) },
      } as const,
    },
    async (request, reply) => {
      const { claims } = request.auth;
      if (!INSTALLER_OS.includes(claims.os as InstallerOs))
        throw new HttpError(400, 'The quick link names no supported operating system.');
      const os = claims.os as InstallerOs;
      const tenantId = typeof claims.tenant === 'string' ? claims.tenant : null;
      if (tenantId && !(await tenantExists(app.db, tenantId)))
        throw new HttpError(401, 'The quick link is no longer valid.');
      const file = await findInstaller(app.config.backends.installersDir, os);
      await app.audit({ tenantId, actorId: null, action: 'collector.quickDownload', details: { os }, ip: request.ip });
      return sendInstaller(reply, file);
    },
  );
};
