import type { FastifyReply } from 'fastify';

import type { RoutePlugin } from '../../../http/routePlugin';
import { aftermathZip, MAC_SAMPLE } from '../../inspection/public';

export const SAMPLE_AFTERMATH_PATH = '/dev/samples/aftermath.zip';

/**
 * GET /dev/samples/aftermath.zip: a made-up Aftermath archive of a Mac to upload on
 * /electron/upload (its launch agent's binary and domain are in the example macOS rule set, and
 * that binary holds Full Disk Access). No secret; registered only in development.
 */
export const sampleRoutes: RoutePlugin = async (app) => {
  let archive: Promise<Buffer> | null = null;
  app.get(
    SAMPLE_AFTERMATH_PATH,
    {
      schema: {
        summary: 'An Aftermath-like sample archive of a Mac that the example macOS rule set flags (development only)',
        response: { 200: { type: 'string', format: 'binary', description: 'application/zip' } },
      } as const,
    },
    async (_request, reply) => {
      archive ??= aftermathZip();
      const fileReply: FastifyReply = reply;
      return fileReply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="Aftermath_${MAC_SAMPLE.serial}.zip"`)
        .send(await archive);
    },
  );
};
