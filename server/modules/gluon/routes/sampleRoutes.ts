import type { FastifyPluginAsync } from 'fastify';
import { sampleSysdiagnose } from '../services/sampleUploads';

export const SAMPLE_SYSDIAGNOSE_PATH = '/dev/samples/sysdiagnose.tar.gz';
const FILE_NAME = 'sysdiagnose_2023.06.01_iPhone_sample.tar.gz';

/**
 * GET /dev/samples/sysdiagnose.tar.gz: something to upload on /gluon/upload when trying the
 * console, next to the example rule sets `npm start` seeds (its shutdown.log and Jetsam report
 * match DarkSword and Operation Triangulation indicators). Made-up data, no secret, so any client
 * may fetch it; registered only with GLUON_EXAMPLE_RULE_SETS (development).
 */
export const sampleRoutes: FastifyPluginAsync = async (app) => {
  let archive: Buffer | null = null;
  app.get(
    SAMPLE_SYSDIAGNOSE_PATH,
    {
      schema: {
        tags: ['development'],
        summary: 'A sysdiagnose-like sample archive that the example rule sets flag (development only)',
        response: { 200: { type: 'string', format: 'binary', description: 'application/gzip' } },
      },
    },
    async (_request, reply) => {
      archive ??= sampleSysdiagnose();
      return reply.type('application/gzip').header('content-disposition', `attachment; filename="${FILE_NAME}"`).send(archive);
    },
  );
};
