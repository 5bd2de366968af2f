import type { FastifyReply } from 'fastify';

import type { RoutePlugin } from '../../../http/routePlugin';
import { backupArchive, generateIosBackup, SAMPLE_BACKUP_PASSWORD } from '../../inspection/public';

/** The iPhone sample: an encrypted iTunes/Finder backup (password in the README) whose SMS link DarkSword flags. */
export const SAMPLE_IOS_BACKUP_PATH = '/dev/samples/iphone-backup.zip';
export const SAMPLE_IOS_BACKUP_FILE = 'iphone_backup_sample_encrypted.zip';

/**
 * GET /dev/samples/iphone-backup.zip: made by our generator (no real device, no secret; its
 * password, `gluon-sample`, is written in the README), registered with the other samples
 * (GLUON_EXAMPLE_RULE_SETS, development only).
 */
export const iosBackupSampleRoute: RoutePlugin = async (app) => {
  let backup: Promise<Buffer> | null = null;
  app.get(
    SAMPLE_IOS_BACKUP_PATH,
    {
      schema: {
        summary: `An encrypted iPhone backup sample (zip; password "${SAMPLE_BACKUP_PASSWORD}") whose SMS link the example DarkSword rule set flags (development only)`,
        response: { 200: { type: 'string', format: 'binary', description: 'application/zip' } },
      } as const,
    },
    async (_request, reply) => {
      backup ??= generateIosBackup({ password: SAMPLE_BACKUP_PASSWORD }).then((b) => backupArchive(b));
      const fileReply: FastifyReply = reply;
      return fileReply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${SAMPLE_IOS_BACKUP_FILE}"`)
        .send(await backup);
    },
  );
};
