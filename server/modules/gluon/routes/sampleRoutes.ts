import type { FastifyReply } from 'fastify';

import type { RoutePlugin } from '../../../http/routePlugin';
import { sampleAndroidQf, sampleAndroidQfFolder, sampleSysdiagnose } from '../services/sampleUploads';

export const SAMPLE_SYSDIAGNOSE_PATH = '/dev/samples/sysdiagnose.tar.gz';
/** The Android sample: an AndroidQF output the example Android rule set flags. */
export const SAMPLE_ANDROID_PATH = '/dev/samples/androidqf.zip';
/** An AndroidQF folder zipped by hand, with SMS in a backup.ab: one links to a KingSpawn domain. */
export const SAMPLE_ANDROID_FOLDER_PATH = '/dev/samples/androidqf-folder.zip';
const FILE_NAME = 'sysdiagnose_2023.06.01_iPhone_sample.tar.gz';

/**
 * GET /dev/samples/sysdiagnose.tar.gz: something to upload on /gluon/upload when trying the
 * console, next to the example rule sets `npm start` seeds (its shutdown.log and Jetsam report
 * match DarkSword and Operation Triangulation indicators). Made-up data, no secret, so any client
 * may fetch it; registered only with GLUON_EXAMPLE_RULE_SETS (development).
 */
export const sampleRoutes: RoutePlugin = async (app) => {
  let archive: Buffer | null = null;
  app.get(
    SAMPLE_SYSDIAGNOSE_PATH,
    {
      schema: {
        summary: 'A sysdiagnose-like sample archive that the example rule sets flag (development only)',
        response: { 200: { type: 'string', format: 'binary', description: 'application/gzip' } },
      } as const,
    },
    async (_request, reply) => {
      archive ??= sampleSysdiagnose();
      // Bytes, not JSON: the binary schema documents them and a Buffer bypasses the serializer, so
      // they are sent through the untyped reply.
      const fileReply: FastifyReply = reply;
      return fileReply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${FILE_NAME}"`)
        .send(archive);
    },
  );
  let android: Buffer | null = null;
  app.get(
    SAMPLE_ANDROID_PATH,
    {
      schema: {
        summary:
          'An AndroidQF-like sample acquisition (zip) that the example Android rule set flags (development only)',
        response: { 200: { type: 'string', format: 'binary', description: 'application/zip' } },
      } as const,
    },
    async (_request, reply) => {
      android ??= sampleAndroidQf();
      const fileReply: FastifyReply = reply;
      return fileReply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="androidqf_sample.zip"')
        .send(android);
    },
  );
  let folder: Buffer | null = null;
  app.get(
    SAMPLE_ANDROID_FOLDER_PATH,
    {
      schema: {
        summary:
          'An AndroidQF folder zipped by hand, with SMS in a backup.ab, one linking to a domain the example KingSpawn rule set flags (development only)',
        response: { 200: { type: 'string', format: 'binary', description: 'application/zip' } },
      } as const,
    },
    async (_request, reply) => {
      folder ??= sampleAndroidQfFolder();
      const fileReply: FastifyReply = reply;
      return fileReply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="androidqf_folder_sample.zip"')
        .send(folder);
    },
  );
};
