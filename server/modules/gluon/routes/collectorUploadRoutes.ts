import type { RoutePlugin } from '../../../http/routePlugin';
import { errors } from '../../../schemas';
import { uploadAnswerSchema } from '../schemas';
import { assertInstallHasRoom, collectorDevice } from '../services/collectorUploads';
import type { GluonContext } from '../services/gluonContext';
import { receiveUpload } from '../services/uploads';
import { acceptStreamedUploads, assertStreamedUpload } from './streamedUpload';

/**
 * Public: the connector installed from a collector link sends the end user's diagnostics here;
 * each file becomes an inspection of the install's device.
 */
export const collectorUploadRoutes: RoutePlugin<{ gluon: GluonContext }> = async (app, { gluon }) => {
  acceptStreamedUploads(app);
  const limit = app.config.gluon.uploadLimitBytes;

  app.post(
    '/gluon-backend/sharedExtractorLinks/:id/installs/:installId/files',
    {
      schema: {
        summary:
          "Public (link token): one file from the connector of a collector install, as application/octet-stream; it is inspected as the install's device. Same checks as the upload (type, size limit, gzip; an Android acquisition zip is accepted by its content); 404 unknown link or install, 403 disabled or expired link, 429 when the install already sent MAX_FILES_PER_INSTALL (100) files.",
        params: {
          type: 'object',
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 256, description: 'The link token' },
            installId: { type: 'string', format: 'uuid' },
          },
          required: ['id', 'installId'],
          additionalProperties: false,
        },
        querystring: {
          type: 'object',
          properties: { name: { type: 'string', minLength: 1, maxLength: 1024 } },
          required: ['name'],
          additionalProperties: false,
        },
        response: {
          201: uploadAnswerSchema,
          ...errors(400, 403, 404, 413, 415, 422, 429, 503),
        },
      } as const,
    },
    async (request, reply) => {
      assertStreamedUpload(request, limit);
      // A full install is refused before its file is read; parallel uploads are counted exactly when their inspection is recorded.
      const target = await collectorDevice(app.db, request.params.id, request.params.installId);
      const result = await receiveUpload(app.db, gluon.storage, gluon.jobs, {
        tenantId: target.tenantId,
        userId: null,
        fileName: request.query.name,
        body: request.raw,
        maxBytes: limit,
        origin: 'collector',
        deviceId: target.deviceId,
        claim: (q) => assertInstallHasRoom(q, target.deviceId),
      });
      await app.audit({
        tenantId: target.tenantId,
        actorId: null,
        action: 'gluon.collectorUpload',
        target: result.upload.inspectionId,
        details: {
          linkId: target.linkId,
          installId: request.params.installId,
          name: result.upload.fileName,
          sha256: result.upload.sha256,
        },
        ip: request.ip,
      });
      return reply.code(201).send(result);
    },
  );
};
