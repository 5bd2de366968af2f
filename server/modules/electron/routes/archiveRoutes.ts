import { canUploadArchives } from '@common/electron/access';

import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { acceptStreamedUploads, assertStreamedUpload } from '../../gluon/public';
import { archiveSchema, uploadAnswerSchema } from '../schemas';
import { type ElectronJobs, listArchives, receiveArchive } from '../services/archives';
import type { ElectronContext } from '../services/electronContext';

/** Uploading an Aftermath archive, and the latest archives with their inspection status. */
export const archiveRoutes: RoutePlugin<{ electron: ElectronContext }> = async (app, { electron }) => {
  // The file is streamed to storage (hashed and counted on the way), never buffered whole.
  acceptStreamedUploads(app);
  const limit = app.config.gluon.uploadLimitBytes;
  const jobs: ElectronJobs = app.queue;

  app.post(
    '/electron-backend/uploads',
    {
      preHandler: app.authenticate({ allow: canUploadArchives }),
      schema: {
        summary:
          'Uploads an Aftermath archive (Aftermath_<serial>.zip, or the output folder zipped) as application/octet-stream, name in the query. Stored in gluon storage under its sha256 and inspected on the job queue (electron.inspect); an unsafe or foreign zip fails its inspection with the reason.',
        security: bearerSecurity,
        querystring: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1, maxLength: 1024 } },
          required: ['name'],
          additionalProperties: false,
        },
        response: { 201: uploadAnswerSchema, ...errors(400, 401, 403, 413, 415, 503) },
      } as const,
    },
    async (request, reply) => {
      const auth = request.auth;
      assertStreamedUpload(request, limit);
      const archive = await receiveArchive(app.db, electron.storage, jobs, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        fileName: request.query.name,
        body: request.raw,
        maxBytes: limit,
      });
      await app.audit({
        tenantId: auth.tenantId,
        actorId: auth.userId,
        action: 'electron.upload',
        target: archive.inspectionId,
        details: { name: archive.fileName, sha256: archive.sha256, size: archive.size },
        ip: request.ip,
      });
      return reply.code(201).send({ archive });
    },
  );

  app.get(
    '/electron-backend/uploads',
    {
      preHandler: app.authenticate({ allow: canUploadArchives }),
      schema: {
        summary: 'The latest Aftermath archives of the tenant, newest first, with their inspection status.',
        security: bearerSecurity,
        response: {
          200: {
            type: 'object',
            properties: { items: { type: 'array', items: archiveSchema } },
            required: ['items'],
            additionalProperties: false,
          },
          ...errors(401, 403),
        },
      } as const,
    },
    async (request) => ({ items: await listArchives(app.db, request.auth.tenantId, { limit: 50 }) }),
  );
};
