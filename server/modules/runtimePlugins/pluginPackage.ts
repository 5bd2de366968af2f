import { ArchiveError, readTar, tarBytes, type TarLimits } from '../inspection/public';

/** Why a package is refused; `status` is the answer (400 format, 409 clash, 422 signature), the message is shown as is. */
export class PluginRefused extends Error {
  override readonly name = 'PluginRefused';
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 422,
    message: string,
  ) {
    super(message);
  }
}

export const PACKAGE_LIMITS = {
  /** Sum of the files' sizes once unpacked. */
  maxUnpackedBytes: 10 * 1024 * 1024,
  maxFiles: 200,
  maxFileBytes: 5 * 1024 * 1024,
} as const;

/** The gzip'd package as sent: a little over the unpacked limit (tar headers, incompressible assets). */
export const MAX_PACKAGE_BYTES = PACKAGE_LIMITS.maxUnpackedBytes + 1024 * 1024;

const TAR_LIMITS: TarLimits = {
  // Directories count as entries too; files are counted below.
  maxEntries: PACKAGE_LIMITS.maxFiles * 2 + 2,
  maxTotalBytes: PACKAGE_LIMITS.maxUnpackedBytes + (PACKAGE_LIMITS.maxFiles * 2 + 4) * 1536,
  maxEntryBytes: PACKAGE_LIMITS.maxFileBytes,
  maxDepth: 16,
  maxPathLength: 220,
};

/** An asset path as the format allows it: [A-Za-z0-9._-/], no `..`, no empty or dot segment, not absolute. */
export const ASSET_PATH = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

export interface PluginPackage {
  manifestBytes: Buffer;
  signatureBytes: Buffer;
  /** Asset path (without `assets/`) → bytes. */
  assets: Map<string, Buffer>;
  /** Sum of every file's size. */
  sizeBytes: number;
}

/**
 * Reads a `.consoleplugin.tgz` in memory with the inspection engine's tar reader (paths already
 * refused when absolute or climbing out with `..`), refusing links, devices, unknown files and
 * anything past the limits. Nothing is written anywhere.
 */
export async function readPluginPackage(bytes: Buffer): Promise<PluginPackage> {
  if (bytes.length > MAX_PACKAGE_BYTES)
    throw new PluginRefused(400, `The package is larger than ${MAX_PACKAGE_BYTES / (1024 * 1024)} MiB.`);
  let manifestBytes: Buffer | undefined;
  let signatureBytes: Buffer | undefined;
  const assets = new Map<string, Buffer>();
  let files = 0;
  let sizeBytes = 0;
  try {
    for await (const entry of readTar(tarBytes(bytes), TAR_LIMITS)) {
      if (entry.type === 'directory') continue;
      if (entry.type !== 'file')
        throw new PluginRefused(400, `The package entry ${entry.path} is not a regular file (links are not allowed).`);
      files += 1;
      if (files > PACKAGE_LIMITS.maxFiles)
        throw new PluginRefused(400, `The package has more than ${PACKAGE_LIMITS.maxFiles} files.`);
      sizeBytes += entry.size;
      if (sizeBytes > PACKAGE_LIMITS.maxUnpackedBytes)
        throw new PluginRefused(
          400,
          `The package is too large: larger than ${PACKAGE_LIMITS.maxUnpackedBytes / (1024 * 1024)} MiB unpacked.`,
        );
      const data = await entry.read();
      if (entry.path === 'manifest.json' && !manifestBytes) manifestBytes = data;
      else if (entry.path === 'signature.json' && !signatureBytes) signatureBytes = data;
      else if (entry.path.startsWith('assets/')) {
        const path = entry.path.slice('assets/'.length);
        if (!ASSET_PATH.test(path))
          throw new PluginRefused(400, `The asset path ${JSON.stringify(path)} has characters a package may not use.`);
        if (assets.has(path)) throw new PluginRefused(400, `The package holds the asset ${path} twice.`);
        assets.set(path, data);
      } else
        throw new PluginRefused(
          400,
          `The package holds ${JSON.stringify(entry.path)}, which is not part of the format.`,
        );
    }
  } catch (error) {
    if (error instanceof ArchiveError) {
      if (error.code === 'too-large' || error.code === 'too-many-entries')
        throw new PluginRefused(
          400,
          `The package is too large (at most 10 MiB unpacked, 5 MiB per file, ${PACKAGE_LIMITS.maxFiles} files): ${error.message}`,
        );
      throw new PluginRefused(400, `The package is not a valid plugin archive: ${error.message}.`);
    }
    throw error;
  }
  if (!manifestBytes) throw new PluginRefused(400, 'The package has no manifest.json.');
  if (!signatureBytes) throw new PluginRefused(422, 'The package is not signed (it has no signature.json).');
  return { manifestBytes, signatureBytes, assets, sizeBytes };
}
