import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { openAsset } from './pluginAssets';
import { pluginStorageFromConfig } from './pluginStorage';
import { runtimeAnswer, sdkIndexReader } from './runtimeAnswer';
import { answering } from './runtimePluginRoutes';
import { runtimePluginsAnswerSchema } from './runtimePluginSchemas';

const nowS = () => Math.floor(Date.now() / 1000);

/** What the console loads at run time: the signed-in user's plugins and their assets. */
export const runtimeRoutes: RoutePlugin = async (app) => {
  const storage = pluginStorageFromConfig(app.config.gluon);
  const sdkIndex = sdkIndexReader(app.config.staticDir);
  const digest = (value: string) => app.tokens.digest(value);

  app.get(
    '/plugins-backend/runtime',
    {
      preHandler: app.authenticate(),
      schema: {
        summary:
          "The runtime plugins the caller's permissions allow, their asset URLs (under a grant for this user, valid until expiresAt) and the import map with an integrity hash per URL. ETag; 304 on If-None-Match.",
        security: bearerSecurity,
        response: {
          200: runtimePluginsAnswerSchema,
          304: { type: 'null', description: 'Unchanged since the ETag sent' },
          ...errors(401),
        },
      },
    },
    async (request, reply) => {
      const { answer, etag } = await runtimeAnswer(
        { db: app.db, digest, sdkIndex },
        { userId: request.auth.userId, perms: request.auth.perms },
        nowS(),
      );
      reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return answer;
    },
  );

  app.get(
    '/plugins-backend/assets/:grant/:id/:version/*',
    {
      schema: {
        summary:
          'One asset of a runtime plugin, for the holder of its grant (the URL from /plugins-backend/runtime): 403 without a valid grant for this plugin or when its user may no longer use it.',
        params: {
          type: 'object',
          properties: {
            grant: { type: 'string', maxLength: 100 },
            id: { type: 'string', maxLength: 40 },
            version: { type: 'string', maxLength: 40 },
            '*': { type: 'string', maxLength: 200 },
          },
          required: ['grant', 'id', 'version', '*'],
          additionalProperties: false,
        },
        response: {
          200: { type: 'string', format: 'binary', description: 'The asset bytes' },
          ...errors(403, 404),
        },
      },
    },
    async (request, reply) => {
      const { grant, id, version } = request.params;
      const asset = await answering(() =>
        openAsset({ db: app.db, storage, digest }, { grant, id, version, path: request.params['*'] }, nowS()),
      );
      // Fastify sends the Buffer as is; the schema documents the bytes as a binary string, hence the cast.
      return reply
        .header('Content-Type', asset.contentType)
        .header('Content-Length', asset.size)
        .header('Cache-Control', 'private, max-age=3600, immutable')
        .send(asset.body as unknown as string);
    },
  );
};
