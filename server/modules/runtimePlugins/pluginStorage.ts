import path from 'node:path';

import { type FileStorage, storageFromConfig } from '../gluon/public';

/**
 * Where runtime plugins' assets live: the object store the gluon uploads use (STORAGE_URL, else
 * GLUON_STORAGE_DIR), under its own `runtime-plugins/` prefix, so every instance serves them and
 * neither module's clean-up can remove the other's files (both address files by their sha256).
 */
export function pluginStorageFromConfig(config: Parameters<typeof storageFromConfig>[0]): FileStorage {
  return storageFromConfig({
    s3: config.s3 ? { ...config.s3, prefix: `${config.s3.prefix}runtime-plugins/` } : null,
    storageDir: path.join(config.storageDir, 'runtime-plugins'),
  });
}
