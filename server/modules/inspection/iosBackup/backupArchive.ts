import { createZip } from '../android/testZip';
import { createTar, createTarGz } from '../tarWriter';
import type { GeneratedBackup } from './backupGenerator';

/** A generated backup as an archive of its folder (named by the device's UDID, as Finder does). */
export function backupArchive(
  backup: GeneratedBackup,
  format: 'zip' | 'tar' | 'tar.gz' = 'zip',
  folder = '00008030-001A2B3C4D5E802E',
): Buffer {
  const entries = backup.entries.map((e) => ({ name: folder ? `${folder}/${e.path}` : e.path, data: e.data }));
  if (format === 'zip') return createZip(entries);
  const tar = entries.map((e) => ({ path: e.name, data: e.data }));
  return format === 'tar' ? createTar(tar) : createTarGz(tar);
}
