import { canReadRuntimePlugins, canWriteRuntimePlugins } from '@common/runtimePlugins/access';

import { type AuthContext, HttpError } from '../../contracts';
import type { RoutePlugin } from '../../http/routePlugin';
import { bearerSecurity, errors } from '../../schemas';
import { MAX_PACKAGE_BYTES, PluginRefused } from './pluginPackage';
import { pluginStorageFromConfig } from './pluginStorage';
import { runtimePluginItemSchema, runtimePluginListSchema } from './runtimePluginSchemas';
import { installPlugin, listInstalled, removePlugin, type RuntimePluginDeps } from './runtimePluginService';

/** A refusal becomes the answer the Administration page shows as is. */
export async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PluginRefused) throw new HttpError(error.status, error.message);
    throw error;
  }
}

/** Installing and removing runtime plugins (umg#plg#rw), listing them and the trusted keys (umg#plg#r). */
export const runtimePluginAdminRoutes: RoutePlugin = async (app) => {
  // Only this plugin reads raw bodies; the limit is above the package limit so the size refusal
  // is the service's own 400 with its message.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_PACKAGE_BYTES * 2 },
    (_request, body, done) => done(null, body),
  );
  const storage = pluginStorageFromConfig(app.config.gluon);
  const depsFor = (auth: AuthContext, ip: string): RuntimePluginDeps => ({
    db: app.db,
    storage,
    staticDir: app.config.staticDir,
    audit: (action, target, details) =>
      app.audit({ tenantId: auth.tenantId, actorId: auth.userId, action, target, details, ip }),
  });

  app.get(
    '/plugins-backend/admin/plugins',
    {
      preHandler: app.authenticate({ allow: canReadRuntimePlugins }),
      schema: {
        summary: 'The installed runtime plugins and the trusted signing keys. Needs umg#plg#r or umg#plg#rw.',
        security: bearerSecurity,
        response: { 200: runtimePluginListSchema, ...errors(401, 403) },
      },
    },
    async () => listInstalled(app.db),
  );

  app.post(
    '/plugins-backend/admin/plugins',
    {
      preHandler: app.authenticate({ allow: canWriteRuntimePlugins }),
      schema: {
        summary:
          'Installs or upgrades a runtime plugin. Body: the signed `.consoleplugin.tgz` (application/octet-stream). 400 bad package or manifest, 409 a clash (id, prefix, route) or no higher version, 422 signature; nothing is stored on refusal. Needs umg#plg#rw.',
        security: bearerSecurity,
        headers: {
          type: 'object',
          properties: { 'content-type': { type: 'string', pattern: '^application/octet-stream(?:\\s*;.*)?$' } },
          required: ['content-type'],
        },
        response: { 201: runtimePluginItemSchema, ...errors(400, 401, 403, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, 'Send the package as application/octet-stream.');
      const body = request.body;
      const item = await answering(() => installPlugin(depsFor(request.auth, request.ip), body, request.auth.userId));
      return reply.code(201).send(item);
    },
  );

  app.delete(
    '/plugins-backend/admin/plugins/:id',
    {
      preHandler: app.authenticate({ allow: canWriteRuntimePlugins }),
      schema: {
        summary:
          "Removes a runtime plugin: its routes leave users' consoles on their next navigation. Needs umg#plg#rw.",
        security: bearerSecurity,
        params: {
          type: 'object',
          properties: { id: { type: 'string', maxLength: 40 } },
          required: ['id'],
          additionalProperties: false,
        },
        response: { 204: { type: 'null', description: 'Removed' }, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await answering(() => removePlugin(depsFor(request.auth, request.ip), request.params.id));
      return reply.code(204).send(null);
    },
  );
};
