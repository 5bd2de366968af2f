import type { FastifyBaseLogger } from 'fastify';

import { sdkCompatible } from '@common/runtimePlugins/sdkVersion';

import type { Queryable } from '../../contracts';
import { listPlugins } from './pluginRepository';
import { manifestProblem } from './verifyPackage';

/** Logs every stored plugin this console will not serve (the runtime answer leaves them out); answers their ids. */
export async function checkStoredManifests(db: Queryable, log: Pick<FastifyBaseLogger, 'warn'>): Promise<string[]> {
  const refused: string[] = [];
  try {
    for (const plugin of await listPlugins(db)) {
      const problem =
        manifestProblem(plugin.manifest) ??
        (sdkCompatible(plugin.manifest.sdk) ? null : `needs SDK ${plugin.manifest.sdk}`) ??
        (plugin.keyTrusted ? null : `its key ${plugin.keyId} is no longer trusted`);
      if (problem) {
        refused.push(plugin.id);
        log.warn({ plugin: plugin.id, version: plugin.version, problem }, 'runtime plugin not served');
      }
    }
  } catch (error) {
    log.warn({ err: error }, 'runtime plugins: the start check could not read the installed plugins');
  }
  return refused;
}
