import { createFsStorage, type FileStorage } from './fileStorage';
import type { GluonConfig } from './gluonConfig';
import { createS3Client, createS3Storage } from './s3Storage';

/** The storage the configuration names: the object store of STORAGE_URL, else the folder GLUON_STORAGE_DIR. */
export function storageFromConfig(config: Pick<GluonConfig, 's3' | 'storageDir'>): FileStorage {
  return config.s3 ? createS3Storage(createS3Client(config.s3), config.s3) : createFsStorage(config.storageDir);
}
