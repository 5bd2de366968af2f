import { DEFAULT_ZIP_LIMITS, type SafeZip, type ZipLimits } from '../android/safeZip';
import { type ArchiveInput, tarBytes } from '../archiveBytes';
import { DEFAULT_ARCHIVE_LIMITS } from '../safeArchive';
import { readTar, type TarLimits } from '../tarReader';
import { BackupError } from './backupError';

/**
 * The files of a zipped or tarred backup folder, wherever the folder sits (the archive's root, or
 * one folder down: the device's UDID folder as Finder names it). A zip is read entry by entry in
 * any order; a tar is a stream, so the files wanted are read in one more pass, in archive order.
 */
export interface BackupSource {
  /** Folder holding Manifest.db ('' for the archive's root). */
  root: string;
  /** Size of a file, by its path under `root`; undefined when absent. */
  size(path: string): number | undefined;
  /** Reads each wanted file that is present (at most `maxBytes` each), calling `visit` in the source's order. */
  each(paths: string[], maxBytes: number, visit: (path: string, data: Buffer) => Promise<void>): Promise<void>;
  entries: number;
  totalBytes: number;
  /** Releases the archive (a zip read from a path holds its file open). */
  close(): void;
}

/**
 * A phone's backup holds some hundred thousand files and up to hundreds of GB (photos, videos),
 * of which only Manifest.db and the modules' databases are ever inflated: entry counts and
 * declared sizes are bounded for a whole phone, the bytes read by the zip's read budget and the
 * SQLite bounds.
 */
export const BACKUP_ZIP_LIMITS: ZipLimits = {
  ...DEFAULT_ZIP_LIMITS,
  maxEntries: 1_000_000,
  maxEntryBytes: 64 * 1024 ** 3,
  maxTotalBytes: 1024 ** 4,
};
export const BACKUP_TAR_LIMITS: TarLimits = {
  ...DEFAULT_ARCHIVE_LIMITS,
  maxEntries: 1_000_000,
  maxEntryBytes: 64 * 1024 ** 3,
  maxTotalBytes: 1024 ** 4,
};

const MANIFEST_FILES = ['Manifest.db', 'Manifest.plist'];
const HASHED = /^[0-9a-f]{2}\/[0-9a-f]{40}$/;

const dirOf = (path: string): string => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const join = (dir: string, name: string): string => (dir ? `${dir}/${name}` : name);

/** The folder of a backup among these paths: where Manifest.db or Manifest.plist is, at depth 0 or 1. */
function backupRoot(paths: Iterable<string>): string | null {
  for (const path of paths) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    if (!MANIFEST_FILES.includes(name)) continue;
    const dir = dirOf(path);
    if (!dir.includes('/')) return dir;
  }
  return null;
}

/** Whether a zip holds a backup folder (its Manifest at the root or one folder down). */
export function zipBackupRoot(zip: SafeZip): string | null {
  return backupRoot(zip.files.keys());
}

export function zipSource(zip: SafeZip, root: string): BackupSource {
  return {
    root,
    entries: zip.entries.length,
    totalBytes: zip.totalBytes,
    close: () => zip.close(),
    size: (path) => zip.files.get(join(root, path))?.size,
    each: async (paths, maxBytes, visit) => {
      for (const path of paths) {
        const entry = zip.files.get(join(root, path));
        if (!entry) continue;
        if (entry.size > maxBytes) throw new BackupError('too-large', `${path} is larger than ${maxBytes} bytes`);
        await visit(path, await zip.read(entry));
      }
    },
  };
}

/** Entries looked at to tell a tarred backup from a sysdiagnose: a backup's hashed tree shows at once. */
const SNIFF_ENTRIES = 64;

/**
 * Whether a tar (plain or gzipped) is a backup folder: within its first entries, a Manifest file
 * or a file of the hashed tree (`<2 hex>/<40 hex>`) at the root or one folder down.
 */
export async function tarLooksLikeBackup(input: ArchiveInput): Promise<boolean> {
  let seen = 0;
  for await (const entry of readTar(tarBytes(input), BACKUP_TAR_LIMITS)) {
    const parts = entry.path.split('/');
    const name = parts[parts.length - 1]!;
    if (parts.length <= 2 && MANIFEST_FILES.includes(name)) return true;
    if (HASHED.test(parts.slice(-2).join('/')) && parts.length <= 3) return true;
    if (++seen >= SNIFF_ENTRIES) return false;
  }
  return false;
}

/**
 * A tarred backup: one pass lists it (and finds the folder), each `each` is one more pass. `open`
 * gives the archive's bytes from the start every time it is called.
 */
export async function tarSource(open: () => ArchiveInput): Promise<BackupSource> {
  const sizes = new Map<string, number>();
  let entries = 0;
  let totalBytes = 0;
  for await (const entry of readTar(tarBytes(open()), BACKUP_TAR_LIMITS)) {
    entries += 1;
    totalBytes += entry.size;
    if (entry.type === 'file') sizes.set(entry.path, entry.size);
  }
  const root = backupRoot(sizes.keys());
  if (root === null)
    throw new BackupError('layout', 'not an iPhone backup: no Manifest.db or Manifest.plist in the archive');
  return {
    root,
    entries,
    totalBytes,
    close: () => undefined,
    size: (path) => sizes.get(join(root, path)),
    each: async (paths, maxBytes, visit) => {
      const wanted = new Set(paths.map((p) => join(root, p)));
      let left = [...wanted].filter((p) => sizes.has(p)).length;
      if (left === 0) return;
      for await (const entry of readTar(tarBytes(open()), BACKUP_TAR_LIMITS)) {
        if (entry.type !== 'file' || !wanted.has(entry.path)) continue;
        wanted.delete(entry.path);
        if (entry.size > maxBytes) throw new BackupError('too-large', `${entry.path} is larger than ${maxBytes} bytes`);
        await visit(root ? entry.path.slice(root.length + 1) : entry.path, await entry.read());
        // The rest of the archive is not read once every wanted file was.
        if (--left === 0) return;
      }
    },
  };
}
