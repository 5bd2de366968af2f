import type { FastifyReply } from 'fastify';

import { attachmentHeader } from '../../../http/attachmentHeader';
import type { InstallerFile } from './installers';

/** Streams an installer with its length (the console shows progress in MB) and file name. */
export function sendInstaller(reply: FastifyReply, file: InstallerFile): FastifyReply {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', attachmentHeader(file.fileName))
    .header('Cache-Control', 'no-store')
    .send(file.open());
}

/** Documentation schema of a file answer (not serialised: streams bypass the serializer). */
export const fileAnswerSchema = {
  description: 'The installer file (Content-Disposition: attachment; filename=...).',
  type: 'string',
  format: 'binary',
} as const;
