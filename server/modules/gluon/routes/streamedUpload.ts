import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from '../../../contracts';
import { UploadTooLargeError } from '../services/fileStorage';

/**
 * The upload routes stream the file from request.raw in their handler; this parser leaves it
 * unread and sets no body, so body hooks (the string guard walks parsed bodies) never see the
 * stream object. Registered per route plugin: other gluon routes keep refusing octet-stream.
 */
export function acceptStreamedUploads(app: FastifyInstance): void {
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null, undefined));
}

/** 415 unless the file comes as application/octet-stream; 413 when its Content-Length already says too large. */
export function assertStreamedUpload(request: FastifyRequest, limit: number): void {
  if (!request.headers['content-type']?.startsWith('application/octet-stream'))
    throw new HttpError(415, 'Send the file as application/octet-stream.');
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new UploadTooLargeError(limit);
}
