import { canReadReports, canUpload, canUploadToDevice, isUploader } from '@common/gluon/access';

import { HttpError } from '../../../contracts';
import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, cursorQuery, errors } from '../../../schemas';
import { cappedPage, pageQuery, uploadAnswerSchema, uploadSchema } from '../schemas';
import { getDevice } from '../services/devices';
import type { GluonContext } from '../services/gluonContext';
import { listUploads, receiveUpload } from '../services/uploads';
import { acceptStreamedUploads, assertStreamedUpload } from './streamedUpload';

/** The header's password: percent-encoded UTF-8 (a header carries ASCII only). */
function backupPasswordHeader(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'X-Backup-Password must be percent-encoded UTF-8.');
  }
}

/** Upload (spec §6: new-inspection access, or an uploader) and the recent uploads with their inspection status. */
export const uploadRoutes: RoutePlugin<{ gluon: GluonContext }> = async (app, { gluon }) => {
  // The file is streamed to storage (hashed and counted on the way), never buffered whole.
  acceptStreamedUploads(app);
  const limit = app.config.gluon.uploadLimitBytes;

  app.post(
    '/gluon-backend/uploads',
    {
      preHandler: app.authenticate({ allow: canUpload }),
      schema: {
        summary: `Uploads one file for inspection as application/octet-stream (name in the query): a sysdiagnose archive (.tar.gz, .tgz, .tar), an .ips report, shutdown.log (or a rotated shutdown.N.log) or ps.txt, an iPhone backup folder zipped or tarred (Manifest.db at the archive's root or one folder down; an encrypted one needs its password in the X-Backup-Password header, percent-encoded UTF-8, held in memory for the inspection only and never stored), or an Android acquisition (AndroidQF output or bugreport zip, recognised by its content whatever its name; a zip that is not one, or is unsafe, fails its inspection with the reason). Stored under its sha256: the same bytes again answer the earlier inspection with duplicate=true (reinspect=true queues a new one). deviceId attaches it to a known device.`,
        security: bearerSecurity,
        headers: {
          type: 'object',
          properties: { 'x-backup-password': { type: 'string', minLength: 1, maxLength: 1024 } },
        },
        querystring: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 1024 },
            deviceId: { type: 'string', format: 'uuid' },
            reinspect: { type: 'boolean', default: false },
          },
          required: ['name'],
          additionalProperties: false,
        },
        response: {
          201: uploadAnswerSchema,
          ...errors(400, 401, 403, 404, 413, 415, 422, 503),
        },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      assertStreamedUpload(request, limit);
      if (request.query.deviceId) {
        if (!canUploadToDevice(auth.perms))
          throw new HttpError(403, "You don't have permissions to perform this action");
        await getDevice(app.db, auth.tenantId, request.query.deviceId);
      }
      const backupPassword = backupPasswordHeader(request.headers['x-backup-password']);
      const result = await receiveUpload(app.db, gluon.storage, gluon.jobs, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        fileName: request.query.name,
        ...(backupPassword ? { backupPassword } : {}),
        body: request.raw,
        maxBytes: limit,
        origin: 'upload',
        deviceId: request.query.deviceId ?? null,
        reinspect: request.query.reinspect ?? false,
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'gluon.upload',
        target: result.upload.inspectionId,
        details: {
          name: result.upload.fileName,
          sha256: result.upload.sha256,
          size: result.upload.size,
          duplicate: result.duplicate,
        },
        ip: request.ip,
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/gluon-backend/uploads',
    {
      preHandler: app.authenticate({ allow: canUpload }),
      schema: {
        summary: 'Recent uploads, newest first, with their inspection status and progress. Uploaders see their own.',
        security: bearerSecurity,
        querystring: {
          type: 'object',
          properties: { page: pageQuery.page, size: pageQuery.size, ...cursorQuery },
          additionalProperties: false,
        },
        response: { 200: cappedPage(uploadSchema), ...errors(400, 401, 403) },
      } as const,
    },
    async (request) => {
      const auth = request.auth;
      const { page, size, after, before } = request.query;
      const own = isUploader(auth.perms) || !canReadReports(auth.perms);
      const result = await listUploads(app.db, auth.tenantId, {
        page,
        size,
        after,
        before,
        createdBy: own ? auth.userId : null,
      });
      return { ...result, page, size };
    },
  );
};
